import { useState } from 'react';
import { Button, Flex, Link, Stack, Text } from '@chakra-ui/react';
import { Ban, CheckCircle2, ExternalLink, FileDown, Link2, Mail, Pencil, Send } from 'lucide-react';
import type { InvoiceListItem } from '#shared/schemas/invoices.js';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, type Column } from '../../components/DataTable';
import { notify } from '../../components/toaster';
import { formatDate, formatMoney } from '../../lib/format';
import { InvoiceStatusBadge } from './InvoiceStatusBadge';
import { SendInvoiceDialog } from './SendInvoiceDialog';
import { INVOICE_TEXTS, useInvoiceActions } from './use-invoices';

/**
 * The spec's invoice table: number, load (number and lane), broker, date, due date, amount, status
 * badge, and View Link or Generate Link; for those who may change invoices, the lifecycle's
 * actions (edit a draft, mark sent, mark paid, void after a confirmation).
 */
export function InvoicesTable({
  invoices,
  canChange,
  paymentsConfigured,
  isLoading,
  error,
  emptyText,
  onRetry,
  onEdit,
  label = 'Invoices',
}: {
  invoices: InvoiceListItem[];
  canChange: boolean;
  paymentsConfigured: boolean;
  isLoading: boolean;
  error: unknown;
  emptyText: string;
  onRetry: () => void;
  onEdit?: (invoice: InvoiceListItem) => void;
  label?: string;
}) {
  const { move, movingId, paymentLink, linkingId, downloadPdf, downloadingId } = useInvoiceActions();
  const [voiding, setVoiding] = useState<InvoiceListItem | null>(null);
  const [sending, setSending] = useState<InvoiceListItem | null>(null);

  const columns: Column<InvoiceListItem>[] = [
    {
      key: 'number',
      header: 'Invoice #',
      cell: (invoice) => (
        <Text fontWeight="medium" whiteSpace="nowrap">
          {invoice.invoiceNumber}
        </Text>
      ),
    },
    {
      key: 'load',
      header: 'Load',
      cell: (invoice) =>
        invoice.loadNumber ? (
          <Stack gap="0">
            <Text whiteSpace="nowrap">{invoice.loadNumber}</Text>
            <Text fontSize="xs" color="gray.700" whiteSpace="nowrap">
              {invoice.pickupCity} → {invoice.deliveryCity}
            </Text>
          </Stack>
        ) : (
          '—'
        ),
    },
    { key: 'broker', header: 'Broker', cell: (invoice) => invoice.brokerName ?? '—' },
    { key: 'date', header: 'Date', cell: (invoice) => <Text whiteSpace="nowrap">{formatDate(invoice.invoiceDate)}</Text> },
    { key: 'due', header: 'Due Date', cell: (invoice) => <Text whiteSpace="nowrap">{formatDate(invoice.dueDate)}</Text> },
    { key: 'amount', header: 'Amount', align: 'end', cell: (invoice) => <Text whiteSpace="nowrap">{formatMoney(invoice.amount)}</Text> },
    { key: 'status', header: 'Status', cell: (invoice) => <InvoiceStatusBadge status={invoice.displayStatus} /> },
    {
      key: 'link',
      header: 'Payment Link',
      cell: (invoice) =>
        invoice.paymentLink ? (
          <Link
            href={invoice.paymentLink}
            target="_blank"
            rel="noopener noreferrer"
            color="blue.700"
            whiteSpace="nowrap"
            aria-label={`View Link for ${invoice.invoiceNumber}`}
          >
            <ExternalLink size={14} aria-hidden="true" /> View Link
          </Link>
        ) : canChange && (invoice.status === 'draft' || invoice.status === 'sent') ? (
          <Button
            size="sm"
            variant="outline"
            loading={linkingId === invoice.id}
            aria-label={`Generate Link for ${invoice.invoiceNumber}`}
            onClick={() =>
              paymentsConfigured ? paymentLink(invoice) : notify.info('Payments are not configured', INVOICE_TEXTS.notConfigured)
            }
          >
            <Link2 aria-hidden="true" /> Generate Link
          </Button>
        ) : (
          '—'
        ),
    },
  ];

  columns.push({
    key: 'actions',
    header: 'Actions',
    align: 'end',
    cell: (invoice) => {
      const busy = movingId === invoice.id;
      return (
        <Flex gap="2" justify="end" wrap="wrap">
          <Button
            size="sm"
            variant="outline"
            loading={downloadingId === invoice.id}
            onClick={() => downloadPdf(invoice)}
            aria-label={`Download PDF of ${invoice.invoiceNumber}`}
          >
            <FileDown aria-hidden="true" /> PDF
          </Button>
          {canChange && (invoice.status === 'draft' || invoice.status === 'sent') ? (
            <Button size="sm" variant="outline" onClick={() => setSending(invoice)} aria-label={`Send ${invoice.invoiceNumber}`}>
              <Mail aria-hidden="true" /> Send
            </Button>
          ) : null}
          {canChange ? (
            <>
              {invoice.status === 'draft' && onEdit ? (
                <Button size="sm" variant="outline" onClick={() => onEdit(invoice)} aria-label={`Edit ${invoice.invoiceNumber}`}>
                  <Pencil aria-hidden="true" /> Edit
                </Button>
              ) : null}
              {invoice.status === 'draft' ? (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={busy}
                  onClick={() => move(invoice, 'sent')}
                  aria-label={`Mark ${invoice.invoiceNumber} as sent`}
                >
                  <Send aria-hidden="true" /> Mark Sent
                </Button>
              ) : null}
              {invoice.status === 'draft' || invoice.status === 'sent' ? (
                <>
                  <Button
                    size="sm"
                    variant="outline"
                    colorPalette="green"
                    disabled={busy}
                    onClick={() => move(invoice, 'paid')}
                    aria-label={`Mark ${invoice.invoiceNumber} as paid`}
                  >
                    <CheckCircle2 aria-hidden="true" /> Mark Paid
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    colorPalette="red"
                    disabled={busy}
                    onClick={() => setVoiding(invoice)}
                    aria-label={`Void ${invoice.invoiceNumber}`}
                  >
                    <Ban aria-hidden="true" /> Void
                  </Button>
                </>
              ) : null}
            </>
          ) : null}
        </Flex>
      );
    },
  });

  return (
    <>
      <DataTable
        label={label}
        columns={columns}
        rows={invoices}
        rowKey={(invoice) => invoice.id}
        isLoading={isLoading}
        error={invoices.length === 0 ? error : null}
        emptyText={emptyText}
        loadingText="Loading invoices..."
        onRetry={onRetry}
      />
      {sending ? <SendInvoiceDialog invoice={sending} onClose={() => setSending(null)} /> : null}
      <ConfirmDialog
        open={voiding !== null}
        onOpenChange={(open) => (open ? undefined : setVoiding(null))}
        title="Void Invoice"
        description={
          voiding ? `Void ${voiding.invoiceNumber}? A void invoice cannot be paid or changed again; its load can be invoiced anew.` : ''
        }
        confirmLabel="Void Invoice"
        busyLabel="Voiding..."
        isPending={voiding !== null && movingId === voiding.id}
        onConfirm={() => voiding && move(voiding, 'void', () => setVoiding(null))}
      />
    </>
  );
}
