import { Center, Spinner, Stack } from '@chakra-ui/react';
import { brokerDetentionInput, type BrokerDetention } from '#shared/schemas/geofences.js';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { notify } from '../../components/toaster';
import { useFailureToast } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/use-form';

const termsForm = brokerDetentionInput.omit({ brokerId: true });

/**
 * A broker's detention terms (issue 31, item 4): free hours at a stop (blank: the company's
 * default) and the hourly detention rate (blank: no detention billed).
 */
export function BrokerDetentionDialog({ brokerId, brokerName, onClose }: { brokerId: string; brokerName: string; onClose: () => void }) {
  const terms = trpc.geofences.brokerTerms.useQuery({ brokerId });
  useFailureToast(terms, 'Failed to load detention terms');
  if (!terms.data) {
    return (
      <FormDialog
        open
        onOpenChange={(open) => (open ? undefined : onClose())}
        title={`Detention: ${brokerName}`}
        submitLabel="Save"
        busyLabel="Saving..."
        isPending
        onSubmit={() => {}}
      >
        <Center py="6" role="status">
          <Spinner color="blue.600" aria-label="Loading detention terms" />
        </Center>
      </FormDialog>
    );
  }
  return <TermsForm terms={terms.data} brokerName={brokerName} onClose={onClose} />;
}

function TermsForm({ terms, brokerName, onClose }: { terms: BrokerDetention; brokerName: string; onClose: () => void }) {
  const utils = trpc.useUtils();
  const form = useZodForm(termsForm, { detentionFreeHours: terms.detentionFreeHours ?? '', detentionRate: terms.detentionRate ?? '' });
  const save = trpc.geofences.setBrokerTerms.useMutation();
  const onSubmit = form.handleSubmit((values) =>
    save.mutate(
      { brokerId: terms.brokerId, ...values },
      {
        onSuccess: (next) => {
          utils.geofences.brokerTerms.setData({ brokerId: terms.brokerId }, next);
          notify.success('Detention terms saved');
          onClose();
        },
        onError: form.fail('Failed to save detention terms'),
      },
    ),
  );
  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Detention: ${brokerName}`}
      description="Time at a stop beyond the free time is billed at the hourly rate."
      submitLabel="Save"
      busyLabel="Saving..."
      isPending={save.isPending}
      onSubmit={onSubmit}
    >
      <Stack gap="4">
        <FormField
          control={form.control}
          name="detentionFreeHours"
          label="Detention free hours"
          placeholder="Company default"
          helperText="Blank: the company's default free time."
        />
        <FormField
          control={form.control}
          name="detentionRate"
          label="Detention rate ($/hour)"
          placeholder="e.g. 75.00"
          helperText="Blank: no detention is billed for this broker."
        />
      </Stack>
    </FormDialog>
  );
}
