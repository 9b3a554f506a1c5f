import { sql } from 'kysely';
import type { Period } from '#shared/schemas/settlements.js';
import { SETTLEMENT_TEXTS } from '#shared/schemas/settlements.js';
import { AppError } from '../../errors.js';
import type { Scope } from '../../db/scope.js';
import { loadGazetteer, type Gazetteer } from '../../services/geo/gazetteer.js';
import { estimateDistance } from '../geo/estimate-distance.js';
import {
  deductionLines,
  emptyMilesOf,
  loadedMilesOf,
  loadPayLines,
  periodFrom,
  profileOn,
  ROAD_FACTOR,
  weekdayOf,
  type DeductionState,
  type MilesFigure,
  type PayLine,
  type PeriodDates,
  type ProfileVersion,
} from './pay-rules.js';
import { companySettlementSettings, findPeriod, type Db } from './settlements.repository.js';

/**
 * Opening a week (docs/settlements.md, "Opening a period"): the period row, then one draft
 * settlement per driver with delivered loads not yet settled (delivered by the period's end, in the
 * company's time zone) or with deductions due, holding its load pay, extra items and deductions.
 * Run again on an open period, it gathers the draft settlements again: their gathered lines are
 * replaced, the lines a person added or changed (with a reason) stay, approved ones are untouched.
 */

/** Lane estimates already made, per gazetteer (a week repeats its lanes: each is located once). */
const estimates = new WeakMap<Gazetteer, Map<string, number | null>>();

const laneEstimate = (gazetteer: Gazetteer, from: { city: string; state: string }, to: { city: string; state: string }): number | null => {
  let known = estimates.get(gazetteer);
  if (!known) {
    known = new Map();
    estimates.set(gazetteer, known);
  }
  const key = `${from.city}\u0001${from.state}\u0001${to.city}\u0001${to.state}`;
  if (known.has(key)) return known.get(key) ?? null;
  const estimate = estimateDistance(gazetteer, { pickup: from, delivery: to });
  const miles = estimate ? Math.round(estimate.miles * ROAD_FACTOR) : null;
  if (known.size >= 50_000) known.clear();
  known.set(key, miles);
  return miles;
};

interface LoadMilesRow {
  pickupCity: string;
  pickupState: string;
  deliveryCity: string;
  deliveryState: string;
  distance: string | null;
  correctedLoaded: string | null;
  correctedEmpty: string | null;
  previousCity: string | null;
  previousState: string | null;
}

/** A load's loaded and empty miles: a correction, its distance, or the estimate from the lane and the previous delivery. */
export function milesOf(gazetteer: Gazetteer, row: LoadMilesRow): { loaded: MilesFigure; empty: MilesFigure } {
  const loaded = loadedMilesOf({
    corrected: row.correctedLoaded,
    distance: row.distance,
    estimate: laneEstimate(
      gazetteer,
      { city: row.pickupCity, state: row.pickupState },
      { city: row.deliveryCity, state: row.deliveryState },
    ),
  });
  const first = row.previousCity === null || row.previousState === null;
  const empty = emptyMilesOf({
    corrected: row.correctedEmpty,
    first,
    estimate: first
      ? null
      : laneEstimate(
          gazetteer,
          { city: row.previousCity as string, state: row.previousState as string },
          { city: row.pickupCity, state: row.pickupState },
        ),
  });
  return { loaded, empty };
}

/** The columns a load's miles come from (loads `l`, its corrections, the driver's delivery before it). */
const MILES_COLUMNS = [
  'l.pickupCity',
  'l.pickupState',
  'l.deliveryCity',
  'l.deliveryState',
  sql<string | null>`l.distance::text`.as('distance'),
  sql<string | null>`m.loaded_miles::text`.as('correctedLoaded'),
  sql<string | null>`m.empty_miles::text`.as('correctedEmpty'),
  sql<string | null>`prev.delivery_city`.as('previousCity'),
  sql<string | null>`prev.delivery_state`.as('previousState'),
] as const;

function loadsWithMiles(db: Db, companyId: string) {
  return db
    .selectFrom('loads as l')
    .leftJoin('loadMiles as m', (join) => join.onRef('m.companyId', '=', 'l.companyId').onRef('m.loadId', '=', 'l.id'))
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('loads as p')
          .select(['p.deliveryCity', 'p.deliveryState'])
          .whereRef('p.companyId', '=', 'l.companyId')
          .whereRef('p.driverId', '=', 'l.driverId')
          .where('p.status', '=', 'delivered')
          .where(sql<boolean>`p.status_updated_at < l.status_updated_at`)
          .orderBy('p.statusUpdatedAt', 'desc')
          .limit(1)
          .as('prev'),
      (join) => join.onTrue(),
    )
    .where('l.companyId', '=', companyId);
}

/** setLoadMiles' answer: the figures now in force for the load, and which are estimates. */
export async function loadMilesNow(db: Db, companyId: string, loadId: string) {
  const row = await loadsWithMiles(db, companyId).select(MILES_COLUMNS).where('l.id', '=', loadId).executeTakeFirstOrThrow();
  const { loaded, empty } = milesOf(await loadGazetteer(), row);
  return { loadedMiles: loaded.miles, emptyMiles: empty.miles, loadedEstimated: loaded.estimated, emptyEstimated: empty.estimated };
}

/** Opens the week that starts on the day (the company's week start day), or gathers it again. */
export async function openPeriod(db: Db, scope: Scope, startsOn: string): Promise<Period> {
  const settings = await companySettlementSettings(db, scope.companyId);
  if (weekdayOf(startsOn) !== settings.settlementWeekStartsOn)
    throw new AppError('BAD_REQUEST', SETTLEMENT_TEXTS.weekStart, { field: 'startsOn' });
  const dates = periodFrom(startsOn);
  await db
    .insertInto('settlementPeriods')
    .values({ companyId: scope.companyId, startsOn: dates.startsOn, endsOn: dates.endsOn, createdBy: scope.userId })
    .onConflict((conflict) => conflict.columns(['companyId', 'startsOn']).doNothing())
    .execute();
  const period = await db
    .selectFrom('settlementPeriods')
    .select('id')
    .where('companyId', '=', scope.companyId)
    .where('startsOn', '=', dates.startsOn)
    .executeTakeFirstOrThrow();
  await gather(db, scope, period.id, dates, settings.timeZone);
  return findPeriod(db, scope.companyId, period.id);
}

export async function refreshPeriod(db: Db, scope: Scope, periodId: string): Promise<Period> {
  const period = await findPeriod(db, scope.companyId, periodId);
  const settings = await companySettlementSettings(db, scope.companyId);
  await gather(db, scope, periodId, { startsOn: period.startsOn, endsOn: period.endsOn }, settings.timeZone);
  return findPeriod(db, scope.companyId, periodId);
}

interface NewLine extends PayLine {
  loadId: string | null;
  deductionId: string | null;
}

const INSERT_BATCH = 1000;

/** The gathering itself (also what the bench measures). */
export async function gather(db: Db, scope: Scope, periodId: string, period: PeriodDates, timeZone: string): Promise<void> {
  const companyId = scope.companyId;
  // Serialise gatherings of one period (two treasury users pressing Open at once).
  await db.selectFrom('settlementPeriods').select('id').where('companyId', '=', companyId).where('id', '=', periodId).forUpdate().execute();
  // The drafts' gathered lines go; lines a person entered or changed (a reason) stay.
  await db
    .deleteFrom('settlementLines')
    .where('companyId', '=', companyId)
    .where('reason', 'is', null)
    .where('settlementId', 'in', (eb) =>
      eb
        .selectFrom('settlements')
        .select('id')
        .where('companyId', '=', companyId)
        .where('periodId', '=', periodId)
        .where('status', '=', 'draft'),
    )
    .execute();
  const closed = db
    .selectFrom('settlements as s')
    .select('s.driverId')
    .where('s.companyId', '=', companyId)
    .where('s.periodId', '=', periodId)
    .where('s.status', '<>', 'draft');
  const deliveredOn = sql<string>`(coalesce(l.status_updated_at, l.updated_at) at time zone ${timeZone})::date`;
  const loads = await loadsWithMiles(db, companyId)
    .select([
      'l.id',
      'l.loadNumber',
      'l.driverId',
      sql<string | null>`l.rate::text`.as('rate'),
      sql<string | null>`l.line_haul::text`.as('lineHaul'),
      sql<string>`coalesce((select sum(a.amount) from load_accessorials a where a.company_id = l.company_id and a.load_id = l.id), 0)::text`.as(
        'accessorials',
      ),
      sql<number>`greatest((select count(*) from load_stops s where s.company_id = l.company_id and s.load_id = l.id) - 2, 0)::int`.as(
        'extraStops',
      ),
      sql<string>`${deliveredOn}::text`.as('deliveredOn'),
      ...MILES_COLUMNS,
    ])
    .where('l.status', '=', 'delivered')
    .where('l.driverId', 'is not', null)
    .where(sql<boolean>`${deliveredOn} <= ${period.endsOn}::date`)
    .where('l.driverId', 'not in', closed)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('settlementLines as paid')
            .select('paid.id')
            .whereRef('paid.companyId', '=', 'l.companyId')
            .whereRef('paid.loadId', '=', 'l.id')
            .where('paid.kind', '=', 'load_pay'),
        ),
      ),
    )
    .orderBy('l.driverId')
    .orderBy(sql`${deliveredOn}`)
    .orderBy('l.loadNumber')
    .execute();

  const deductionRows = await db
    .selectFrom('driverDeductions as d')
    .select([
      'd.id',
      'd.driverId',
      'd.kind',
      'd.description',
      sql<string>`d.amount::text`.as('amount'),
      sql<string | null>`d.total::text`.as('total'),
      sql<string>`d.starts_on::text`.as('startsOn'),
      sql<string | null>`(d.ended_at at time zone ${timeZone})::date::text`.as('endedOn'),
      sql<string>`coalesce((select -sum(l.amount) from settlement_lines l join settlements s on s.company_id = l.company_id and s.id = l.settlement_id
        where l.company_id = d.company_id and l.deduction_id = d.id and s.status <> 'draft'), 0)::text`.as('taken'),
      sql<boolean>`exists (select 1 from settlement_lines l join settlements s on s.company_id = l.company_id and s.id = l.settlement_id
        where l.company_id = d.company_id and l.deduction_id = d.id and s.period_id = ${periodId})`.as('alreadyInPeriod'),
    ])
    .where('d.companyId', '=', companyId)
    .where('d.startsOn', '<=', period.endsOn)
    .where((eb) => eb.or([eb('d.endedAt', 'is', null), eb(sql`(d.ended_at at time zone ${timeZone})::date`, '>=', period.startsOn)]))
    .where('d.driverId', 'not in', closed)
    .execute();

  const driverIds = [...new Set([...loads.map((load) => load.driverId as string), ...deductionRows.map((row) => row.driverId)])];
  if (driverIds.length === 0) {
    await dropEmptyDrafts(db, companyId, periodId);
    return;
  }
  const profileRows = await db
    .selectFrom('payProfiles')
    .select([
      'id',
      'driverId',
      sql<string>`effective_from::text`.as('effectiveFrom'),
      'driverType',
      'carrierId',
      'payBasis',
      sql<string>`rate::text`.as('rate'),
      'extraItems',
    ])
    .where('companyId', '=', companyId)
    .where('driverId', 'in', driverIds)
    .execute();
  const profiles = new Map<string, ProfileVersion[]>();
  for (const row of profileRows) {
    const list = profiles.get(row.driverId) ?? [];
    list.push(row);
    profiles.set(row.driverId, list);
  }

  // A driver with nothing left to gather once the rule below is applied gets no settlement.
  const due = new Set([
    ...loads
      .filter((load) => gathered(profiles.get(load.driverId as string) ?? [], load.deliveredOn, period))
      .map((load) => load.driverId as string),
    ...deductionRows.map((row) => row.driverId),
  ]);
  driverIds.splice(0, driverIds.length, ...driverIds.filter((driverId) => due.has(driverId)));
  if (driverIds.length === 0) {
    await dropEmptyDrafts(db, companyId, periodId);
    return;
  }
  // One draft per driver (kept when it exists; created otherwise), its type from the profile in force at the period's end.
  const existing = await db
    .selectFrom('settlements')
    .select(['id', 'driverId'])
    .where('companyId', '=', companyId)
    .where('periodId', '=', periodId)
    .where('driverId', 'in', driverIds)
    .execute();
  const settlementOf = new Map(existing.map((row) => [row.driverId, row.id]));
  const missing = driverIds.filter((driverId) => !settlementOf.has(driverId));
  for (let start = 0; start < missing.length; start += INSERT_BATCH) {
    const created = await db
      .insertInto('settlements')
      .values(
        missing.slice(start, start + INSERT_BATCH).map((driverId) => {
          const profile = profileOn(profiles.get(driverId) ?? [], period.endsOn);
          return {
            companyId,
            periodId,
            driverId,
            driverType: profile?.driverType ?? 'company',
            carrierId: profile?.carrierId ?? null,
          };
        }),
      )
      .returning(['id', 'driverId'])
      .execute();
    for (const row of created) settlementOf.set(row.driverId, row.id);
  }

  const lines: (NewLine & { settlementId: string })[] = [];
  const gazetteer = await loadGazetteer();
  for (const load of loads) {
    const driverId = load.driverId as string;
    if (!gathered(profiles.get(driverId) ?? [], load.deliveredOn, period)) continue;
    const settlementId = settlementOf.get(driverId) as string;
    const { loaded, empty } = milesOf(gazetteer, load);
    const profile = profileOn(profiles.get(driverId) ?? [], load.deliveredOn);
    if (!profile) {
      lines.push({
        settlementId,
        kind: 'load_pay',
        loadId: load.id,
        deductionId: null,
        description: `Load ${load.loadNumber}: no pay profile on ${load.deliveredOn}`,
        quantity: null,
        unitRate: null,
        amount: '0.00',
        milesEstimated: loaded.estimated || empty.estimated,
        miles: String(Number(loaded.miles ?? 0) + Number(empty.miles ?? 0)),
      });
      continue;
    }
    const payLines = loadPayLines(
      {
        loadNumber: load.loadNumber,
        deliveredOn: load.deliveredOn,
        rate: load.rate,
        lineHaul: load.lineHaul,
        accessorials: load.accessorials,
        loadedMiles: loaded,
        emptyMiles: empty,
        extraStops: Number(load.extraStops),
      },
      profile,
    );
    for (const line of payLines) lines.push({ ...line, settlementId, loadId: load.id, deductionId: null });
  }
  const byDriver = new Map<string, DeductionState[]>();
  for (const row of deductionRows) {
    // A deduction a person already changed in this draft (its line kept) is not taken twice.
    if (row.alreadyInPeriod) continue;
    const list = byDriver.get(row.driverId) ?? [];
    list.push(row);
    byDriver.set(row.driverId, list);
  }
  for (const [driverId, states] of byDriver) {
    const settlementId = settlementOf.get(driverId) as string;
    for (const line of deductionLines(states, period)) lines.push({ ...line, settlementId, loadId: null });
  }
  for (let start = 0; start < lines.length; start += INSERT_BATCH) {
    await db
      .insertInto('settlementLines')
      .values(
        lines.slice(start, start + INSERT_BATCH).map((line) => ({
          companyId,
          settlementId: line.settlementId,
          kind: line.kind,
          loadId: line.loadId,
          deductionId: line.deductionId,
          description: line.description,
          quantity: line.quantity,
          unitRate: line.unitRate,
          amount: line.amount,
          miles: line.miles,
          milesEstimated: line.milesEstimated,
          enteredBy: null,
        })),
      )
      .execute();
  }
  await dropEmptyDrafts(db, companyId, periodId);
}

/**
 * Which unsettled deliveries a period gathers: a driver's loads from the day their first pay
 * profile starts (what was delivered before was paid outside Haulwise); a driver with no profile
 * at all, the loads delivered in the period itself, at $0.00 with "no pay profile" for treasury to see.
 */
function gathered(versions: readonly ProfileVersion[], deliveredOn: string, period: PeriodDates): boolean {
  if (versions.length === 0) return deliveredOn >= period.startsOn;
  return versions.some((version) => version.effectiveFrom <= deliveredOn);
}

/** A draft left with no line (its loads settled elsewhere, its deductions done) is not a settlement. */
async function dropEmptyDrafts(db: Db, companyId: string, periodId: string) {
  await db
    .deleteFrom('settlements')
    .where('companyId', '=', companyId)
    .where('periodId', '=', periodId)
    .where('status', '=', 'draft')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('settlementLines as l')
            .select('l.id')
            .whereRef('l.companyId', '=', 'settlements.companyId')
            .whereRef('l.settlementId', '=', 'settlements.id'),
        ),
      ),
    )
    .execute();
}
