import { Stack } from '@chakra-ui/react';
import { z } from 'zod';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { SelectField } from '../../components/SelectField';
import { notify } from '../../components/toaster';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/use-form';

/** The dialog's fields: a driver and the day they take the truck. */
const assignForm = z.object({
  driverId: z.string().min(1, 'Choose a driver'),
  startsAt: z.iso.date('Start date must be a valid date'),
});

const localToday = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

/** Today starts now; another day at its local midnight. */
export const startOf = (date: string) => (date === localToday() ? new Date() : new Date(`${date}T00:00`)).toISOString();

/**
 * Assign Driver: puts a driver in the truck from a date on. The truck's previous driver and the
 * driver's previous truck are released then (the server ends both assignments).
 */
export function AssignDriverDialog({ truckId, truckUnit, onClose }: { truckId: string; truckUnit: string; onClose: () => void }) {
  const options = trpc.loads.formOptions.useQuery();
  const utils = trpc.useUtils();
  const assign = trpc.trucks.assignDriver.useMutation({
    onSuccess: () => void Promise.all([utils.trucks.invalidate(), utils.loads.formOptions.invalidate()]),
  });
  const form = useZodForm(assignForm, { driverId: '', startsAt: localToday() });
  const drivers = (options.data?.drivers ?? []).map((driver) => ({ value: driver.id, label: driver.name }));
  const submit = form.handleSubmit((values) =>
    assign.mutate(
      { truckId, driverId: values.driverId, startsAt: startOf(values.startsAt) },
      {
        onSuccess: () => {
          notify.success('Driver assigned successfully');
          onClose();
        },
        onError: form.fail('Error'),
      },
    ),
  );
  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Assign Driver to ${truckUnit}`}
      description="The truck's current driver, and the driver's current truck, are released from this date."
      submitLabel="Assign Driver"
      busyLabel="Assigning..."
      isPending={assign.isPending}
      onSubmit={(event) => void submit(event)}
    >
      <Stack gap="4">
        <SelectField
          control={form.control}
          name="driverId"
          label="Driver"
          required
          options={drivers}
          placeholder={options.isLoading ? 'Loading drivers...' : 'Choose a driver'}
        />
        <FormField control={form.control} name="startsAt" label="Start Date" type="date" required />
      </Stack>
    </FormDialog>
  );
}
