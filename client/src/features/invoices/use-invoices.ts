import { can } from '#shared/permissions.js';
import type { SessionOutput } from '#shared/schemas/auth.js';
import {
  FACTORING_PAPER_LABELS,
  type InvoiceDetail,
  type InvoiceListItem,
  type InvoiceStatus,
  type InvoiceStatusFilter,
} from '#shared/schemas/invoices.js';
import { notify } from '../../components/toaster';
import { reportFailure } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { usePagedList } from '../../lib/use-paged-list';

export interface InvoiceFilters {
  search: string;
  status: InvoiceStatusFilter;
  /** '' for every broker. */
  brokerId: string;
}

/** The spec's toasts, and the texts of the Invoices screen. */
export const INVOICE_TEXTS = {
  created: 'Invoice created successfully',
  updated: 'Invoice updated successfully',
  linkGenerated: 'Payment link generated successfully',
  notConfigured: 'Payments are not configured. Ask an administrator to add the payment provider keys.',
} as const;

/** What this user may do with invoices (docs/permissions.md); the server decides, this only hides what it would refuse. */
export function invoicePermissions(session: SessionOutput) {
  const canWrite = can(session, 'invoices', 'write');
  return { canCreate: canWrite, canChange: canWrite };
}

/** The invoices list, newest first, a page at a time; live through LIVE_RULES. */
export function useInvoiceList(filters: InvoiceFilters) {
  const { rows, query } = usePagedList(trpc.invoices.list, {
    search: filters.search,
    status: filters.status,
    brokerId: filters.brokerId || undefined,
  });
  return { query, invoices: rows };
}

const STATUS_TOAST: Record<InvoiceStatus, string> = {
  draft: 'Invoice is a draft',
  sent: 'Invoice marked as sent',
  paid: 'Invoice marked as paid',
  void: 'Invoice voided',
};

/** Saves base64 content as a PDF file the browser downloads (the load paperwork's PDFs too). */
export function saveFile(fileName: string, contentBase64: string) {
  const bytes = Uint8Array.from(atob(contentBase64), (character) => character.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Status changes and payment links, with their toasts; the lists re-read after each. */
export function useInvoiceActions() {
  const utils = trpc.useUtils();
  const refresh = () => void utils.invoices.invalidate();
  const changeStatus = trpc.invoices.changeStatus.useMutation({ onSettled: refresh });
  const generateLink = trpc.invoices.generatePaymentLink.useMutation({ onSettled: refresh });
  const pdf = trpc.invoices.pdf.useMutation();
  const packet = trpc.invoices.factoringPacket.useMutation();

  /** The PDF, made on the server, saved as a file. */
  const downloadPdf = (invoice: InvoiceListItem) =>
    pdf.mutate(
      { id: invoice.id },
      {
        onSuccess: ({ fileName, contentBase64 }) => saveFile(fileName, contentBase64),
        onError: (error) => reportFailure('Error', error),
      },
    );

  /** The factoring packet, saved as a file; the toast says which papers are missing or could not be merged. */
  const factoringPacket = (invoice: InvoiceListItem) =>
    packet.mutate(
      { id: invoice.id },
      {
        onSuccess: ({ fileName, contentBase64, missing, skipped }) => {
          saveFile(fileName, contentBase64);
          const notes = [
            missing.length > 0 ? `Missing: ${missing.map((type) => FACTORING_PAPER_LABELS[type]).join(', ')}.` : '',
            skipped.length > 0 ? `Not merged: ${skipped.map((file) => `${file.fileName} (${file.reason})`).join('; ')}.` : '',
          ].filter(Boolean);
          if (notes.length > 0) notify.info('Factoring packet built', notes.join(' '));
          else notify.success('Factoring packet built', 'Invoice, rate confirmation, BOL and POD');
        },
        onError: (error) => reportFailure('Error', error),
      },
    );

  const move = (invoice: InvoiceListItem, status: InvoiceStatus, onDone?: (saved: InvoiceDetail) => void) =>
    changeStatus.mutate(
      { id: invoice.id, status },
      {
        onSuccess: (saved) => {
          notify.success('Status Updated', STATUS_TOAST[status]);
          onDone?.(saved);
        },
        onError: (error) => reportFailure('Error', error),
      },
    );

  const paymentLink = (invoice: InvoiceListItem) =>
    generateLink.mutate(
      { id: invoice.id },
      {
        onSuccess: () => notify.success('Success', INVOICE_TEXTS.linkGenerated),
        onError: (error) => reportFailure('Error', error),
      },
    );

  return {
    move,
    movingId: changeStatus.isPending ? changeStatus.variables?.id : undefined,
    paymentLink,
    linkingId: generateLink.isPending ? generateLink.variables?.id : undefined,
    downloadPdf,
    downloadingId: pdf.isPending ? pdf.variables?.id : undefined,
    factoringPacket,
    packingId: packet.isPending ? packet.variables?.id : undefined,
  };
}
