import { randomInt } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type {
  CreateInvoiceValues,
  InvoiceDetail,
  InvoiceFormOptions,
  InvoiceListItem,
  InvoiceStatus,
  InvoiceStatusFilter,
  TreasuryDashboard,
} from '#shared/schemas/invoices.js';

type Figure = TreasuryDashboard['totalPending'];
import { AppError } from '../../errors.js';
import { keysetPage, type Page, type PageRequest } from '../../db/pagination.js';
import { mapPgErrors, type PgError, type PgErrorRules } from '../../db/pg-errors.js';
import type { Database } from '../../db/schema.js';
import { readable, writable, type Scope } from '../../db/scope.js';
import { containsPattern, isoTimestamp, isoTimestampOrNull } from '../../db/sql.js';
import { ACCESSORIALS_JSON } from '../loads/load-stops.js';

/** The tenant-scoped transaction a procedure hands in (ctx.db). */
export type InvoicesDb = Kysely<Database>;

/** Unpaid: a draft or a sent invoice; overdue is an unpaid one past its due date (never stored). */
const UNPAID = ['draft', 'sent'] as const;
const displayStatus = sql<
  InvoiceListItem['displayStatus']
>`case when invoices.status in ('draft', 'sent') and invoices.due_date < current_date then 'overdue' else invoices.status end`;

const LIST_COLUMNS = [
  'invoices.id',
  'invoices.invoiceNumber',
  'invoices.loadId',
  'loads.loadNumber',
  'loads.pickupCity',
  'loads.deliveryCity',
  sql<boolean>`coalesce(loads.factoring, false)`.as('factoring'),
  'invoices.brokerId',
  'brokers.name as brokerName',
  'brokers.companyName as brokerCompanyName',
  'invoices.invoiceDate',
  'invoices.dueDate',
  'invoices.amount',
  'invoices.status',
  displayStatus.as('displayStatus'),
  'invoices.airwallexPaymentLink as paymentLink',
  isoTimestamp('invoices.createdAt').as('createdAt'),
] as const;

const DETAIL_COLUMNS = [
  ...LIST_COLUMNS,
  'invoices.notes',
  isoTimestampOrNull('invoices.sentAt').as('sentAt'),
  isoTimestampOrNull('invoices.paidAt').as('paidAt'),
  isoTimestampOrNull('invoices.voidedAt').as('voidedAt'),
  'invoices.createdBy',
  isoTimestamp('invoices.updatedAt').as('updatedAt'),
] as const;

/** Invoices with their load and broker (same company: composite keys). */
export function invoicesWithParties(db: InvoicesDb, scope: Scope) {
  return db
    .selectFrom('invoices')
    .leftJoin('loads', (join) => join.onRef('loads.id', '=', 'invoices.loadId').onRef('loads.companyId', '=', 'invoices.companyId'))
    .leftJoin('brokers', (join) => join.onRef('brokers.id', '=', 'invoices.brokerId').onRef('brokers.companyId', '=', 'invoices.companyId'))
    .where(readable(scope, 'invoices'));
}

export const invoiceListColumns = LIST_COLUMNS;

export interface InvoiceFilters {
  search: string;
  status: InvoiceStatusFilter;
  brokerId: string | null | undefined;
}

/**
 * Newest first, keyset paged; search over the number, filters by display status, broker, factoring.
 * Under row-level security the app role's LIKE cannot use the number's trigram index (LIKE is not
 * LEAKPROOF): a search filters the company's invoices (its company index); loads search through
 * app_search_loads instead (migrations/2026-11-28T1300_search_without_leakproof.ts).
 */
export function listInvoices(db: InvoicesDb, scope: Scope, filters: InvoiceFilters, page: PageRequest): Promise<Page<InvoiceListItem>> {
  let query = invoicesWithParties(db, scope).select(LIST_COLUMNS);
  const { status } = filters;
  if (status === 'overdue') {
    query = query.where('invoices.status', 'in', UNPAID).where(sql<boolean>`invoices.due_date < current_date`);
  } else if (status === 'draft' || status === 'sent') {
    query = query.where('invoices.status', '=', status).where(sql<boolean>`invoices.due_date >= current_date`);
  } else if (status === 'paid' || status === 'void') {
    query = query.where('invoices.status', '=', status);
  } else if (status === 'factoring') {
    query = query.where('invoices.status', 'in', UNPAID).where('loads.factoring', '=', true);
  }
  if (filters.brokerId) query = query.where('invoices.brokerId', '=', filters.brokerId);
  if (filters.search) query = query.where(sql<boolean>`lower(invoices.invoice_number) like lower(${containsPattern(filters.search)})`);
  return keysetPage(query, { sortedBy: 'invoices.createdAt', id: 'invoices.id' }, page);
}

export function findInvoice(db: InvoicesDb, scope: Scope, id: string): Promise<InvoiceDetail | undefined> {
  return invoicesWithParties(db, scope).select(DETAIL_COLUMNS).where('invoices.id', '=', id).executeTakeFirst();
}

/** The invoice's status as this scope may change it, or undefined (another company's, or none). */
export async function writableStatus(db: InvoicesDb, scope: Scope, id: string): Promise<InvoiceStatus | undefined> {
  const row = await db
    .selectFrom('invoices')
    .select('invoices.status')
    .where(writable(scope, 'invoices'))
    .where('invoices.id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row?.status;
}

/** What the database's refusals mean to the form. */
export const INVOICE_PG_RULES: PgErrorRules = {
  unique: (error: PgError) =>
    error.constraint === 'invoices_load_once_key'
      ? new AppError('CONFLICT', 'This load already has an invoice', { field: 'loadId' })
      : null,
  foreignKey: (error: PgError) =>
    error.detail?.includes('(company_id, load_id)')
      ? new AppError('NOT_FOUND', 'Load not found', { field: 'loadId' })
      : error.detail?.includes('(company_id, broker_id)')
        ? new AppError('NOT_FOUND', 'Broker not found', { field: 'brokerId' })
        : null,
  check: (error: PgError) =>
    error.constraint === 'invoices_draft_only'
      ? new AppError('CONFLICT', 'Only a draft invoice can be edited')
      : error.constraint === 'invoices_lifecycle'
        ? new AppError('BAD_REQUEST', 'This status change is not allowed', { field: 'status' })
        : null,
};

/** Numbers drawn before giving up: each try draws among the numbers still free that day. */
const NUMBER_ATTEMPTS = 25;

/**
 * A new draft numbered INV-yyyymmdd-NNN (the invoice date, three random digits), unique per company:
 * the unique constraint decides, and a number another creation took first (even one not yet
 * committed: PostgreSQL waits for it) is drawn again. ON CONFLICT keeps the transaction usable.
 */
export async function insertInvoice(
  db: InvoicesDb,
  scope: Scope,
  values: Omit<CreateInvoiceValues, 'dueDate' | 'confirmUndelivered'> & { dueDate: string },
): Promise<string> {
  const prefix = `INV-${values.invoiceDate.replaceAll('-', '')}-`;
  for (let attempt = 0; attempt < NUMBER_ATTEMPTS; attempt++) {
    const taken = await db
      .selectFrom('invoices')
      .select('invoices.invoiceNumber')
      .where('invoices.companyId', '=', scope.companyId)
      .where('invoices.invoiceNumber', 'like', `${prefix}%`)
      .execute();
    const used = new Set(taken.map((row) => Number(row.invoiceNumber.slice(prefix.length))));
    const free = Array.from({ length: 1000 }, (_, n) => n).filter((n) => !used.has(n));
    if (free.length === 0) break;
    const number = `${prefix}${String(free[randomInt(free.length)]).padStart(3, '0')}`;
    const inserted = await mapPgErrors(
      () =>
        db
          .insertInto('invoices')
          .values({
            companyId: scope.companyId,
            invoiceNumber: number,
            loadId: values.loadId ?? null,
            brokerId: values.brokerId ?? null,
            invoiceDate: values.invoiceDate,
            dueDate: values.dueDate,
            amount: values.amount,
            notes: values.notes ?? null,
            createdBy: scope.userId,
          })
          .onConflict((conflict) => conflict.constraint('invoices_number_key').doNothing())
          .returning('id')
          .executeTakeFirst(),
      INVOICE_PG_RULES,
    );
    if (inserted) return inserted.id;
  }
  throw new AppError('CONFLICT', 'No invoice number is left for this invoice date', { field: 'invoiceDate' });
}

/** The load an invoice is made for, as this scope reads it (its number, status and broker), or undefined. */
export function invoicedLoad(db: InvoicesDb, scope: Scope, loadId: string) {
  return db
    .selectFrom('loads')
    .select(['loads.loadNumber', 'loads.status', 'loads.brokerId'])
    .where(readable(scope, 'loads'))
    .where('loads.id', '=', loadId)
    .executeTakeFirst();
}

/** A broker's payment terms as written ("Net 30"), or null (none, or not a broker this scope reads). */
export async function brokerTerms(db: InvoicesDb, scope: Scope, brokerId: string): Promise<string | null> {
  const row = await db
    .selectFrom('brokers')
    .select('brokers.paymentTerms')
    .where(readable(scope, 'brokers'))
    .where('brokers.id', '=', brokerId)
    .executeTakeFirst();
  return row?.paymentTerms ?? null;
}

/** The Create Invoice pick lists: the company's loads without a live invoice, and its brokers. */
export async function invoiceFormOptions(db: InvoicesDb, scope: Scope, exceptInvoiceId?: string): Promise<InvoiceFormOptions> {
  const loads = await db
    .selectFrom('loads')
    .select(['loads.id', 'loads.loadNumber', 'loads.pickupCity', 'loads.deliveryCity', 'loads.brokerId', 'loads.rate', 'loads.status'])
    .where(readable(scope, 'loads'))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('invoices')
            .select(sql`1`.as('one'))
            .whereRef('invoices.loadId', '=', 'loads.id')
            .whereRef('invoices.companyId', '=', 'loads.companyId')
            .where('invoices.status', '<>', 'void')
            .$if(exceptInvoiceId !== undefined, (query) => query.where('invoices.id', '<>', exceptInvoiceId ?? '')),
        ),
      ),
    )
    .orderBy('loads.createdAt', 'desc')
    .orderBy('loads.id', 'desc')
    .limit(1000)
    .execute();
  const brokers = await db
    .selectFrom('brokers')
    .select(['brokers.id', 'brokers.name', 'brokers.paymentTerms'])
    .where(readable(scope, 'brokers'))
    .orderBy('brokers.name')
    .orderBy('brokers.id')
    .limit(1000)
    .execute();
  return { loads, brokers };
}

/** Recent Invoices on the treasury dashboard (the spec's constant). */
export const TREASURY_RECENT_INVOICES = 20;

const figure = (filter: string) =>
  sql.raw(
    `jsonb_build_object('count', count(*) filter (where ${filter}), 'amount', (coalesce(sum(invoices.amount) filter (where ${filter}), 0))::numeric(14, 2)::text)`,
  );

const UNPAID_SQL = `invoices.status in ('draft', 'sent')`;
const daysOverdue = `(current_date - invoices.due_date)`;

/**
 * The treasury dashboard's figures, summed in SQL over the company's invoices in one statement
 * (definitions in docs/invoices.md), and the latest 20 invoices by invoice date.
 */
export async function treasuryDashboard(db: InvoicesDb, scope: Scope): Promise<TreasuryDashboard> {
  const figures = await invoicesWithParties(db, scope)
    .select([
      sql<Figure>`${figure(`invoices.status = 'draft'`)}`.as('totalPending'),
      sql<Figure>`${figure(UNPAID_SQL)}`.as('outstanding'),
      sql<Figure>`${figure(`invoices.status = 'paid' and invoices.paid_at >= date_trunc('month', current_date)`)}`.as('paidThisMonth'),
      sql<Figure>`${figure(`${UNPAID_SQL} and loads.factoring`)}`.as('factoringActive'),
      sql<Figure>`${figure(`${UNPAID_SQL} and ${daysOverdue} <= 0`)}`.as('current'),
      sql<Figure>`${figure(`${UNPAID_SQL} and ${daysOverdue} between 1 and 30`)}`.as('days1to30'),
      sql<Figure>`${figure(`${UNPAID_SQL} and ${daysOverdue} between 31 and 60`)}`.as('days31to60'),
      sql<Figure>`${figure(`${UNPAID_SQL} and ${daysOverdue} between 61 and 90`)}`.as('days61to90'),
      sql<Figure>`${figure(`${UNPAID_SQL} and ${daysOverdue} > 90`)}`.as('days90plus'),
    ])
    .executeTakeFirstOrThrow();
  const recentInvoices = await invoicesWithParties(db, scope)
    .select(LIST_COLUMNS)
    .orderBy('invoices.invoiceDate', 'desc')
    .orderBy('invoices.createdAt', 'desc')
    .orderBy('invoices.id', 'desc')
    .limit(TREASURY_RECENT_INVOICES)
    .execute();
  const { totalPending, outstanding, paidThisMonth, factoringActive, ...ageing } = figures;
  return { totalPending, outstanding, paidThisMonth, factoringActive, ageing, recentInvoices };
}

/** Everything the invoice's PDF and its mail show: the invoice, its company, broker and load. */
export async function invoiceDocumentData(db: InvoicesDb, scope: Scope, id: string) {
  const invoice = await findInvoice(db, scope, id);
  if (!invoice) return undefined;
  const company = await db
    .selectFrom('companies')
    .select(['companies.name', 'companies.email', 'companies.phone', 'companies.address', 'companies.mcNumber', 'companies.dotNumber'])
    .where('companies.id', '=', scope.companyId)
    .executeTakeFirst();
  const broker = invoice.brokerId
    ? await db
        .selectFrom('brokers')
        .select(['brokers.name', 'brokers.companyName', 'brokers.email', 'brokers.address', 'brokers.paymentTerms'])
        .where(readable(scope, 'brokers'))
        .where('brokers.id', '=', invoice.brokerId)
        .executeTakeFirst()
    : undefined;
  const load = invoice.loadId
    ? await db
        .selectFrom('loads')
        .select([
          'loads.loadNumber',
          'loads.referenceNumber',
          'loads.pickupCity',
          'loads.pickupState',
          'loads.pickupDate',
          'loads.deliveryCity',
          'loads.deliveryState',
          'loads.deliveryDate',
          'loads.commodity',
          'loads.lineHaul',
          ACCESSORIALS_JSON.as('accessorials'),
        ])
        .where(readable(scope, 'loads'))
        .where('loads.id', '=', invoice.loadId)
        .executeTakeFirst()
    : undefined;
  return { invoice, company: company ?? null, broker: broker ?? null, load: load ?? null };
}

export type InvoiceDocumentData = NonNullable<Awaited<ReturnType<typeof invoiceDocumentData>>>;
