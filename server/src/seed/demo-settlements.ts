import type { DriverPayType, PayBasis } from '#shared/schemas/settlements.js';
import type { Db } from '../db/database.js';
import type { Scope } from '../db/scope.js';
import { withCompany } from '../db/with-company.js';
import { openPeriod } from '../domains/settlements/gather.js';
import { addDays, localDate, weekStartOf } from '../domains/settlements/pay-rules.js';
import {
  addLine,
  approveAll,
  companySettlementSettings,
  createDeduction,
  listSettlements,
  markPaid,
  setProfile,
} from '../domains/settlements/settlements.repository.js';

/**
 * Driver pay in the demo workspace (issue 30, docs/settlements.md), once (a company with pay
 * profiles is left as it is), by the treasury member through the domain's own functions (so
 * audited, and the demo driver is notified of their approved statements):
 * - pay profiles for the drivers with delivered loads, from three weeks back, on mixed bases; the
 *   driver of the demo carrier (the carrier user's) an owner-operator of that carrier at 25% of rate;
 * - deductions: the owner-operator's recurring insurance and escrow, a company driver's advance;
 * - two paid weeks (approved, paid by ACH the Friday after) and one open week (drafts, one with a
 *   detention line added with its reason).
 */
const BASES: { payBasis: PayBasis; rate: string; extra?: boolean }[] = [
  { payBasis: 'loaded_mile', rate: '0.62', extra: true },
  { payBasis: 'line_haul_percent', rate: '28' },
  { payBasis: 'total_mile', rate: '0.55' },
  { payBasis: 'flat', rate: '475' },
];
// Every demo driver with a delivery (about 40): none of the demo weeks shows a "no pay profile" line.
const MAX_DRIVERS = 100;

export async function seedDemoSettlements(db: Db, companyId: string): Promise<boolean> {
  const setup = await withCompany(db, { companyId, userId: null }, async (tx) => {
    if (await tx.selectFrom('payProfiles').select('id').limit(1).executeTakeFirst()) return null;
    const staff = await tx
      .selectFrom('userRoles')
      .select(['userId', 'role'])
      .where('companyId', '=', companyId)
      .where('role', 'in', ['treasury', 'admin'])
      .execute();
    const treasury = staff.find((member) => member.role === 'treasury') ?? staff[0];
    const drivers = await tx
      .selectFrom('drivers')
      .select(['drivers.id', 'drivers.carrierId', 'drivers.userId'])
      .where('drivers.companyId', '=', companyId)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('loads').select('loads.id').whereRef('loads.driverId', '=', 'drivers.id').where('loads.status', '=', 'delivered'),
        ),
      )
      .orderBy('drivers.userId', (order) => order.asc().nullsLast())
      .orderBy('drivers.createdAt')
      .orderBy('drivers.id')
      .limit(MAX_DRIVERS)
      .execute();
    const carrierUser = await tx.selectFrom('carrierUsers').select('carrierId').where('companyId', '=', companyId).executeTakeFirst();
    return { treasury: treasury?.userId ?? null, drivers, carrierId: carrierUser?.carrierId ?? null };
  });
  if (!setup?.treasury || setup.drivers.length === 0) return false;
  const scope: Scope = { companyId, userId: setup.treasury, role: 'treasury', isMasterAdmin: false, readsCompanyId: companyId };
  // The owner-operator: a driver of the carrier user's carrier, else the last of the list (who then drives for that carrier).
  const ownerOperator = setup.drivers.find((driver) => setup.carrierId && driver.carrierId === setup.carrierId) ?? setup.drivers.at(-1);

  await withCompany(db, { companyId, userId: setup.treasury }, async (tx) => {
    const settings = await companySettlementSettings(tx, companyId);
    const thisWeek = weekStartOf(localDate(new Date(), settings.timeZone), settings.settlementWeekStartsOn);
    const firstWeek = addDays(thisWeek, -21);
    for (const [index, driver] of setup.drivers.entries()) {
      const owner = driver === ownerOperator && setup.carrierId !== null;
      const basis = BASES[index % BASES.length] ?? BASES[0];
      const driverType: DriverPayType = owner ? 'owner_operator' : 'company';
      await setProfile(tx, scope, {
        driverId: driver.id,
        effectiveFrom: firstWeek,
        driverType,
        carrierId: owner ? setup.carrierId : null,
        payBasis: owner ? 'rate_percent' : (basis?.payBasis ?? 'loaded_mile'),
        rate: owner ? '25' : (basis?.rate ?? '0.60'),
        extraItems: basis?.extra && !owner ? [{ kind: 'stop_pay', description: 'Stop pay', amount: '35.00' }] : [],
      });
      if (owner) {
        await createDeduction(tx, scope, {
          driverId: driver.id,
          kind: 'recurring',
          description: 'Occupational accident insurance',
          amount: '42.50',
          startsOn: firstWeek,
        });
        await createDeduction(tx, scope, {
          driverId: driver.id,
          kind: 'escrow',
          description: 'Maintenance escrow',
          amount: '100.00',
          total: '2500.00',
          startsOn: firstWeek,
        });
      }
    }
    // A company driver's advance (the second of the list, else the first), repaid $100 a week.
    const advanced = setup.drivers.find((driver) => driver !== ownerOperator) ?? setup.drivers[0];
    if (advanced) {
      await createDeduction(tx, scope, {
        driverId: advanced.id,
        kind: 'advance',
        description: 'Cash advance',
        amount: '100.00',
        total: '300.00',
        startsOn: firstWeek,
      });
      await createDeduction(tx, scope, {
        driverId: advanced.id,
        kind: 'one_off',
        description: 'Fuel card overage',
        amount: '38.75',
        startsOn: addDays(thisWeek, -7),
      });
    }

    // Two paid weeks, then the open one.
    for (const [index, startsOn] of [firstWeek, addDays(firstWeek, 7)].entries()) {
      const period = await openPeriod(tx, scope, startsOn);
      await approveAll(tx, scope, period.id);
      for (const settlement of await listSettlements(tx, companyId, period.id)) {
        await markPaid(tx, scope, {
          id: settlement.id,
          paidOn: addDays(period.endsOn, 5),
          method: index === 0 ? 'check' : 'ach',
          reference: null,
        });
      }
    }
    const open = await openPeriod(tx, scope, addDays(thisWeek, -7));
    const [first] = await listSettlements(tx, companyId, open.id);
    if (first) {
      await addLine(tx, scope, {
        settlementId: first.id,
        kind: 'extra_pay',
        description: 'Detention at the receiver',
        amount: '90.00',
        reason: 'Held 3 hours past the appointment',
      });
    }
  });
  return true;
}
