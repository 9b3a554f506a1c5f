import { Stack } from '@chakra-ui/react';
import { createWebhookEndpointInput, type WebhookEvent } from '#shared/schemas/webhooks.js';
import { FormDialog } from '../../../components/FormDialog';
import { FormField } from '../../../components/FormField';
import { notify } from '../../../components/toaster';
import { trpc } from '../../../lib/trpc';
import { useZodForm } from '../../../lib/use-form';
import { EventsField } from './EventsField';

/** Add endpoint: its URL, a description and the events; on success the secret is handed to `onCreated` (shown once). */
export function AddEndpointDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (created: { url: string; secret: string }) => void;
}) {
  const utils = trpc.useUtils();
  const form = useZodForm(createWebhookEndpointInput, { url: '', description: '', events: [] as WebhookEvent[] });
  const create = trpc.webhooks.createEndpoint.useMutation();
  const onSubmit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (endpoint) => {
        notify.success('Endpoint added', endpoint.url);
        void utils.webhooks.listEndpoints.invalidate();
        onCreated({ url: endpoint.url, secret: endpoint.secret });
      },
      onError: form.fail('Failed to add endpoint'),
    }),
  );
  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Add webhook endpoint"
      description="Haulwise POSTs each chosen event to this URL, signed with the endpoint's secret."
      submitLabel="Add endpoint"
      busyLabel="Adding..."
      isPending={create.isPending}
      onSubmit={onSubmit}
      size="lg"
    >
      <Stack gap="4">
        <FormField
          control={form.control}
          name="url"
          label="URL"
          type="text"
          required
          placeholder="https://example.com/webhooks/haulwise"
          helperText="Must be https and reachable on the public internet."
        />
        <FormField control={form.control} name="description" label="Description" maxLength={200} placeholder="e.g. Accounting sync" />
        <EventsField control={form.control} name="events" />
      </Stack>
    </FormDialog>
  );
}
