import { useState } from 'react';
import { Field, Input, SimpleGrid, Text } from '@chakra-ui/react';
import type { LoadListItem } from '#shared/schemas/loads.js';
import { FormDialog } from '../../components/FormDialog';
import { reportFailure } from '../../lib/errors';
import { errorDetails } from '../../lib/trpc';
import { localToday } from './board-filters';
import { useDuplicateLoad } from './use-load-actions';

/** Days from one "YYYY-MM-DD" to another (whole days, UTC, so no time zone shifts them). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * "Duplicate" (issue 26, item 2): a new load from this one, with the company's next load number
 * and new dates: pickup today and delivery as far after it as the original's, to change. A date
 * the server refuses is named beside its field.
 */
export function DuplicateLoadDialog({
  load,
  onClose,
  onDuplicated,
}: {
  load: LoadListItem;
  onClose: () => void;
  onDuplicated: (loadId: string) => void;
}) {
  const today = localToday();
  const span = load.pickupDate && load.deliveryDate ? Math.max(0, daysBetween(load.pickupDate, load.deliveryDate)) : null;
  const [pickupDate, setPickupDate] = useState(today);
  const [deliveryDate, setDeliveryDate] = useState(span === null ? '' : addDays(today, span));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const duplicate = useDuplicateLoad();

  const submit = () => {
    if (pickupDate && deliveryDate && deliveryDate < pickupDate) {
      setErrors({ deliveryDate: 'Delivery date cannot be before the pickup date' });
      return;
    }
    setErrors({});
    duplicate.mutate(
      { id: load.id, pickupDate: pickupDate || undefined, deliveryDate: deliveryDate || undefined },
      {
        onSuccess: (created) => onDuplicated(created.id),
        onError: (error) => {
          const details = errorDetails(error);
          setErrors({ ...details.fieldErrors, ...(details.field ? { [details.field]: details.message } : {}) });
          reportFailure('Failed to duplicate load', error);
        },
      },
    );
  };

  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Duplicate ${load.loadNumber}`}
      description="A new pending load with the same lane, commodity, rate, broker and carrier, and the next load number."
      submitLabel="Duplicate"
      busyLabel="Duplicating..."
      isPending={duplicate.isPending}
      onSubmit={submit}
    >
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <Field.Root invalid={Boolean(errors.pickupDate)}>
          <Field.Label>New pickup date</Field.Label>
          <Input type="date" value={pickupDate} onChange={(event) => setPickupDate(event.target.value)} />
          {errors.pickupDate ? <Field.ErrorText>{errors.pickupDate}</Field.ErrorText> : null}
        </Field.Root>
        <Field.Root invalid={Boolean(errors.deliveryDate)}>
          <Field.Label>New delivery date</Field.Label>
          <Input type="date" value={deliveryDate} onChange={(event) => setDeliveryDate(event.target.value)} />
          {errors.deliveryDate ? <Field.ErrorText>{errors.deliveryDate}</Field.ErrorText> : null}
        </Field.Root>
      </SimpleGrid>
      {errors.id ? (
        <Text color="red.700" fontSize="sm" mt="3">
          {errors.id}
        </Text>
      ) : null}
    </FormDialog>
  );
}
