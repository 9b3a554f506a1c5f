import { type Kysely, sql } from 'kysely';
import type { FuelPurchase, IftaReport } from '#shared/schemas/ifta.js';
import { quarterRange } from '#shared/schemas/ifta.js';
import type { Database } from '../../db/schema.js';
import type { Scope } from '../../db/scope.js';
import { AppError } from '../../errors.js';

type Db = Kysely<Database>;

/** IFTA's reads and writes (issue 31, item 5), always inside the caller's company (and row-level security). */

export interface FuelValues {
  truckId: string;
  purchasedOn: string;
  jurisdiction: string;
  gallons: string;
  amount: string;
  vendor: string | null | undefined;
}

function fuelSelect(db: Db, companyId: string) {
  return db
    .selectFrom('fuelPurchases as f')
    .innerJoin('trucks as t', (join) => join.onRef('t.companyId', '=', 'f.companyId').onRef('t.id', '=', 'f.truckId'))
    .select([
      'f.id',
      'f.truckId',
      't.unitNumber as truckUnit',
      'f.purchasedOn',
      'f.jurisdiction',
      'f.gallons',
      'f.amount',
      'f.vendor',
      'f.source',
      'f.createdAt',
    ])
    .where('f.companyId', '=', companyId);
}

type FuelRow = Omit<FuelPurchase, 'createdAt'> & { createdAt: Date };
const wire = (row: FuelRow): FuelPurchase => ({ ...row, createdAt: row.createdAt.toISOString() });

export async function listFuelPurchases(db: Db, scope: Scope, quarter: string, truckId?: string): Promise<FuelPurchase[]> {
  const { from, to } = quarterRange(quarter);
  let query = fuelSelect(db, scope.companyId).where('f.purchasedOn', '>=', from).where('f.purchasedOn', '<=', to);
  if (truckId) query = query.where('f.truckId', '=', truckId);
  const rows = await query.orderBy('f.purchasedOn', 'desc').orderBy('f.id', 'desc').limit(5_000).execute();
  return rows.map(wire);
}

export async function findFuelPurchase(db: Db, scope: Scope, id: string): Promise<FuelPurchase | undefined> {
  const row = await fuelSelect(db, scope.companyId).where('f.id', '=', id).executeTakeFirst();
  return row ? wire(row) : undefined;
}

/** The company's trucks by id and by unit number (lowercased): the form's and the import's lookups. */
export async function companyTrucks(db: Db, scope: Scope): Promise<{ id: string; unitNumber: string }[]> {
  return db.selectFrom('trucks').select(['id', 'unitNumber']).where('companyId', '=', scope.companyId).execute();
}

async function requireTruck(db: Db, scope: Scope, truckId: string): Promise<void> {
  const truck = await db
    .selectFrom('trucks')
    .select('id')
    .where('companyId', '=', scope.companyId)
    .where('id', '=', truckId)
    .executeTakeFirst();
  if (!truck) throw new AppError('NOT_FOUND', 'Truck not found', { field: 'truckId' });
}

export async function insertFuelPurchases(db: Db, scope: Scope, values: FuelValues[], source: 'manual' | 'import'): Promise<string[]> {
  if (values.length === 0) return [];
  if (source === 'manual') for (const value of values) await requireTruck(db, scope, value.truckId);
  const rows = await db
    .insertInto('fuelPurchases')
    .values(values.map((value) => ({ ...value, vendor: value.vendor ?? null, companyId: scope.companyId, source })))
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

export async function updateFuelPurchase(db: Db, scope: Scope, id: string, values: FuelValues): Promise<boolean> {
  await requireTruck(db, scope, values.truckId);
  const result = await db
    .updateTable('fuelPurchases')
    .set({ ...values, vendor: values.vendor ?? null })
    .where('companyId', '=', scope.companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteFuelPurchase(db: Db, scope: Scope, id: string): Promise<boolean> {
  const result = await db.deleteFrom('fuelPurchases').where('companyId', '=', scope.companyId).where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function listTaxRates(db: Db, scope: Scope, quarter: string): Promise<{ jurisdiction: string; rate: string }[]> {
  return db
    .selectFrom('iftaTaxRates')
    .select(['jurisdiction', 'rate'])
    .where('companyId', '=', scope.companyId)
    .where('quarter', '=', quarter)
    .orderBy('jurisdiction')
    .execute();
}

/** Sets the given jurisdictions' rates for the quarter (others are left as they are). */
export async function upsertTaxRates(
  db: Db,
  scope: Scope,
  quarter: string,
  rates: { jurisdiction: string; rate: string }[],
): Promise<void> {
  if (rates.length === 0) return;
  await db
    .insertInto('iftaTaxRates')
    .values(rates.map((rate) => ({ companyId: scope.companyId, quarter, jurisdiction: rate.jurisdiction, rate: rate.rate })))
    .onConflict((conflict) => conflict.columns(['companyId', 'quarter', 'jurisdiction']).doUpdateSet({ rate: sql`excluded.rate` }))
    .execute();
}

interface LineRow {
  jurisdiction: string;
  miles: string;
  taxableGallons: string;
  gallonsBought: string;
  netTaxableGallons: string;
  rate: string | null;
  taxDue: string | null;
}

/**
 * The quarterly report, exact in SQL numerics: miles per jurisdiction from ifta_daily (whole
 * miles), the fleet's MPG (total miles / total gallons bought, 2 places), taxable gallons = miles /
 * MPG (2 places), gallons bought, net taxable gallons, the quarter's rate and the tax due (net ×
 * rate, to the cent; negative is a credit). Miles outside every state's outline are the line 'XX'
 * (no rate, no tax).
 */
export async function iftaReport(db: Db, scope: Scope, quarter: string): Promise<IftaReport> {
  const { from, to } = quarterRange(quarter);
  const companyId = scope.companyId;
  const totals = await sql<{ miles: string; gallons: string; mpg: string | null }>`
    with m as (select coalesce(sum(miles), 0) as miles from ifta_daily where company_id = ${companyId} and day between ${from} and ${to}),
         g as (select coalesce(sum(gallons), 0) as gallons from fuel_purchases where company_id = ${companyId} and purchased_on between ${from} and ${to})
    select round(m.miles, 0)::text as miles, round(g.gallons, 2)::text as gallons,
           case when g.gallons > 0 and m.miles > 0 then round(round(m.miles, 0) / g.gallons, 2)::text end as mpg
    from m, g
  `.execute(db);
  const total = totals.rows[0] ?? { miles: '0', gallons: '0.00', mpg: null };
  const mpg = total.mpg;
  const lines = await sql<LineRow>`
    with m as (select jurisdiction, round(sum(miles), 0) as miles from ifta_daily
               where company_id = ${companyId} and day between ${from} and ${to} group by jurisdiction),
         g as (select jurisdiction, sum(gallons) as gallons from fuel_purchases
               where company_id = ${companyId} and purchased_on between ${from} and ${to} group by jurisdiction),
         j as (select jurisdiction from m union select jurisdiction from g),
         l as (
           select j.jurisdiction, coalesce(m.miles, 0) as miles,
                  case when ${mpg}::numeric > 0 then round(coalesce(m.miles, 0) / ${mpg}::numeric, 2) else 0 end as taxable,
                  round(coalesce(g.gallons, 0), 2) as bought,
                  r.rate
           from j left join m using (jurisdiction) left join g using (jurisdiction)
           left join ifta_tax_rates r on r.company_id = ${companyId} and r.quarter = ${quarter} and r.jurisdiction = j.jurisdiction
         )
    select jurisdiction, miles::text as miles, taxable::text as "taxableGallons", bought::text as "gallonsBought",
           (taxable - bought)::text as "netTaxableGallons",
           case when jurisdiction <> 'XX' then rate::text end as rate,
           case when jurisdiction <> 'XX' and rate is not null then round((taxable - bought) * rate, 2)::text end as "taxDue"
    from l order by jurisdiction
  `.execute(db);
  const trucks = await sql<{
    truckId: string;
    truckUnit: string;
    miles: string;
    gallons: string;
    jurisdictions: { jurisdiction: string; miles: string }[];
  }>`
    with m as (select truck_id, jurisdiction, round(sum(miles), 0) as miles from ifta_daily
               where company_id = ${companyId} and day between ${from} and ${to} group by truck_id, jurisdiction),
         g as (select truck_id, sum(gallons) as gallons from fuel_purchases
               where company_id = ${companyId} and purchased_on between ${from} and ${to} group by truck_id),
         ids as (select truck_id from m union select truck_id from g)
    select t.id as "truckId", t.unit_number as "truckUnit",
           coalesce((select sum(miles) from m where m.truck_id = t.id), 0)::text as miles,
           round(coalesce(g.gallons, 0), 2)::text as gallons,
           coalesce((select jsonb_agg(jsonb_build_object('jurisdiction', m.jurisdiction, 'miles', m.miles::text) order by m.jurisdiction)
                     from m where m.truck_id = t.id), '[]'::jsonb) as jurisdictions
    from ids join trucks t on t.company_id = ${companyId} and t.id = ids.truck_id
    left join g on g.truck_id = t.id
    order by lower(t.unit_number)
  `.execute(db);
  const gaps = await db
    .selectFrom('iftaGaps as g')
    .innerJoin('trucks as t', (join) => join.onRef('t.companyId', '=', 'g.companyId').onRef('t.id', '=', 'g.truckId'))
    .select([
      'g.id',
      'g.truckId',
      't.unitNumber as truckUnit',
      'g.startedAt',
      'g.endedAt',
      'g.miles',
      'g.fromJurisdiction',
      'g.toJurisdiction',
    ])
    .where('g.companyId', '=', companyId)
    .where('g.endedAt', '>=', new Date(`${from}T00:00:00Z`))
    .where('g.startedAt', '<=', new Date(`${to}T23:59:59.999Z`))
    .orderBy('g.startedAt')
    .limit(500)
    .execute();
  const totalTax = lines.rows.reduce((sum, line) => sum + (line.taxDue ? cents(line.taxDue) : 0n), 0n);
  return {
    quarter,
    from,
    to,
    totalMiles: total.miles,
    totalGallons: total.gallons,
    fleetMpg: mpg,
    totalTaxDue: money(totalTax),
    lines: lines.rows,
    trucks: trucks.rows,
    gaps: gaps.map((gap) => ({ ...gap, startedAt: gap.startedAt.toISOString(), endedAt: gap.endedAt.toISOString() })),
    missingRates: lines.rows.filter((line) => line.jurisdiction !== 'XX' && line.rate === null).map((line) => line.jurisdiction),
  };
}

/** "12.34" → 1234n (the report's tax figures are already rounded to the cent by SQL). */
function cents(text: string): bigint {
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const value = BigInt(whole + fraction.padEnd(2, '0').slice(0, 2));
  return negative ? -value : value;
}

function money(value: bigint): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}
