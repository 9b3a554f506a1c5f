import { sql, type Kysely } from 'kysely';
import type {
  AddLineInput,
  CreateDeductionInput,
  Deduction,
  MarkPaidInput,
  PayProfile,
  Period,
  PeriodStatus,
  SetProfileInput,
  SettlementDetail,
  SettlementLine,
  SettlementSummary,
} from '#shared/schemas/settlements.js';
import { SETTLEMENT_TEXTS } from '#shared/schemas/settlements.js';
import { AppError, notFound } from '../../errors.js';
import type { Database } from '../../db/schema.js';
import type { Scope } from '../../db/scope.js';
import { isoTimestamp, isoTimestampOrNull } from '../../db/sql.js';
import { cents, lineAmount, money, tidyDecimal, unitRate, units } from './money.js';
import { totalsOf } from './pay-rules.js';

/**
 * Driver pay in the database (docs/settlements.md): every read and write of the settlements
 * domain, in the call's tenant transaction (ctx.db), filtered to the caller's company.
 */
export type Db = Kysely<Database>;

const personName = (userColumn: string, companyColumn: string) =>
  sql<string | null>`(select nullif(trim(p.first_name || ' ' || p.last_name), '') from profiles p
    where p.company_id = ${sql.ref(companyColumn)} and p.user_id = ${sql.ref(userColumn)})`;
const driverName = sql<string>`trim(drivers.first_name || ' ' || drivers.last_name)`;
const text = (column: string) => sql<string>`${sql.ref(column)}::text`;
const nullableText = (column: string) => sql<string | null>`${sql.ref(column)}::text`;

export const locked = () => new AppError('CONFLICT', SETTLEMENT_TEXTS.approvedLocked);

// ---------------------------------------------------------------- company settings

export async function companySettlementSettings(db: Db, companyId: string) {
  const row = await db
    .selectFrom('companies')
    .select(['settlementWeekStartsOn', 'timeZone', 'name', 'address', 'phone', 'email', 'mcNumber', 'dotNumber'])
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
  return row;
}

async function driverOf(db: Db, companyId: string, driverId: string) {
  const driver = await db
    .selectFrom('drivers')
    .select(['id', 'carrierId'])
    .where('companyId', '=', companyId)
    .where('id', '=', driverId)
    .executeTakeFirst();
  if (!driver) throw new AppError('NOT_FOUND', 'Driver not found', { field: 'driverId' });
  return driver;
}

// ---------------------------------------------------------------- pay profiles

export async function listProfiles(db: Db, companyId: string, driverId?: string, id?: string): Promise<PayProfile[]> {
  let query = db
    .selectFrom('payProfiles')
    .innerJoin('drivers', (join) =>
      join.onRef('drivers.companyId', '=', 'payProfiles.companyId').onRef('drivers.id', '=', 'payProfiles.driverId'),
    )
    .leftJoin('carriers', (join) =>
      join.onRef('carriers.companyId', '=', 'payProfiles.companyId').onRef('carriers.id', '=', 'payProfiles.carrierId'),
    )
    .select([
      'payProfiles.id',
      'payProfiles.driverId',
      driverName.as('driverName'),
      text('payProfiles.effectiveFrom').as('effectiveFrom'),
      'payProfiles.driverType',
      'payProfiles.carrierId',
      'carriers.name as carrierName',
      'payProfiles.payBasis',
      text('payProfiles.rate').as('rate'),
      'payProfiles.extraItems',
      personName('payProfiles.createdBy', 'payProfiles.companyId').as('createdByName'),
      isoTimestamp('payProfiles.createdAt').as('createdAt'),
    ])
    .where('payProfiles.companyId', '=', companyId)
    .orderBy('drivers.lastName')
    .orderBy('drivers.firstName')
    .orderBy('payProfiles.driverId')
    .orderBy('payProfiles.effectiveFrom', 'desc')
    .limit(5000);
  if (driverId) query = query.where('payProfiles.driverId', '=', driverId);
  if (id) query = query.where('payProfiles.id', '=', id);
  const rows = await query.execute();
  return rows.map((row) => ({
    ...row,
    rate: tidyDecimal(row.rate),
    extraItems: row.extraItems.map((item) => ({ kind: item.kind, description: item.description, amount: money(cents(item.amount)) })),
  }));
}

/** A new version of the driver's pay from its date (the same date again: that version is replaced). Settled lines keep their amounts. */
export async function setProfile(
  db: Db,
  scope: Scope,
  input: SetProfileInput & { rate: string; effectiveFrom: string },
): Promise<PayProfile> {
  const driver = await driverOf(db, scope.companyId, input.driverId);
  let carrierId = input.carrierId ?? null;
  if (input.driverType === 'owner_operator') {
    carrierId ??= driver.carrierId;
    if (!carrierId) throw new AppError('BAD_REQUEST', SETTLEMENT_TEXTS.carrierRequired, { field: 'carrierId' });
  }
  if (carrierId) {
    const carrier = await db
      .selectFrom('carriers')
      .select('id')
      .where('companyId', '=', scope.companyId)
      .where('id', '=', carrierId)
      .executeTakeFirst();
    if (!carrier) throw new AppError('NOT_FOUND', 'Carrier not found', { field: 'carrierId' });
  }
  const extraItems = JSON.stringify(input.extraItems ?? []);
  const row = await db
    .insertInto('payProfiles')
    .values({
      companyId: scope.companyId,
      driverId: input.driverId,
      effectiveFrom: input.effectiveFrom,
      driverType: input.driverType,
      carrierId,
      payBasis: input.payBasis,
      rate: input.rate,
      extraItems,
      createdBy: scope.userId,
    })
    .onConflict((conflict) =>
      conflict.columns(['companyId', 'driverId', 'effectiveFrom']).doUpdateSet({
        driverType: input.driverType,
        carrierId,
        payBasis: input.payBasis,
        rate: input.rate,
        extraItems,
        createdBy: scope.userId,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  const [profile] = await listProfiles(db, scope.companyId, undefined, row.id);
  return profile as PayProfile;
}

// ---------------------------------------------------------------- deductions

/** What approved and paid settlements took for each deduction (positive cents text). */
const takenSql = sql<string>`coalesce((select -sum(l.amount) from settlement_lines l
  join settlements s on s.company_id = l.company_id and s.id = l.settlement_id
  where l.company_id = driver_deductions.company_id and l.deduction_id = driver_deductions.id and s.status <> 'draft'), 0)::numeric(12, 2)::text`;

export async function listDeductions(db: Db, companyId: string, driverId?: string, id?: string): Promise<Deduction[]> {
  let query = db
    .selectFrom('driverDeductions')
    .innerJoin('drivers', (join) =>
      join.onRef('drivers.companyId', '=', 'driverDeductions.companyId').onRef('drivers.id', '=', 'driverDeductions.driverId'),
    )
    .select([
      'driverDeductions.id',
      'driverDeductions.driverId',
      driverName.as('driverName'),
      'driverDeductions.kind',
      'driverDeductions.description',
      text('driverDeductions.amount').as('amount'),
      nullableText('driverDeductions.total').as('total'),
      takenSql.as('taken'),
      text('driverDeductions.startsOn').as('startsOn'),
      isoTimestampOrNull('driverDeductions.endedAt').as('endedAt'),
      personName('driverDeductions.enteredBy', 'driverDeductions.companyId').as('enteredByName'),
      isoTimestamp('driverDeductions.createdAt').as('createdAt'),
    ])
    .where('driverDeductions.companyId', '=', companyId)
    .orderBy('driverDeductions.createdAt', 'desc')
    .orderBy('driverDeductions.id', 'desc')
    .limit(5000);
  if (driverId) query = query.where('driverDeductions.driverId', '=', driverId);
  if (id) query = query.where('driverDeductions.id', '=', id);
  const rows = await query.execute();
  return rows.map(({ taken, ...row }) => ({
    ...row,
    balance:
      row.kind === 'advance' && row.total !== null
        ? money(cents(row.total) - cents(taken))
        : row.kind === 'escrow'
          ? money(cents(taken))
          : null,
  }));
}

export async function createDeduction(
  db: Db,
  scope: Scope,
  input: CreateDeductionInput & { amount: string; total?: string | null; startsOn: string },
): Promise<Deduction> {
  await driverOf(db, scope.companyId, input.driverId);
  const needsTotal = input.kind === 'escrow' || input.kind === 'advance';
  if (needsTotal && !input.total) throw new AppError('BAD_REQUEST', SETTLEMENT_TEXTS.totalRequired, { field: 'total' });
  if (needsTotal && input.total && cents(input.total) <= 0n)
    throw new AppError('BAD_REQUEST', 'Total must be more than 0', { field: 'total' });
  if (cents(input.amount) <= 0n) throw new AppError('BAD_REQUEST', 'Amount must be more than 0', { field: 'amount' });
  const row = await db
    .insertInto('driverDeductions')
    .values({
      companyId: scope.companyId,
      driverId: input.driverId,
      kind: input.kind,
      description: input.description,
      amount: input.amount,
      total: needsTotal ? (input.total ?? null) : null,
      startsOn: input.startsOn,
      enteredBy: scope.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const [deduction] = await listDeductions(db, scope.companyId, undefined, row.id);
  return deduction as Deduction;
}

export async function endDeduction(db: Db, scope: Scope, id: string): Promise<Deduction> {
  const row = await db
    .selectFrom('driverDeductions')
    .select(['id', 'endedAt'])
    .where('companyId', '=', scope.companyId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound('Deduction');
  if (row.endedAt) throw new AppError('CONFLICT', SETTLEMENT_TEXTS.alreadyEnded, { field: 'id' });
  await db
    .updateTable('driverDeductions')
    .set({ endedAt: sql<Date>`now()` })
    .where('companyId', '=', scope.companyId)
    .where('id', '=', id)
    .execute();
  const [deduction] = await listDeductions(db, scope.companyId, undefined, id);
  return deduction as Deduction;
}

// ---------------------------------------------------------------- load miles

/** The company's load, or 'Load not found' naming the field. */
export async function assertLoad(db: Db, scope: Scope, loadId: string): Promise<void> {
  const load = await db
    .selectFrom('loads')
    .select('id')
    .where('companyId', '=', scope.companyId)
    .where('id', '=', loadId)
    .executeTakeFirst();
  if (!load) throw new AppError('NOT_FOUND', 'Load not found', { field: 'loadId' });
}

export async function setLoadMiles(
  db: Db,
  scope: Scope,
  input: { loadId: string; loadedMiles?: string | null; emptyMiles?: string | null },
): Promise<{ loadedMiles: string | null; emptyMiles: string | null }> {
  await assertLoad(db, scope, input.loadId);
  const changes: { loadedMiles?: string | null; emptyMiles?: string | null } = {};
  if (input.loadedMiles !== undefined) changes.loadedMiles = input.loadedMiles;
  if (input.emptyMiles !== undefined) changes.emptyMiles = input.emptyMiles;
  const row = await db
    .insertInto('loadMiles')
    .values({ companyId: scope.companyId, loadId: input.loadId, ...changes, updatedBy: scope.userId })
    .onConflict((conflict) =>
      conflict.columns(['companyId', 'loadId']).doUpdateSet({ ...changes, updatedBy: scope.userId, updatedAt: sql<Date>`now()` }),
    )
    .returning([nullableText('loadedMiles').as('loadedMiles'), nullableText('emptyMiles').as('emptyMiles')])
    .executeTakeFirstOrThrow();
  return row;
}

// ---------------------------------------------------------------- periods

const periodStatus = (count: number, approved: number, paid: number): PeriodStatus =>
  count > 0 && paid === count ? 'paid' : count > 0 && approved + paid === count ? 'approved' : 'open';

export async function listPeriods(db: Db, companyId: string, id?: string): Promise<Period[]> {
  let query = db
    .selectFrom('settlementPeriods as p')
    .select([
      'p.id',
      text('p.startsOn').as('startsOn'),
      text('p.endsOn').as('endsOn'),
      sql<string>`(select count(*) from settlements s where s.company_id = p.company_id and s.period_id = p.id)`.as('settlementCount'),
      sql<string>`(select count(*) from settlements s where s.company_id = p.company_id and s.period_id = p.id and s.status = 'approved')`.as(
        'approvedCount',
      ),
      sql<string>`(select count(*) from settlements s where s.company_id = p.company_id and s.period_id = p.id and s.status = 'paid')`.as(
        'paidCount',
      ),
      sql<string>`(select coalesce(sum(l.amount) filter (where l.amount > 0), 0)::text from settlement_lines l
        join settlements s on s.company_id = l.company_id and s.id = l.settlement_id
        where s.company_id = p.company_id and s.period_id = p.id)`.as('gross'),
      sql<string>`(select coalesce(sum(l.amount) filter (where l.amount < 0), 0)::text from settlement_lines l
        join settlements s on s.company_id = l.company_id and s.id = l.settlement_id
        where s.company_id = p.company_id and s.period_id = p.id)`.as('deductions'),
    ])
    .where('p.companyId', '=', companyId)
    .orderBy('p.startsOn', 'desc')
    .limit(520);
  if (id) query = query.where('p.id', '=', id);
  const rows = await query.execute();
  return rows.map((row) => {
    const count = Number(row.settlementCount);
    const approved = Number(row.approvedCount);
    const paid = Number(row.paidCount);
    const gross = cents(row.gross);
    const deductions = cents(row.deductions);
    return {
      id: row.id,
      startsOn: row.startsOn,
      endsOn: row.endsOn,
      settlementCount: count,
      approvedCount: approved,
      paidCount: paid,
      gross: money(gross),
      deductions: money(deductions),
      net: money(gross + deductions),
      status: periodStatus(count, approved, paid),
    };
  });
}

export async function findPeriod(db: Db, companyId: string, id: string): Promise<Period> {
  const [period] = await listPeriods(db, companyId, id);
  if (!period) throw notFound('Period');
  return period;
}

// ---------------------------------------------------------------- settlements

function summaryQuery(db: Db, companyId: string) {
  return db
    .selectFrom('settlements')
    .innerJoin('drivers', (join) =>
      join.onRef('drivers.companyId', '=', 'settlements.companyId').onRef('drivers.id', '=', 'settlements.driverId'),
    )
    .innerJoin('settlementPeriods as period', (join) =>
      join.onRef('period.companyId', '=', 'settlements.companyId').onRef('period.id', '=', 'settlements.periodId'),
    )
    .select([
      'settlements.id',
      'settlements.periodId',
      'settlements.driverId',
      driverName.as('driverName'),
      'settlements.driverType',
      'settlements.status',
      'settlements.carrierId',
      text('period.startsOn').as('periodStartsOn'),
      text('period.endsOn').as('periodEndsOn'),
      sql<string>`(select count(distinct l.load_id) from settlement_lines l
        where l.company_id = settlements.company_id and l.settlement_id = settlements.id and l.kind = 'load_pay')`.as('loadCount'),
      sql<string>`(select coalesce(sum(l.miles), 0)::text from settlement_lines l
        where l.company_id = settlements.company_id and l.settlement_id = settlements.id and l.kind = 'load_pay')`.as('miles'),
      sql<string>`(select coalesce(sum(l.amount) filter (where l.amount > 0), 0)::text from settlement_lines l
        where l.company_id = settlements.company_id and l.settlement_id = settlements.id)`.as('gross'),
      sql<string>`(select coalesce(sum(l.amount) filter (where l.amount < 0), 0)::text from settlement_lines l
        where l.company_id = settlements.company_id and l.settlement_id = settlements.id)`.as('deductions'),
      isoTimestampOrNull('settlements.approvedAt').as('approvedAt'),
      nullableText('settlements.paidOn').as('paidAt'),
      'settlements.paidMethod',
      'settlements.paidReference',
    ])
    .where('settlements.companyId', '=', companyId);
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>['execute']>>[number];

function toSummary(row: SummaryRow): SettlementSummary {
  const gross = cents(row.gross);
  const deductions = cents(row.deductions);
  return {
    id: row.id,
    periodId: row.periodId,
    driverId: row.driverId,
    driverName: row.driverName,
    driverType: row.driverType,
    status: row.status,
    loadCount: Number(row.loadCount),
    miles: tidyDecimal(row.miles),
    gross: money(gross),
    deductions: money(deductions),
    net: money(gross + deductions),
    approvedAt: row.approvedAt,
    paidAt: row.paidAt,
    paidMethod: row.paidMethod,
  };
}

export async function listSettlements(db: Db, companyId: string, periodId: string): Promise<SettlementSummary[]> {
  const rows = await summaryQuery(db, companyId)
    .where('settlements.periodId', '=', periodId)
    .orderBy('drivers.lastName')
    .orderBy('drivers.firstName')
    .orderBy('settlements.id')
    .execute();
  return rows.map(toSummary);
}

export async function findSettlementRow(db: Db, companyId: string, id: string) {
  return (await summaryQuery(db, companyId).where('settlements.id', '=', id).executeTakeFirst()) ?? null;
}

export async function findSummary(db: Db, companyId: string, id: string): Promise<SettlementSummary> {
  const row = await findSettlementRow(db, companyId, id);
  if (!row) throw notFound('Settlement');
  return toSummary(row);
}

export async function settlementLines(db: Db, companyId: string, settlementId: string): Promise<SettlementLine[]> {
  const rows = await db
    .selectFrom('settlementLines as line')
    .leftJoin('loads', (join) => join.onRef('loads.companyId', '=', 'line.companyId').onRef('loads.id', '=', 'line.loadId'))
    .innerJoin('companies', 'companies.id', 'line.companyId')
    .select([
      'line.id',
      'line.kind',
      'line.loadId',
      'loads.loadNumber',
      sql<string | null>`case when loads.id is null then null
        else loads.pickup_city || ', ' || loads.pickup_state || ' → ' || loads.delivery_city || ', ' || loads.delivery_state end`.as(
        'lane',
      ),
      sql<string | null>`case when loads.id is null then null
        else coalesce((coalesce(loads.status_updated_at, loads.updated_at) at time zone companies.time_zone)::date, loads.delivery_date)::text end`.as(
        'loadDate',
      ),
      'line.description',
      nullableText('line.quantity').as('quantity'),
      nullableText('line.unitRate').as('unitRate'),
      text('line.amount').as('amount'),
      'line.milesEstimated',
      personName('line.enteredBy', 'line.companyId').as('enteredByName'),
      'line.reason',
    ])
    .where('line.companyId', '=', companyId)
    .where('line.settlementId', '=', settlementId)
    .orderBy(sql`case line.kind when 'load_pay' then 0 when 'extra_pay' then 1 when 'adjustment' then 2 when 'advance' then 3 else 4 end`)
    .orderBy('loads.loadNumber')
    .orderBy('line.createdAt')
    .orderBy('line.id')
    .execute();
  return rows.map((row) => ({
    ...row,
    quantity: row.quantity === null ? null : tidyDecimal(row.quantity),
    unitRate: row.unitRate === null ? null : tidyDecimal(row.unitRate),
  }));
}

export async function getSettlement(db: Db, companyId: string, id: string): Promise<SettlementDetail> {
  const row = await findSettlementRow(db, companyId, id);
  if (!row) throw notFound('Settlement');
  const lines = await settlementLines(db, companyId, id);
  // The escrow held and the year's figures as of this settlement: the driver's settled ones up to
  // its period, and this one (a draft too).
  const year = row.periodStartsOn.slice(0, 4);
  const figures = await db
    .selectFrom('settlementLines as l')
    .innerJoin('settlements as s', (join) => join.onRef('s.companyId', '=', 'l.companyId').onRef('s.id', '=', 'l.settlementId'))
    .innerJoin('settlementPeriods as p', (join) => join.onRef('p.companyId', '=', 's.companyId').onRef('p.id', '=', 's.periodId'))
    .select([
      sql<string>`coalesce(-sum(l.amount) filter (where l.kind = 'escrow'), 0)::text`.as('escrow'),
      sql<string>`coalesce(sum(l.amount) filter (where l.amount > 0 and extract(year from p.starts_on) = ${Number(year)}), 0)::text`.as(
        'ytdGross',
      ),
      sql<string>`coalesce(sum(l.amount) filter (where extract(year from p.starts_on) = ${Number(year)}), 0)::text`.as('ytdNet'),
    ])
    .where('l.companyId', '=', companyId)
    .where('s.driverId', '=', row.driverId)
    .where('p.startsOn', '<=', row.periodStartsOn)
    .where((eb) => eb.or([eb('s.status', '<>', 'draft'), eb('s.id', '=', id)]))
    .executeTakeFirstOrThrow();
  return {
    ...toSummary(row),
    periodStartsOn: row.periodStartsOn,
    periodEndsOn: row.periodEndsOn,
    lines,
    escrowBalance: money(cents(figures.escrow)),
    ytdGross: money(cents(figures.ytdGross)),
    ytdNet: money(cents(figures.ytdNet)),
  };
}

/** The settlement locked for a change; refused unless a draft. */
export async function lockDraft(db: Db, companyId: string, settlementId: string) {
  const row = await db
    .selectFrom('settlements')
    .select(['id', 'status', 'driverId'])
    .where('companyId', '=', companyId)
    .where('id', '=', settlementId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound('Settlement');
  if (row.status !== 'draft') throw locked();
  return row;
}

async function lineOf(db: Db, companyId: string, id: string) {
  const line = await db
    .selectFrom('settlementLines')
    .select(['id', 'settlementId', text('quantity').as('quantity'), text('unitRate').as('unitRate')])
    .where('companyId', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!line) throw notFound('Line');
  return line;
}

/** A line changed by a person, with their reason; a new quantity or unit rate computes its amount unless one is given. */
export async function updateLine(
  db: Db,
  scope: Scope,
  input: { id: string; description?: string; quantity?: string | null; unitRate?: string | null; amount?: string; reason: string },
): Promise<string> {
  const line = await lineOf(db, scope.companyId, input.id);
  await lockDraft(db, scope.companyId, line.settlementId);
  const quantity = input.quantity === undefined ? (line.quantity as string | null) : input.quantity;
  const rate = input.unitRate === undefined ? (line.unitRate as string | null) : input.unitRate;
  let amount = input.amount;
  if (amount === undefined && (input.quantity !== undefined || input.unitRate !== undefined) && quantity !== null && rate !== null) {
    amount = money(lineAmount(units(quantity), unitRate(rate)));
  }
  await db
    .updateTable('settlementLines')
    .set({
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.quantity !== undefined ? { quantity: input.quantity } : {}),
      ...(input.unitRate !== undefined ? { unitRate: input.unitRate } : {}),
      ...(amount !== undefined ? { amount } : {}),
      reason: input.reason,
      enteredBy: scope.userId,
      updatedAt: sql<Date>`now()`,
    })
    .where('companyId', '=', scope.companyId)
    .where('id', '=', input.id)
    .execute();
  return line.settlementId;
}

export async function addLine(db: Db, scope: Scope, input: AddLineInput & { amount: string }): Promise<string> {
  const settlement = await lockDraft(db, scope.companyId, input.settlementId);
  if (input.loadId) {
    const load = await db
      .selectFrom('loads')
      .select('id')
      .where('companyId', '=', scope.companyId)
      .where('id', '=', input.loadId)
      .where('driverId', '=', settlement.driverId)
      .executeTakeFirst();
    if (!load) throw new AppError('NOT_FOUND', 'Load not found', { field: 'loadId' });
  }
  if (input.kind === 'load_pay') {
    if (!input.loadId) throw new AppError('BAD_REQUEST', 'Load pay needs its load', { field: 'loadId' });
    const paid = await db
      .selectFrom('settlementLines')
      .select('id')
      .where('companyId', '=', scope.companyId)
      .where('loadId', '=', input.loadId)
      .where('kind', '=', 'load_pay')
      .executeTakeFirst();
    if (paid) throw new AppError('CONFLICT', 'This load is already in a settlement', { field: 'loadId' });
  }
  await db
    .insertInto('settlementLines')
    .values({
      companyId: scope.companyId,
      settlementId: input.settlementId,
      kind: input.kind,
      loadId: input.loadId ?? null,
      description: input.description,
      amount: input.amount,
      enteredBy: scope.userId,
      reason: input.reason,
    })
    .execute();
  return input.settlementId;
}

/**
 * A line taken out, with the reason (the audit trail keeps the line and the acting user; the
 * reason is written onto the line first, so the trail holds it too).
 */
export async function removeLine(db: Db, scope: Scope, input: { id: string; reason: string }): Promise<string> {
  const line = await lineOf(db, scope.companyId, input.id);
  await lockDraft(db, scope.companyId, line.settlementId);
  await db
    .updateTable('settlementLines')
    .set({ reason: input.reason, enteredBy: scope.userId })
    .where('companyId', '=', scope.companyId)
    .where('id', '=', input.id)
    .execute();
  await db.deleteFrom('settlementLines').where('companyId', '=', scope.companyId).where('id', '=', input.id).execute();
  return line.settlementId;
}

export async function approve(db: Db, scope: Scope, id: string): Promise<SettlementSummary> {
  await lockDraft(db, scope.companyId, id);
  await db
    .updateTable('settlements')
    .set({ status: 'approved', approvedAt: sql<Date>`now()`, approvedBy: scope.userId, updatedAt: sql<Date>`now()` })
    .where('companyId', '=', scope.companyId)
    .where('id', '=', id)
    .execute();
  return findSummary(db, scope.companyId, id);
}

export async function approveAll(db: Db, scope: Scope, periodId: string): Promise<Period> {
  await findPeriod(db, scope.companyId, periodId);
  await db
    .updateTable('settlements')
    .set({ status: 'approved', approvedAt: sql<Date>`now()`, approvedBy: scope.userId, updatedAt: sql<Date>`now()` })
    .where('companyId', '=', scope.companyId)
    .where('periodId', '=', periodId)
    .where('status', '=', 'draft')
    .execute();
  return findPeriod(db, scope.companyId, periodId);
}

export async function markPaid(db: Db, scope: Scope, input: MarkPaidInput & { paidOn: string }): Promise<SettlementSummary> {
  const row = await db
    .selectFrom('settlements')
    .select(['status'])
    .where('companyId', '=', scope.companyId)
    .where('id', '=', input.id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound('Settlement');
  if (row.status !== 'approved') throw new AppError('CONFLICT', SETTLEMENT_TEXTS.notApproved, { field: 'id' });
  await db
    .updateTable('settlements')
    .set({
      status: 'paid',
      paidOn: input.paidOn,
      paidMethod: input.method,
      paidReference: input.reference ?? null,
      updatedAt: sql<Date>`now()`,
    })
    .where('companyId', '=', scope.companyId)
    .where('id', '=', input.id)
    .execute();
  return findSummary(db, scope.companyId, input.id);
}

export { totalsOf };
