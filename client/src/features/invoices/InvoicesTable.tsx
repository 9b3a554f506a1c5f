import { useState } from 'react';
import { Box, Button, IconButton, Link, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { Ban, CircleCheck, EllipsisVertical, ExternalLink, FileDown, Files, Link2, Mail, Pencil, Send } from 'lucide-react';
import { INVOICE_TRANSITIONS, type InvoiceListItem, type InvoiceStatus } from '#shared/schemas/invoices.js';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, type Column } from '../../components/DataTable';
import { notify } from '../../components/toaster';
import { formatDate, formatMoney } from '../../lib/format';
import { InvoiceStatusBadge } from './InvoiceStatusBadge';
import { SendInvoiceDialog } from './SendInvoiceDialog';
import { INVOICE_TEXTS, useInvoiceActions } from './use-invoices';

const TRANSITION_LABELS: Record<InvoiceStatus, string> = { draft: 'Draft', sent: 'Mark as sent', paid: 'Mark as paid', void: 'Void' };
const TRANSITION_ICONS: Record<InvoiceStatus, typeof Send> = { draft: Pencil, sent: Send, paid: CircleCheck, void: Ban };

/** One line that never wraps: cut with an ellipsis (the whole text on hover), so every row keeps one height. */
function Line({ children, maxW, muted }: { children: string; maxW?: string; muted?: boolean }) {
  return (
    <Text
      truncate
      maxW={maxW}
      title={children}
      fontSize={muted ? 'xs' : undefined}
      color={muted ? 'gray.700' : undefined}
      lineHeight={muted ? '1rem' : '1.25rem'}
    >
      {children}
    </Text>
  );
}

/** Every row is this tall: the tallest cell (a load's number over its lane) fits inside. */
const ROW_HEIGHT = '10';

/**
 * The spec's invoice table: number, load (number and lane), broker, date, due date, amount, status
 * badge, and View Link or Generate Link; then one "Actions" menu per row (Download PDF, the
 * factoring packet, Send, Edit a draft, and the lifecycle's next steps under "Change status", void
 * after a confirmation). Cells never wrap (long names are cut, whole on hover), so rows are even
 * and the table fits beside the sidebar at 1440 px; on a phone each row is a card.
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
          <Stack gap="0" minW="0">
            <Line maxW="36">{invoice.loadNumber}</Line>
            <Line maxW="36" muted>{`${invoice.pickupCity ?? ''} → ${invoice.deliveryCity ?? ''}`}</Line>
          </Stack>
        ) : (
          '—'
        ),
    },
    { key: 'broker', header: 'Broker', cell: (invoice) => (invoice.brokerName ? <Line maxW="40">{invoice.brokerName}</Line> : '—') },
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
            size="xs"
            variant="outline"
            whiteSpace="nowrap"
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
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      cell: (invoice) => {
        const busy = [movingId, downloadingId, packingId].includes(invoice.id);
        const unpaid = invoice.status === 'draft' || invoice.status === 'sent';
        const transitions = canChange ? INVOICE_TRANSITIONS[invoice.status] : [];
        return (
          <Box h={ROW_HEIGHT} display="flex" alignItems="center" justifyContent="flex-end">
            <Menu.Root positioning={{ placement: 'bottom-end' }}>
              <Menu.Trigger asChild>
                <IconButton size="sm" variant="outline" loading={busy} aria-label={`Actions for ${invoice.invoiceNumber}`}>
                  <EllipsisVertical aria-hidden="true" />
                </IconButton>
              </Menu.Trigger>
              <Portal>
                <Menu.Positioner>
                  <Menu.Content minW="52">
                    <Menu.Item value="pdf" onSelect={() => downloadPdf(invoice)}>
                      <FileDown size={16} aria-hidden="true" /> Download PDF
                    </Menu.Item>
                    {canChange && invoice.factoring && invoice.loadId ? (
                      <Menu.Item value="packet" onSelect={() => factoringPacket(invoice)}>
                        <Files size={16} aria-hidden="true" /> Build factoring packet
                      </Menu.Item>
                    ) : null}
                    {canChange && unpaid ? (
                      <Menu.Item value="send" onSelect={() => setSending(invoice)}>
                        <Mail size={16} aria-hidden="true" /> Send invoice
                      </Menu.Item>
                    ) : null}
                    {canChange && invoice.status === 'draft' && onEdit ? (
                      <Menu.Item value="edit" onSelect={() => onEdit(invoice)}>
                        <Pencil size={16} aria-hidden="true" /> Edit
                      </Menu.Item>
                    ) : null}
                    {transitions.length > 0 ? (
                      <>
                        <Menu.Separator />
                        <Menu.ItemGroup>
                          <Menu.ItemGroupLabel>Change status</Menu.ItemGroupLabel>
                          {transitions.map((status) => {
                            const Icon = TRANSITION_ICONS[status];
                            return (
                              <Menu.Item
                                key={status}
                                value={`status-${status}`}
                                color={status === 'void' ? 'fg.error' : undefined}
                                onSelect={() => (status === 'void' ? setVoiding(invoice) : move(invoice, status))}
                              >
                                <Icon size={16} aria-hidden="true" /> {TRANSITION_LABELS[status]}
                              </Menu.Item>
                            );
                          })}
                        </Menu.ItemGroup>
                      </>
                    ) : null}
                  </Menu.Content>
                </Menu.Positioner>
              </Portal>
            </Menu.Root>
          </Box>
        );
      },
    },
  ];

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
