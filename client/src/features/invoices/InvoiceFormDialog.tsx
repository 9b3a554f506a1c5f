import { useEffect, useRef } from 'react';
import { Alert, Grid, Stack } from '@chakra-ui/react';
import { useWatch } from 'react-hook-form';
import {
  createInvoiceInput,
  defaultDueDate,
  INVOICE_LIMITS,
  localToday,
  type CreateInvoiceInput,
  type InvoiceDetail,
  type InvoiceListItem,
} from '#shared/schemas/invoices.js';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { SelectField, type SelectOption } from '../../components/SelectField';
import { statusLabel } from '../../components/StatusBadge';
import { notify } from '../../components/toaster';
import { useFailureToast } from '../../lib/errors';
import { formatMoney } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/use-form';
import { INVOICE_TEXTS } from './use-invoices';

/** A new invoice: today, due in the company's default 30 days until a broker's terms say otherwise. */
function emptyValues(): CreateInvoiceInput {
  const today = localToday();
  return { invoiceDate: today, dueDate: defaultDueDate(today, null) ?? '', amount: '', loadId: '', brokerId: '', notes: '' };
}

function valuesOf(invoice: InvoiceDetail): CreateInvoiceInput {
  return {
    invoiceDate: invoice.invoiceDate,
    dueDate: invoice.dueDate,
    amount: invoice.amount,
    loadId: invoice.loadId ?? '',
    brokerId: invoice.brokerId ?? '',
    notes: invoice.notes ?? '',
  };
}

/**
 * The Create Invoice dialog (and the same form to edit a draft): invoice date (today by default),
 * due date, amount (step 0.01), an optional load and broker. Choosing a load fills its broker and
 * its rate; the due date is the invoice date plus the broker's payment terms ("Net 30"), 30 days
 * without terms (defaultDueDate, the server's rule too), until the user types another. A load
 * that is not delivered shows a warning, and the dialog's button becomes "Invoice anyway": only
 * that creates it (confirmUndelivered; the server refuses it otherwise).
 */
export function InvoiceFormDialog({ invoice, onClose }: { invoice?: InvoiceListItem; onClose: () => void }) {
  const isEdit = invoice !== undefined;
  const detail = trpc.invoices.get.useQuery({ id: invoice?.id ?? '' }, { enabled: isEdit });
  if (isEdit && !detail.data) return null;
  return <InvoiceForm invoice={detail.data} onClose={onClose} />;
}

function InvoiceForm({ invoice, onClose }: { invoice: InvoiceDetail | undefined; onClose: () => void }) {
  const form = useZodForm(createInvoiceInput, invoice ? valuesOf(invoice) : emptyValues());
  const { control, setValue, getValues } = form;
  const utils = trpc.useUtils();
  const options = trpc.invoices.formOptions.useQuery(invoice ? { invoiceId: invoice.id } : {});
  useFailureToast(options);
  const create = trpc.invoices.create.useMutation();
  const update = trpc.invoices.update.useMutation();

  const [loadId, brokerId, invoiceDate] = useWatch({ control, name: ['loadId', 'brokerId', 'invoiceDate'] });
  // What the due date was proposed from: a new form's came from no terms; an edited one's is found once the brokers are read.
  const previous = useRef<{ loadId: typeof loadId; brokerId: typeof brokerId; invoiceDate: typeof invoiceDate; terms?: string | null }>(
    invoice ? { loadId, brokerId, invoiceDate } : { loadId, brokerId, invoiceDate, terms: null },
  );
  useEffect(() => {
    const data = options.data;
    if (!data) return;
    const before = previous.current;
    const termsOf = (id: string | null | undefined) => data.brokers.find((candidate) => candidate.id === id)?.paymentTerms ?? null;
    let broker = brokerId ?? '';
    if (loadId !== before.loadId && loadId) {
      const load = data.loads.find((candidate) => candidate.id === loadId);
      if (load) {
        broker = load.brokerId ?? '';
        setValue('brokerId', broker);
        if (load.rate !== null) setValue('amount', load.rate, { shouldValidate: getValues('amount') !== '' });
      }
    }
    const terms = termsOf(broker);
    const proposedBefore = defaultDueDate(before.invoiceDate ?? '', before.terms === undefined ? termsOf(before.brokerId) : before.terms);
    previous.current = { loadId, brokerId: broker, invoiceDate, terms };
    // The due date follows the terms while it is the one proposed (or empty); a date the user typed stays.
    const due = getValues('dueDate') ?? '';
    const next = defaultDueDate(invoiceDate ?? '', terms);
    if (next && next !== due && (due === '' || due === proposedBefore)) setValue('dueDate', next, { shouldValidate: due !== '' });
  }, [loadId, brokerId, invoiceDate, options.data, setValue, getValues]);

  // A load not delivered yet: warn, and create only through "Invoice anyway".
  const chosenLoad = options.data?.loads.find((candidate) => candidate.id === loadId);
  const undelivered = !invoice && chosenLoad !== undefined && chosenLoad.status !== 'delivered' ? chosenLoad : undefined;

  const done = (title: string) => (saved: InvoiceDetail) => {
    notify.success(title);
    void utils.invoices.invalidate();
    utils.invoices.get.setData({ id: saved.id }, saved);
    onClose();
  };
  const onSubmit = form.handleSubmit((input) => {
    if (invoice) {
      update.mutate(
        { ...input, dueDate: input.dueDate ?? '', id: invoice.id },
        { onSuccess: done(INVOICE_TEXTS.updated), onError: form.fail('Failed to update invoice') },
      );
    } else {
      create.mutate(
        { ...input, confirmUndelivered: undelivered ? true : undefined },
        { onSuccess: done(INVOICE_TEXTS.created), onError: form.fail('Failed to create invoice') },
      );
    }
  });

  const loadOptions: SelectOption[] = (options.data?.loads ?? []).map((load) => ({
    value: load.id,
    label: `${load.loadNumber} · ${load.pickupCity} → ${load.deliveryCity}${load.rate ? ` · ${formatMoney(load.rate)}` : ''}${
      load.status === 'delivered' ? '' : ` · ${statusLabel(load.status)}`
    }`,
  }));
  const brokerOptions: SelectOption[] = (options.data?.brokers ?? []).map((broker) => ({
    value: broker.id,
    label: broker.paymentTerms ? `${broker.name} (${broker.paymentTerms})` : broker.name,
  }));

  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={invoice ? 'Edit Invoice' : 'Create Invoice'}
      description={invoice ? `Change the draft ${invoice.invoiceNumber}.` : 'The invoice number is made when it is created.'}
      submitLabel={invoice ? 'Save Changes' : undelivered ? 'Invoice anyway' : 'Create Invoice'}
      busyLabel={invoice ? 'Saving...' : 'Creating...'}
      isPending={create.isPending || update.isPending}
      onSubmit={(event) => void onSubmit(event)}
      size="lg"
    >
      <Stack gap="4">
        <SelectField control={control} name="loadId" label="Load" options={loadOptions} placeholder="No load" />
        {undelivered ? (
          <Alert.Root status="warning" role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>This load is not delivered yet</Alert.Title>
              <Alert.Description>
                {undelivered.loadNumber} is {statusLabel(undelivered.status).toLowerCase()}. Loads are usually invoiced once delivered:
                choose "Invoice anyway" to invoice it now.
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
        <SelectField control={control} name="brokerId" label="Broker" options={brokerOptions} placeholder="No broker" />
        <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="4">
          <FormField control={control} name="invoiceDate" label="Invoice Date" type="date" required />
          <FormField control={control} name="dueDate" label="Due Date" type="date" required />
        </Grid>
        <FormField control={control} name="amount" label="Amount (USD)" type="number" min={0} step={0.01} required />
        <FormField control={control} name="notes" label="Notes" multiline={3} maxLength={INVOICE_LIMITS.notes} />
      </Stack>
    </FormDialog>
  );
}
