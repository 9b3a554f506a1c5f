import { useState } from 'react';
import { Button, Flex, Link, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { ExternalLink, FileDown, Files, Link2, Mail, Pencil } from 'lucide-react';
import { INVOICE_TRANSITIONS, type InvoiceListItem, type InvoiceStatus } from '#shared/schemas/invoices.js';

const TRANSITION_LABELS: Record<InvoiceStatus, string> = { draft: 'Draft', sent: 'Mark as sent', paid: 'Mark as paid', void: 'Void' };
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, type Column } from '../../components/DataTable';
import { notify } from '../../components/toaster';
import { formatDate, formatMoney } from '../../lib/format';
import { InvoiceStatusBadge } from './InvoiceStatusBadge';
import { SendInvoiceDialog } from './SendInvoiceDialog';
import { INVOICE_TEXTS, useInvoiceActions } from './use-invoices';

/**
 * The spec's invoice table: number, load (number and lane), broker, date, due date, amount, status
 * badge, and View Link or Generate Link; the PDF; for those who may change invoices, Send, Edit
 * (a draft) and a status selector offering the lifecycle's next steps (void after a confirmation).
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
  const { move, movingId, paymentLink, linkingId, downloadPdf, downloadingId, factoringPacket, packingId } = useInvoiceActions();
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
        <Flex gap="2" justify="end" align="center" wrap={{ base: 'wrap', md: 'nowrap' }}>
          <Button
            size="sm"
            variant="outline"
            loading={downloadingId === invoice.id}
            onClick={() => downloadPdf(invoice)}
            aria-label={`Download PDF of ${invoice.invoiceNumber}`}
          >
            <FileDown aria-hidden="true" /> PDF
          </Button>
          {canChange && invoice.factoring && invoice.loadId ? (
            <Button
              size="sm"
              variant="outline"
              loading={packingId === invoice.id}
              onClick={() => factoringPacket(invoice)}
              aria-label={`Build factoring packet for ${invoice.invoiceNumber}`}
            >
              <Files aria-hidden="true" /> Packet
            </Button>
          ) : null}
          {canChange && (invoice.status === 'draft' || invoice.status === 'sent') ? (
            <Button size="sm" variant="outline" onClick={() => setSending(invoice)} aria-label={`Send ${invoice.invoiceNumber}`}>
              <Mail aria-hidden="true" /> Send
            </Button>
          ) : null}
          {canChange && invoice.status === 'draft' && onEdit ? (
            <Button size="sm" variant="outline" onClick={() => onEdit(invoice)} aria-label={`Edit ${invoice.invoiceNumber}`}>
              <Pencil aria-hidden="true" /> Edit
            </Button>
          ) : null}
          {canChange && INVOICE_TRANSITIONS[invoice.status].length > 0 ? (
            <NativeSelect.Root size="sm" width="auto" disabled={busy}>
              <NativeSelect.Field
                aria-label={`Change status of ${invoice.invoiceNumber}`}
                value=""
                bg="white"
                onChange={(event) => {
                  const next = event.target.value as InvoiceStatus;
                  if (next === 'void') setVoiding(invoice);
                  else if (next) move(invoice, next);
                }}
              >
                <option value="">Change status</option>
                {INVOICE_TRANSITIONS[invoice.status].map((status) => (
                  <option key={status} value={status}>
                    {TRANSITION_LABELS[status]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
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
