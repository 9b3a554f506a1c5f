import { useRef, useState, type ChangeEvent } from 'react';
import { Button, Flex, Heading, List, Stack, Text } from '@chakra-ui/react';
import { Pencil, Plus, Trash2, Upload } from 'lucide-react';
import {
  createFuelPurchaseInput,
  FUEL_IMPORT_MAX_BYTES,
  quarterRange,
  type FuelImportOutput,
  type FuelPurchase,
} from '#shared/schemas/ifta.js';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, type Column } from '../../components/DataTable';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { SelectField, type SelectOption } from '../../components/SelectField';
import { notify } from '../../components/toaster';
import { reportFailure, useFailureToast } from '../../lib/errors';
import { formatDate, formatMoney, formatNumber } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/use-form';

/**
 * Fuel purchases of the quarter: the list, Add and Edit (a form), Delete (after a confirmation)
 * and Import CSV (a fuel card's export: date, unit, state, gallons, amount; a bad row is named by
 * row and column and nothing is imported).
 */
export function FuelTab({ quarter, canWrite }: { quarter: string; canWrite: boolean }) {
  const purchases = trpc.ifta.fuelList.useQuery({ quarter });
  useFailureToast(purchases);
  const utils = trpc.useUtils();
  const refresh = () => void utils.ifta.invalidate();
  const remove = trpc.ifta.fuelDelete.useMutation({ onSettled: refresh });
  const importCsv = trpc.ifta.fuelImport.useMutation({ onSettled: refresh });
  const [editing, setEditing] = useState<FuelPurchase | 'new' | null>(null);
  const [deleting, setDeleting] = useState<FuelPurchase | null>(null);
  const [importResult, setImportResult] = useState<FuelImportOutput | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > FUEL_IMPORT_MAX_BYTES) {
      reportFailure('Failed to import', new Error('The file is larger than 1 MB'));
      return;
    }
    importCsv.mutate(
      { csv: await file.text() },
      {
        onSuccess: (result) => {
          setImportResult(result);
          if (result.errors.length === 0) notify.success('Fuel imported', `${result.imported} purchases added`);
        },
        onError: (error) => reportFailure('Failed to import', error),
      },
    );
  };

  const columns: Column<FuelPurchase>[] = [
    { key: 'date', header: 'Date', cell: (row) => <Text whiteSpace="nowrap">{formatDate(row.purchasedOn)}</Text> },
    { key: 'truck', header: 'Truck', cell: (row) => row.truckUnit },
    { key: 'state', header: 'State', cell: (row) => row.jurisdiction },
    { key: 'gallons', header: 'Gallons', align: 'end', cell: (row) => formatNumber(row.gallons, undefined, { fixed: true }) },
    { key: 'amount', header: 'Amount', align: 'end', cell: (row) => formatMoney(row.amount) },
    { key: 'vendor', header: 'Vendor', cell: (row) => row.vendor ?? '—' },
    { key: 'source', header: 'Source', cell: (row) => (row.source === 'import' ? 'Imported' : 'Entered') },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      cell: (row) =>
        canWrite ? (
          <Flex gap="1" justify="end">
            <Button
              size="xs"
              variant="outline"
              aria-label={`Edit fuel of ${row.truckUnit} on ${row.purchasedOn}`}
              onClick={() => setEditing(row)}
            >
              <Pencil aria-hidden="true" /> Edit
            </Button>
            <Button
              size="xs"
              variant="outline"
              colorPalette="red"
              aria-label={`Delete fuel of ${row.truckUnit} on ${row.purchasedOn}`}
              onClick={() => setDeleting(row)}
            >
              <Trash2 aria-hidden="true" /> Delete
            </Button>
          </Flex>
        ) : (
          '—'
        ),
    },
  ];

  return (
    <Stack gap="4" pt="4">
      <Flex justify="space-between" align={{ base: 'stretch', md: 'center' }} direction={{ base: 'column', md: 'row' }} gap="3">
        <Heading as="h2" size="lg">
          Fuel purchases
        </Heading>
        {canWrite ? (
          <Flex gap="2" wrap="wrap">
            <Button variant="outline" loading={importCsv.isPending} loadingText="Importing..." onClick={() => fileInput.current?.click()}>
              <Upload aria-hidden="true" /> Import CSV
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept=".csv,text/csv"
              hidden
              aria-label="Fuel card CSV"
              onChange={(event) => void onFile(event)}
            />
            <Button colorPalette="blue" onClick={() => setEditing('new')}>
              <Plus aria-hidden="true" /> Add purchase
            </Button>
          </Flex>
        ) : null}
      </Flex>
      {importResult && importResult.errors.length > 0 ? (
        <Stack role="alert" borderWidth="1px" borderColor="red.300" bg="red.50" p="3" borderRadius="md" gap="1">
          <Text fontWeight="semibold">Nothing was imported: fix these rows and import the file again.</Text>
          <List.Root ps="5" fontSize="sm">
            {importResult.errors.map((error) => (
              <List.Item key={`${error.row}-${error.column}-${error.message}`}>
                Row {error.row}, {error.column}: {error.message}
              </List.Item>
            ))}
          </List.Root>
        </Stack>
      ) : null}
      <DataTable
        label="Fuel purchases"
        columns={columns}
        rows={purchases.data?.items}
        rowKey={(row) => row.id}
        isLoading={purchases.isLoading}
        error={purchases.error}
        emptyText="No fuel bought this quarter yet. Add a purchase or import a fuel card's CSV."
        loadingText="Loading fuel purchases..."
        onRetry={() => void purchases.refetch()}
      />
      {editing ? <FuelDialog quarter={quarter} purchase={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title="Delete fuel purchase"
        description={
          deleting
            ? `Delete ${formatNumber(deleting.gallons)} gallons for ${deleting.truckUnit} on ${formatDate(deleting.purchasedOn)}? The report no longer counts them.`
            : ''
        }
        isPending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(
            { id: deleting.id },
            {
              onSuccess: () => {
                notify.success('Fuel purchase deleted', deleting.truckUnit);
                setDeleting(null);
              },
              onError: (error) => reportFailure('Failed to delete the fuel purchase', error),
            },
          )
        }
      />
    </Stack>
  );
}

function FuelDialog({ quarter, purchase, onClose }: { quarter: string; purchase: FuelPurchase | null; onClose: () => void }) {
  const trucks = trpc.trucks.list.useQuery({ limit: 100, sort: 'unit' });
  useFailureToast(trucks);
  const truckOptions: SelectOption[] = (trucks.data?.items ?? []).map((truck) => ({ value: truck.id, label: truck.unitNumber }));
  const utils = trpc.useUtils();
  const refresh = () => void utils.ifta.invalidate();
  const create = trpc.ifta.fuelCreate.useMutation({ onSettled: refresh });
  const update = trpc.ifta.fuelUpdate.useMutation({ onSettled: refresh });
  const form = useZodForm(createFuelPurchaseInput, {
    truckId: purchase?.truckId ?? '',
    purchasedOn: purchase?.purchasedOn ?? quarterRange(quarter).from,
    jurisdiction: purchase?.jurisdiction ?? '',
    gallons: purchase?.gallons ?? '',
    amount: purchase?.amount ?? '',
    vendor: purchase?.vendor ?? '',
  });
  const done = (title: string) => (saved: FuelPurchase) => {
    notify.success(title, `${saved.truckUnit}: ${formatNumber(saved.gallons)} gallons in ${saved.jurisdiction}`);
    onClose();
  };
  const onSubmit = form.handleSubmit((input) =>
    purchase
      ? update.mutate(
          { ...input, id: purchase.id },
          { onSuccess: done('Fuel purchase saved'), onError: form.fail('Failed to save the fuel purchase') },
        )
      : create.mutate(input, { onSuccess: done('Fuel purchase added'), onError: form.fail('Failed to add the fuel purchase') }),
  );
  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={purchase ? 'Edit fuel purchase' : 'Add fuel purchase'}
      submitLabel={purchase ? 'Save' : 'Add purchase'}
      busyLabel="Saving..."
      isPending={create.isPending || update.isPending}
      onSubmit={(event) => void onSubmit(event)}
    >
      <Stack gap="4">
        <SelectField control={form.control} name="truckId" label="Truck" required options={truckOptions} placeholder="Choose a truck" />
        <FormField control={form.control} name="purchasedOn" label="Date" type="date" required />
        <FormField control={form.control} name="jurisdiction" label="State" required maxLength={2} placeholder="TX" />
        <FormField control={form.control} name="gallons" label="Gallons" type="number" step="any" min={0} required />
        <FormField control={form.control} name="amount" label="Amount" type="number" step={0.01} min={0} required />
        <FormField control={form.control} name="vendor" label="Vendor" maxLength={100} />
      </Stack>
    </FormDialog>
  );
}
