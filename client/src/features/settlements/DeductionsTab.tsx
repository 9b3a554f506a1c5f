import { useState } from 'react';
import { Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useWatch } from 'react-hook-form';
import { Plus } from 'lucide-react';
import { createDeductionInput, DEDUCTION_KIND_LABELS, DEDUCTION_KINDS, type Deduction } from '#shared/schemas/settlements.js';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, type Column } from '../../components/DataTable';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { SelectField, type SelectOption } from '../../components/SelectField';
import { notify } from '../../components/toaster';
import { reportFailure, useFailureToast } from '../../lib/errors';
import { formatDate, formatMoney } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/use-form';
import { Money } from './PeriodsTab';
import { localToday } from '#shared/schemas/invoices.js';
import { blankAsNull, useRefreshSettlements } from './use-settlements';

const KIND_OPTIONS = DEDUCTION_KINDS.map((kind) => ({ value: kind, label: DEDUCTION_KIND_LABELS[kind] }));

/**
 * The Deductions tab: every deduction and advance (driver, kind, description, amount per week, the
 * advance's total or the escrow's target, the balance, since, ended), "Add deduction", and "End"
 * after a confirmation.
 */
export function DeductionsTab({ canChange }: { canChange: boolean }) {
  const deductions = trpc.settlements.listDeductions.useQuery({});
  useFailureToast(deductions);
  const refresh = useRefreshSettlements();
  const end = trpc.settlements.endDeduction.useMutation({ onSettled: refresh });
  const [adding, setAdding] = useState(false);
  const [ending, setEnding] = useState<Deduction | null>(null);

  const columns: Column<Deduction>[] = [
    { key: 'driver', header: 'Driver', cell: (deduction) => deduction.driverName },
    { key: 'kind', header: 'Kind', cell: (deduction) => DEDUCTION_KIND_LABELS[deduction.kind] },
    {
      key: 'description',
      header: 'Description',
      cell: (deduction) => (
        <Stack gap="0">
          <Text>{deduction.description}</Text>
          {deduction.enteredByName ? (
            <Text fontSize="xs" color="gray.700">
              By {deduction.enteredByName}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { key: 'amount', header: 'Per week', align: 'end', cell: (deduction) => <Money value={deduction.amount} /> },
    { key: 'total', header: 'Total / target', align: 'end', cell: (deduction) => <Money value={deduction.total} /> },
    { key: 'balance', header: 'Balance', align: 'end', cell: (deduction) => <Money value={deduction.balance} /> },
    { key: 'since', header: 'Since', cell: (deduction) => <Text whiteSpace="nowrap">{formatDate(deduction.startsOn)}</Text> },
    { key: 'ended', header: 'Ended', cell: (deduction) => <Text whiteSpace="nowrap">{formatDate(deduction.endedAt)}</Text> },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      cell: (deduction) =>
        canChange && !deduction.endedAt ? (
          <Button
            size="xs"
            variant="outline"
            colorPalette="red"
            aria-label={`End ${deduction.description} of ${deduction.driverName}`}
            onClick={() => setEnding(deduction)}
          >
            End
          </Button>
        ) : (
          '—'
        ),
    },
  ];

  return (
    <Stack gap="4" pt="4">
      <Flex justify="space-between" align={{ base: 'stretch', md: 'center' }} direction={{ base: 'column', md: 'row' }} gap="3">
        <Heading as="h2" size="lg">
          Deductions and advances
        </Heading>
        {canChange ? (
          <Button colorPalette="blue" onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" /> Add deduction
          </Button>
        ) : null}
      </Flex>
      <DataTable
        label="Deductions and advances"
        columns={columns}
        rows={deductions.data}
        rowKey={(deduction) => deduction.id}
        isLoading={deductions.isLoading}
        error={deductions.error}
        emptyText="No deductions yet. Add a fuel advance, a lease, insurance or an escrow with Add deduction."
        loadingText="Loading deductions..."
        onRetry={() => void deductions.refetch()}
      />
      {adding ? <AddDeductionDialog onClose={() => setAdding(false)} /> : null}
      <ConfirmDialog
        open={ending !== null}
        onOpenChange={(open) => (open ? undefined : setEnding(null))}
        title="End deduction"
        description={
          ending
            ? `End "${ending.description}" (${formatMoney(ending.amount)} a week) for ${ending.driverName}? No later settlement takes it; settlements already made keep their lines.`
            : ''
        }
        confirmLabel="End deduction"
        busyLabel="Ending..."
        isPending={end.isPending}
        onConfirm={() =>
          ending &&
          end.mutate(
            { id: ending.id },
            {
              onSuccess: () => {
                notify.success('Deduction ended', ending.description);
                setEnding(null);
              },
              onError: (error) => reportFailure('Failed to end the deduction', error),
            },
          )
        }
      />
    </Stack>
  );
}

/** The form: the total (an advance) or target (an escrow) is empty for the other kinds. */
const addDeductionForm = createDeductionInput.extend({ total: blankAsNull(createDeductionInput.shape.total).optional() });

const TOTAL_LABEL: Partial<Record<Deduction['kind'], string>> = { advance: 'Advance total', escrow: 'Escrow target' };

/** "Add deduction": driver, kind, description, amount per settlement, the total or target when it has one, and the first day. */
function AddDeductionDialog({ onClose }: { onClose: () => void }) {
  const drivers = trpc.drivers.list.useQuery({ limit: 100 });
  useFailureToast(drivers);
  const driverOptions: SelectOption[] = (drivers.data?.items ?? []).map((driver) => ({
    value: driver.id,
    label: `${driver.firstName} ${driver.lastName}`,
  }));
  const refresh = useRefreshSettlements();
  const create = trpc.settlements.createDeduction.useMutation({ onSettled: refresh });
  const form = useZodForm(addDeductionForm, {
    driverId: '',
    kind: 'one_off',
    description: '',
    amount: '',
    total: '',
    startsOn: localToday(),
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const totalLabel = kind ? TOTAL_LABEL[kind] : undefined;
  const onSubmit = form.handleSubmit((input) =>
    create.mutate(
      { ...input, total: totalLabel ? input.total : null },
      {
        onSuccess: (deduction) => {
          notify.success('Deduction added', `${deduction.driverName}: ${deduction.description}`);
          onClose();
        },
        onError: form.fail('Failed to add the deduction'),
      },
    ),
  );
  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Add deduction"
      description="Taken from the driver's settlements from its first day: once (one-off), every week (recurring), until the advance is repaid or the escrow reaches its target."
      submitLabel="Add deduction"
      busyLabel="Adding..."
      isPending={create.isPending}
      onSubmit={(event) => void onSubmit(event)}
    >
      <Stack gap="4">
        <SelectField control={form.control} name="driverId" label="Driver" required options={driverOptions} placeholder="Choose a driver" />
        <SelectField control={form.control} name="kind" label="Kind" required options={KIND_OPTIONS} />
        <FormField
          control={form.control}
          name="description"
          label="Description"
          required
          maxLength={200}
          placeholder="Fuel advance, truck lease, ELD fee..."
        />
        <FormField
          control={form.control}
          name="amount"
          label={kind === 'one_off' ? 'Amount' : 'Amount per settlement'}
          type="number"
          step={0.01}
          min={0}
          required
        />
        {totalLabel ? (
          <FormField control={form.control} name="total" label={totalLabel} type="number" step={0.01} min={0} required />
        ) : null}
        <FormField control={form.control} name="startsOn" label="Starts on" type="date" required />
      </Stack>
    </FormDialog>
  );
}
