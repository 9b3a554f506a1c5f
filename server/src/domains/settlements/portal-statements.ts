import { sql } from 'kysely';
import type { PortalStatement } from '#shared/schemas/settlements.js';
import { notFound } from '../../errors.js';
import type { Scope } from '../../db/scope.js';
import { findOwnCarrier, findOwnDriver } from '../portal/own-driver.js';
import type { Db } from './settlements.repository.js';

/**
 * Whose statements a portal account reads (docs/settlements.md, "Who sees pay"): a driver their
 * own (drivers.user_id), approved or paid; a carrier's user those of the carrier's owner-operators:
 * settlements made under a pay profile of driver type owner_operator naming that carrier (the
 * settlement keeps the profile's carrier, so a later change of profile does not move old
 * statements). Staff and anyone else: none.
 */
export interface PortalOwner {
  driverId: string | null;
  carrierId: string | null;
}

export async function portalOwner(db: Db, scope: Scope): Promise<PortalOwner> {
  const [driver, carrierId] = await Promise.all([findOwnDriver(db, scope), findOwnCarrier(db, scope)]);
  return { driverId: driver?.id ?? null, carrierId };
}

function ownStatements(db: Db, companyId: string, owner: PortalOwner) {
  return db
    .selectFrom('settlements as s')
    .innerJoin('settlementPeriods as p', (join) => join.onRef('p.companyId', '=', 's.companyId').onRef('p.id', '=', 's.periodId'))
    .innerJoin('drivers as d', (join) => join.onRef('d.companyId', '=', 's.companyId').onRef('d.id', '=', 's.driverId'))
    .where('s.companyId', '=', companyId)
    .where('s.status', 'in', ['approved', 'paid'])
    .where((eb) => {
      const mine = [];
      if (owner.driverId) mine.push(eb('s.driverId', '=', owner.driverId));
      if (owner.carrierId) mine.push(eb.and([eb('s.carrierId', '=', owner.carrierId), eb('s.driverType', '=', 'owner_operator')]));
      return mine.length > 0 ? eb.or(mine) : eb.val(false);
    });
}

export async function listPortalStatements(db: Db, scope: Scope): Promise<PortalStatement[]> {
  const owner = await portalOwner(db, scope);
  if (!owner.driverId && !owner.carrierId) return [];
  const rows = await ownStatements(db, scope.companyId, owner)
    .select([
      's.id',
      sql<string>`trim(d.first_name || ' ' || d.last_name)`.as('driverName'),
      sql<string>`p.starts_on::text`.as('periodStartsOn'),
      sql<string>`p.ends_on::text`.as('periodEndsOn'),
      sql<string>`(select coalesce(sum(l.amount), 0)::numeric(14, 2)::text from settlement_lines l where l.company_id = s.company_id and l.settlement_id = s.id)`.as(
        'net',
      ),
      sql<string>`(select coalesce(sum(l.amount) filter (where l.amount > 0), 0)::numeric(14, 2)::text from settlement_lines l
        where l.company_id = s.company_id and l.settlement_id = s.id)`.as('gross'),
      's.status',
      sql<string | null>`to_json(s.approved_at) #>> '{}'`.as('approvedAt'),
      sql<string | null>`s.paid_on::text`.as('paidAt'),
    ])
    .orderBy('p.startsOn', 'desc')
    .orderBy('d.lastName')
    .orderBy('s.id')
    .limit(520)
    .execute();
  return rows;
}

/** The settlement id if the caller may read its statement through the portal; otherwise not found (exactly like a missing one). */
export async function ownStatementId(db: Db, scope: Scope, id: string): Promise<string> {
  const owner = await portalOwner(db, scope);
  if (!owner.driverId && !owner.carrierId) throw notFound('Statement');
  const row = await ownStatements(db, scope.companyId, owner).select('s.id').where('s.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Statement');
  return row.id;
}

/** The driver portal's "settled pay": the net of the driver's approved and paid settlements of this year (by period start). */
export async function settledPayThisYear(db: Db, companyId: string, driverId: string): Promise<string> {
  const row = await db
    .selectFrom('settlementLines as l')
    .innerJoin('settlements as s', (join) => join.onRef('s.companyId', '=', 'l.companyId').onRef('s.id', '=', 'l.settlementId'))
    .innerJoin('settlementPeriods as p', (join) => join.onRef('p.companyId', '=', 's.companyId').onRef('p.id', '=', 's.periodId'))
    .select(sql<string>`coalesce(sum(l.amount), 0)::numeric(14, 2)::text`.as('net'))
    .where('l.companyId', '=', companyId)
    .where('s.driverId', '=', driverId)
    .where('s.status', 'in', ['approved', 'paid'])
    .where(sql<boolean>`extract(year from p.starts_on) = extract(year from current_date)`)
    .executeTakeFirstOrThrow();
  return row.net;
}
