import { z } from 'zod';
import { LOAD_STATUSES } from '../constants.js';
import { isPlausibleDate, optionalDate, optionalDecimal, optionalId, optionalText } from './fields.js';
import { pageInput, pageOutput } from './pagination.js';

/**
 * Invoices on the wire, both ways (the lifecycle is in docs/invoices.md).
 *
 * Stored statuses: draft (set on creation), sent, paid, void. "Overdue" is shown, never stored:
 * an unpaid invoice (draft or sent) whose due date has passed. The spec's "pending" is an unpaid
 * invoice not yet sent (draft); "outstanding" is every unpaid one (draft or sent).
 * Amounts travel as exact decimal strings ("1250.00"); dates as "YYYY-MM-DD".
 */

export const INVOICE_STATUSES = ['draft', 'sent', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** What the badge shows: the stored status, or overdue for an unpaid invoice past its due date. */
export const INVOICE_DISPLAY_STATUSES = ['draft', 'sent', 'paid', 'overdue', 'void'] as const;
export type InvoiceDisplayStatus = (typeof INVOICE_DISPLAY_STATUSES)[number];

/** The moves the lifecycle allows (the database trigger enforces the same). */
export const INVOICE_TRANSITIONS: Record<InvoiceStatus, readonly InvoiceStatus[]> = {
  draft: ['sent', 'paid', 'void'],
  sent: ['paid', 'void'],
  paid: [],
  void: [],
};

export const canMoveInvoice = (from: InvoiceStatus, to: InvoiceStatus): boolean => INVOICE_TRANSITIONS[from].includes(to);

/** The list's filters: a display status, the unpaid invoices of factored loads, or all. */
export const INVOICE_STATUS_FILTERS = ['all', ...INVOICE_DISPLAY_STATUSES, 'factoring'] as const;
export type InvoiceStatusFilter = (typeof INVOICE_STATUS_FILTERS)[number];

export const INVOICE_LIMITS = { notes: 2000, search: 50 } as const;

/** INV-yyyymmdd-NNN. */
export const INVOICE_NUMBER_PATTERN = /^INV-\d{8}-\d{3}$/;

/** Today as "YYYY-MM-DD" in the user's own time zone. */
export function localToday(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A date plus days, as "YYYY-MM-DD" (calendar arithmetic in UTC, so no time zone moves it). */
export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** The company's payment terms when a broker's name no number of days: Net 30. */
export const DEFAULT_PAYMENT_TERM_DAYS = 30;

/**
 * The days a broker's payment terms give, or null when they name none: "Net 30", "net-45",
 * "30 days", "2/10 Net 30" (the net days), "Quick Pay (2%, 5 days)", "Due on receipt" (0).
 */
export function paymentTermDays(terms: string | null | undefined): number | null {
  if (!terms) return null;
  const text = terms.trim().toLowerCase();
  if (/^(due (on|upon) receipt|cod|c\.o\.d\.?)$/.test(text)) return 0;
  const match = /\bnet[\s-]*(\d{1,3})\b/.exec(text) ?? /\b(\d{1,3})\s*days?\b/.exec(text);
  const days = match ? Number(match[1]) : NaN;
  return Number.isInteger(days) && days <= 365 ? days : null;
}

/** The due date the broker's terms give (invoice date plus their days), or null when they name none. */
export function dueDateFor(invoiceDate: string, terms: string | null | undefined): string | null {
  const days = paymentTermDays(terms);
  return days === null || !isPlausibleDate(invoiceDate) ? null : addDays(invoiceDate, days);
}

/**
 * The due date an invoice gets when none is typed, in the form and on the server alike: the
 * invoice date plus the broker's terms, or the company default (30 days) without a broker or
 * when the terms name no days. Null only for an invalid invoice date.
 */
export function defaultDueDate(invoiceDate: string, terms: string | null | undefined): string | null {
  if (!isPlausibleDate(invoiceDate)) return null;
  return addDays(invoiceDate, paymentTermDays(terms) ?? DEFAULT_PAYMENT_TERM_DAYS);
}

function requiredDate(label: string) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .refine(isPlausibleDate, `${label} must be a valid date`);
}

const amount = optionalDecimal('Amount').transform((value, context) => {
  if (value === null || value === undefined) {
    context.addIssue({ code: 'custom', message: 'Amount is required' });
    return z.NEVER;
  }
  return value;
});

const invoiceFormFields = {
  invoiceDate: requiredDate('Invoice date'),
  dueDate: requiredDate('Due date'),
  amount,
  loadId: optionalId('Load'),
  brokerId: optionalId('Broker'),
  notes: optionalText('Notes', INVOICE_LIMITS.notes),
};

function dueNotBeforeInvoice(invoice: { invoiceDate: string; dueDate?: string | null | undefined }, context: z.RefinementCtx) {
  if (invoice.dueDate && invoice.dueDate < invoice.invoiceDate) {
    context.addIssue({ code: 'custom', path: ['dueDate'], message: 'Due date cannot be before the invoice date' });
  }
}

/** What the server says when a load not yet delivered is invoiced without confirmation. */
export const undeliveredLoadMessage = (loadNumber: string, status: string) =>
  `Load ${loadNumber} is not delivered yet (${status.replace('_', ' ')}): confirm to invoice it anyway`;

/**
 * Create Invoice: the number is made by the server (INV-yyyymmdd-NNN of the invoice date). A due
 * date left out is the invoice date plus the broker's terms (defaultDueDate). A load that is not
 * delivered is invoiced only with `confirmUndelivered: true` ("Invoice anyway").
 */
export const createInvoiceInput = z
  .object({
    ...invoiceFormFields,
    dueDate: optionalDate('Due date'),
    confirmUndelivered: z.boolean({ error: 'Confirmation must be true or false' }).optional(),
  })
  .superRefine(dueNotBeforeInvoice);
export type CreateInvoiceInput = z.input<typeof createInvoiceInput>;
export type CreateInvoiceValues = z.output<typeof createInvoiceInput>;

/** Edit a draft: every form field again. */
export const updateInvoiceInput = z.object({ id: z.uuid('Invoice is invalid'), ...invoiceFormFields }).superRefine(dueNotBeforeInvoice);
export type UpdateInvoiceInput = z.input<typeof updateInvoiceInput>;

export const invoiceStatusSchema = z.enum(INVOICE_STATUSES, { error: 'Invalid status' });

export const changeInvoiceStatusInput = z.object({ id: z.uuid('Invoice is invalid'), status: invoiceStatusSchema });
export type ChangeInvoiceStatusInput = z.input<typeof changeInvoiceStatusInput>;

export const invoiceIdInput = z.object({ id: z.uuid('Invoice is invalid') });

export const invoiceListInput = pageInput
  .extend({
    search: z
      .string({ error: 'Search must be text' })
      .trim()
      .max(INVOICE_LIMITS.search, `Search must be at most ${INVOICE_LIMITS.search} characters`)
      .default(''),
    status: z.enum(INVOICE_STATUS_FILTERS, { error: 'Invalid status' }).default('all'),
    brokerId: optionalId('Broker'),
  })
  .prefault({});
export type InvoiceListInput = z.input<typeof invoiceListInput>;

const decimalString = z.string();

/** A row of the Invoices table: number, load (number and lane), broker, dates, amount, status, link. */
export const invoiceListItem = z.object({
  id: z.uuid(),
  invoiceNumber: z.string(),
  loadId: z.uuid().nullable(),
  loadNumber: z.string().nullable(),
  pickupCity: z.string().nullable(),
  deliveryCity: z.string().nullable(),
  factoring: z.boolean(),
  brokerId: z.uuid().nullable(),
  brokerName: z.string().nullable(),
  brokerCompanyName: z.string().nullable(),
  invoiceDate: z.string(),
  dueDate: z.string(),
  amount: decimalString,
  status: invoiceStatusSchema,
  displayStatus: z.enum(INVOICE_DISPLAY_STATUSES),
  paymentLink: z.string().nullable(),
  createdAt: z.string(),
});
export type InvoiceListItem = z.infer<typeof invoiceListItem>;

export const invoiceListOutput = pageOutput(invoiceListItem);
export type InvoiceListOutput = z.infer<typeof invoiceListOutput>;

export const invoiceDetail = invoiceListItem.extend({
  notes: z.string().nullable(),
  sentAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  voidedAt: z.string().nullable(),
  createdBy: z.uuid().nullable(),
  updatedAt: z.string(),
});
export type InvoiceDetail = z.infer<typeof invoiceDetail>;

/** The Create Invoice form's pick lists: loads not yet invoiced (with broker, rate and status) and brokers (with terms). */
export const invoiceFormOptionsOutput = z.object({
  loads: z.array(
    z.object({
      id: z.uuid(),
      loadNumber: z.string(),
      pickupCity: z.string(),
      deliveryCity: z.string(),
      brokerId: z.uuid().nullable(),
      rate: z.string().nullable(),
      /** Anything but delivered is invoiced only after "Invoice anyway". */
      status: z.enum(LOAD_STATUSES),
    }),
  ),
  brokers: z.array(z.object({ id: z.uuid(), name: z.string(), paymentTerms: z.string().nullable() })),
});
export type InvoiceFormOptions = z.infer<typeof invoiceFormOptionsOutput>;

const figure = z.object({ count: z.number().int(), amount: decimalString });

/** The treasury dashboard, in one read (definitions in docs/invoices.md). */
export const treasuryDashboardOutput = z.object({
  totalPending: figure,
  outstanding: figure,
  paidThisMonth: figure,
  factoringActive: figure,
  ageing: z.object({ current: figure, days1to30: figure, days31to60: figure, days61to90: figure, days90plus: figure }),
  recentInvoices: z.array(invoiceListItem).max(20),
});
export type TreasuryDashboard = z.infer<typeof treasuryDashboardOutput>;

/** "Generate Link": the invoice with its stored payment link. */
export const paymentLinkOutput = z.object({ id: z.uuid(), paymentLink: z.string() });

/** Whether payment links can be made here (the button explains when not). */
export const paymentsStatusOutput = z.object({ configured: z.boolean() });

/** The invoice's PDF, for a download (one page: well under a megabyte). */
export const invoicePdfOutput = z.object({ fileName: z.string(), contentBase64: z.string() });

/** "Send invoice": to the broker's email unless another is given. */
export const sendInvoiceInput = z.object({
  id: z.uuid('Invoice is invalid'),
  email: z
    .string({ error: 'Invalid email address' })
    .trim()
    .toLowerCase()
    .max(255, 'Email must be at most 255 characters')
    .refine((value) => value === '' || z.email().safeParse(value).success, 'Invalid email address')
    .optional(),
});
export type SendInvoiceInput = z.input<typeof sendInvoiceInput>;

/** The papers a factoring packet holds after the invoice, in this order. */
export const FACTORING_PAPERS = ['rate_confirmation', 'bol', 'pod'] as const;
export type FactoringPaper = (typeof FACTORING_PAPERS)[number];
export const FACTORING_PAPER_LABELS: Record<FactoringPaper, string> = {
  rate_confirmation: 'Rate confirmation',
  bol: 'BOL',
  pod: 'POD',
};

/** "Build factoring packet": one PDF, what it holds, what is missing and what could not be merged. */
export const factoringPacketOutput = z.object({
  fileName: z.string(),
  contentBase64: z.string(),
  pageCount: z.number().int(),
  included: z.array(z.object({ documentType: z.enum(FACTORING_PAPERS), fileName: z.string() })),
  missing: z.array(z.enum(FACTORING_PAPERS)),
  skipped: z.array(z.object({ fileName: z.string(), reason: z.string() })),
});
export type FactoringPacket = z.infer<typeof factoringPacketOutput>;
