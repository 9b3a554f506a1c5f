import { Text } from '@chakra-ui/react';
import { sendInvoiceInput, type InvoiceListItem } from '#shared/schemas/invoices.js';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { notify } from '../../components/toaster';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/use-form';

const emailOnly = sendInvoiceInput.pick({ email: true });

/** "Send invoice": mails it to the broker's email (or the one entered) through the mail queue; a draft becomes sent. */
export function SendInvoiceDialog({ invoice, onClose }: { invoice: InvoiceListItem; onClose: () => void }) {
  const form = useZodForm(emailOnly, { email: '' });
  const utils = trpc.useUtils();
  const send = trpc.invoices.send.useMutation({ onSettled: () => void utils.invoices.invalidate() });
  const onSubmit = form.handleSubmit((input) =>
    send.mutate(
      { id: invoice.id, email: input.email },
      {
        onSuccess: () => {
          notify.success('Invoice sent', `${invoice.invoiceNumber} is on its way`);
          onClose();
        },
        onError: form.fail('Failed to send invoice'),
      },
    ),
  );
  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Send Invoice"
      description={`Email ${invoice.invoiceNumber}${invoice.brokerName ? ` to ${invoice.brokerName}` : ''}.`}
      submitLabel="Send Invoice"
      busyLabel="Sending..."
      isPending={send.isPending}
      onSubmit={(event) => void onSubmit(event)}
    >
      <FormField
        control={form.control}
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        helperText="Leave empty to use the broker's email."
      />
      <Text fontSize="sm" color="gray.700" mt="3">
        The invoice&apos;s PDF ({invoice.invoiceNumber}.pdf) is attached.
      </Text>
      {invoice.paymentLink ? null : (
        <Text fontSize="sm" color="gray.700" mt="3">
          This invoice has no payment link yet: generate one first to include it.
        </Text>
      )}
    </FormDialog>
  );
}
