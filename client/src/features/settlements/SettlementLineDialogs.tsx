import { Stack, Text } from '@chakra-ui/react';
import {
  addLineInput,
  markPaidInput,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  rateInput,
  removeLineInput,
  SETTLEMENT_LINE_KIND_LABELS,
  updateLineInput,
  type SettlementDetail,
  type SettlementLine,
  type SettlementLineKind,
} from '#shared/schemas/settlements.js';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { SelectField } from '../../components/SelectField';
import { notify } from '../../components/toaster';
import { formatMoney } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/use-form';
import { localToday } from '#shared/schemas/invoices.js';
import { sameValue } from './settlement-rules';
import { blankAsNull, useRefreshSettlements } from './use-settlements';

/** The kinds a person adds by hand (load pay is gathered from the loads). */
const ADDABLE_KINDS: SettlementLineKind[] = ['extra_pay', 'deduction', 'advance', 'advance_repayment', 'escrow', 'adjustment'];
const KIND_OPTIONS = ADDABLE_KINDS.map((kind) => ({ value: kind, label: SETTLEMENT_LINE_KIND_LABELS[kind] }));
const METHOD_OPTIONS = PAYMENT_METHODS.map((method) => ({ value: method, label: PAYMENT_METHOD_LABELS[method] }));

const REASON_HELP = 'Kept with the line and shown on the audit trail.';

/** The edit form: every field the line has, and the reason; empty quantity or rate fields clear them. */
const editLineForm = updateLineInput.omit({ id: true }).extend({
  quantity: blankAsNull(rateInput('Quantity')).optional(),
  unitRate: blankAsNull(rateInput('Unit rate')).optional(),
});

/** Edit a draft settlement's line: description, quantity, rate, amount, and a required reason; only what changed is sent. */
export function EditLineDialog({ line, onClose }: { line: SettlementLine; onClose: () => void }) {
  const refresh = useRefreshSettlements();
  const update = trpc.settlements.updateLine.useMutation({ onSettled: refresh });
  const form = useZodForm(editLineForm, {
    description: line.description,
    quantity: line.quantity ?? '',
    unitRate: line.unitRate ?? '',
    amount: line.amount,
    reason: '',
  });
  const onSubmit = form.handleSubmit((input) => {
    const changed = <Key extends 'description' | 'quantity' | 'unitRate' | 'amount'>(key: Key) =>
      input[key] !== undefined && !sameValue(input[key], line[key]) ? { [key]: input[key] } : {};
    update.mutate(
      {
        id: line.id,
        ...changed('description'),
        ...changed('quantity'),
        ...changed('unitRate'),
        ...changed('amount'),
        reason: input.reason,
      },
      {
        onSuccess: () => {
          notify.success('Line updated', line.description);
          onClose();
        },
        onError: form.fail('Failed to update the line'),
      },
    );
  });
  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Edit line"
      description={line.loadNumber ? `Load ${line.loadNumber}${line.lane ? ` · ${line.lane}` : ''}` : line.description}
      submitLabel="Save line"
      busyLabel="Saving..."
      isPending={update.isPending}
      onSubmit={(event) => void onSubmit(event)}
    >
      <Stack gap="4">
        <FormField control={form.control} name="description" label="Description" required maxLength={200} />
        {line.quantity !== null || line.unitRate !== null ? (
          <Stack direction={{ base: 'column', sm: 'row' }} gap="4">
            <FormField control={form.control} name="quantity" label="Quantity" type="number" step="any" min={0} />
            <FormField control={form.control} name="unitRate" label="Rate" type="number" step="any" min={0} />
          </Stack>
        ) : null}
        <FormField
          control={form.control}
          name="amount"
          label="Amount"
          type="number"
          step={0.01}
          required
          helperText="Pay is positive, a deduction negative."
        />
        <FormField control={form.control} name="reason" label="Reason" required multiline={2} maxLength={500} helperText={REASON_HELP} />
      </Stack>
    </FormDialog>
  );
}

const addLineForm = addLineInput.omit({ settlementId: true, loadId: true });

/** Add a line to a draft settlement: its kind, description, signed amount and a required reason. */
export function AddLineDialog({ settlement, onClose }: { settlement: SettlementDetail; onClose: () => void }) {
  const refresh = useRefreshSettlements();
  const add = trpc.settlements.addLine.useMutation({ onSettled: refresh });
  const form = useZodForm(addLineForm, { kind: 'adjustment', description: '', amount: '', reason: '' });
  const onSubmit = form.handleSubmit((input) =>
    add.mutate(
      { settlementId: settlement.id, ...input },
      {
        onSuccess: () => {
          notify.success('Line added', input.description);
          onClose();
        },
        onError: form.fail('Failed to add the line'),
      },
    ),
  );
  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Add line"
      description={`To ${settlement.driverName}'s settlement`}
      submitLabel="Add line"
      busyLabel="Adding..."
      isPending={add.isPending}
      onSubmit={(event) => void onSubmit(event)}
    >
      <Stack gap="4">
        <SelectField control={form.control} name="kind" label="Kind" required options={KIND_OPTIONS} />
        <FormField control={form.control} name="description" label="Description" required maxLength={200} />
        <FormField
          control={form.control}
          name="amount"
          label="Amount"
          type="number"
          step={0.01}
          required
          helperText="Pay is positive, a deduction negative (-50.00)."
        />
        <FormField control={form.control} name="reason" label="Reason" required multiline={2} maxLength={500} helperText={REASON_HELP} />
      </Stack>
    </FormDialog>
  );
}

const removeLineForm = removeLineInput.omit({ id: true });

/** Remove a line, after saying which and with a required reason (the confirmation of a removal). */
export function RemoveLineDialog({ line, onClose }: { line: SettlementLine; onClose: () => void }) {
  const refresh = useRefreshSettlements();
  const remove = trpc.settlements.removeLine.useMutation({ onSettled: refresh });
  const form = useZodForm(removeLineForm, { reason: '' });
  const onSubmit = form.handleSubmit((input) =>
    remove.mutate(
      { id: line.id, reason: input.reason },
      {
        onSuccess: () => {
          notify.success('Line removed', line.description);
          onClose();
        },
        onError: form.fail('Failed to remove the line'),
      },
    ),
  );
  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Remove line"
      description={`Remove "${line.description}" (${formatMoney(line.amount)}) from this settlement? The removal and its reason are kept on the audit trail.`}
      submitLabel="Remove line"
      busyLabel="Removing..."
      isPending={remove.isPending}
      onSubmit={(event) => void onSubmit(event)}
    >
      <FormField control={form.control} name="reason" label="Reason" required multiline={2} maxLength={500} helperText={REASON_HELP} />
    </FormDialog>
  );
}

const markPaidForm = markPaidInput.omit({ id: true });

/** "Mark paid": the date (today by default), the method and an optional reference (a check number, an ACH trace). */
export function MarkPaidDialog({ settlement, onClose }: { settlement: SettlementDetail; onClose: () => void }) {
  const refresh = useRefreshSettlements();
  const markPaid = trpc.settlements.markPaid.useMutation({ onSettled: refresh });
  const form = useZodForm(markPaidForm, { paidOn: localToday(), method: 'ach', reference: '' });
  const onSubmit = form.handleSubmit((input) =>
    markPaid.mutate(
      { id: settlement.id, ...input, reference: input.reference || null },
      {
        onSuccess: () => {
          notify.success('Settlement paid', `${settlement.driverName}: ${formatMoney(settlement.net)}`);
          onClose();
        },
        onError: form.fail('Failed to mark the settlement paid'),
      },
    ),
  );
  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Mark paid"
      submitLabel="Mark paid"
      busyLabel="Saving..."
      isPending={markPaid.isPending}
      onSubmit={(event) => void onSubmit(event)}
    >
      <Stack gap="4">
        <Text>
          {settlement.driverName}: net {formatMoney(settlement.net)}
        </Text>
        <FormField control={form.control} name="paidOn" label="Paid on" type="date" required />
        <SelectField control={form.control} name="method" label="Method" required options={METHOD_OPTIONS} />
        <FormField
          control={form.control}
          name="reference"
          label="Reference"
          maxLength={100}
          helperText="A check number or a transfer reference."
        />
      </Stack>
    </FormDialog>
  );
}
