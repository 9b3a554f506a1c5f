import { randomUUID } from 'node:crypto';
import type { Db } from '../../../../server/src/db/database.js';
import type { Scope } from '../../../../server/src/db/scope.js';
import { withCompany } from '../../../../server/src/db/with-company.js';
import { openPeriod } from '../../../../server/src/domains/settlements/gather.js';
import { localDate, weekStartOf } from '../../../../server/src/domains/settlements/pay-rules.js';
import { approve, companySettlementSettings, createDeduction } from '../../../../server/src/domains/settlements/settlements.repository.js';
import { createDriver, createLoad, type Author, type TestCompany } from '../../../support/factories.js';
import { SIGNED_IN, allowedBy, type ProcedureRule, type Sample } from '../authorization-matrix.js';
import { linkDriverAccount } from './portal.js';

const scopeOf = (company: TestCompany): Scope => ({
  companyId: company.companyId,
  userId: company.users.admin.userId,
  role: 'admin',
  isMasterAdmin: false,
  readsCompanyId: company.companyId,
});

/** This week's start in the company's own time zone and week start day (what a load delivered now falls in). */
async function thisWeek(db: Db, company: TestCompany): Promise<string> {
  return withCompany(db, company.users.admin, async (tx) => {
    const settings = await companySettlementSettings(tx, company.companyId);
    return weekStartOf(localDate(new Date(), settings.timeZone), settings.settlementWeekStartsOn);
  });
}

export interface DraftSettlement {
  settlementId: string;
  periodId: string;
  driverId: string;
  loadId: string;
  lineId: string;
}

/**
 * A draft settlement of the company for a new driver (a pay profile, one load delivered now),
 * gathered by the real opening of this week's period; approved when asked. `driverId`: an existing
 * driver record instead (a linked account's).
 */
export async function createDraftSettlement(
  db: Db,
  company: TestCompany,
  options: { approved?: boolean; driverId?: string } = {},
): Promise<DraftSettlement> {
  const driverId =
    options.driverId ?? (await createDriver(db, company.users.admin, { firstName: 'Matrix', lastName: `Pay ${randomUUID().slice(0, 6)}` }));
  const loadId = await createLoad(db, company.users.dispatcher, { driverId, status: 'delivered', rate: '1800.00' });
  const startsOn = await thisWeek(db, company);
  return withCompany(db, company.users.admin, async (tx) => {
    const scope = scopeOf(company);
    await tx
      .insertInto('payProfiles')
      .values({
        companyId: company.companyId,
        driverId,
        effectiveFrom: '2000-01-01',
        driverType: 'company',
        payBasis: 'flat',
        rate: '250',
        extraItems: '[]',
      })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    const period = await openPeriod(tx, scope, startsOn);
    const settlement = await tx
      .selectFrom('settlements')
      .select('id')
      .where('companyId', '=', company.companyId)
      .where('periodId', '=', period.id)
      .where('driverId', '=', driverId)
      .executeTakeFirstOrThrow();
    const line = await tx
      .selectFrom('settlementLines')
      .select('id')
      .where('companyId', '=', company.companyId)
      .where('settlementId', '=', settlement.id)
      .where('loadId', '=', loadId)
      .executeTakeFirstOrThrow();
    if (options.approved) await approve(tx, scope, settlement.id);
    return { settlementId: settlement.id, periodId: period.id, driverId, loadId, lineId: line.id };
  });
}

/** A bare draft settlement of the driver in a week of its own (no lines): what the live feed's tests need of one row. */
export async function createSettlementRow(db: Db, by: Author, driverId: string, startsOn = '2026-06-01'): Promise<string> {
  return withCompany(db, by, async (tx) => {
    await tx
      .insertInto('settlementPeriods')
      .values({
        companyId: by.companyId,
        startsOn,
        endsOn: new Date(Date.parse(`${startsOn}T00:00:00Z`) + 6 * 86_400_000).toISOString().slice(0, 10),
      })
      .onConflict((conflict) => conflict.columns(['companyId', 'startsOn']).doNothing())
      .execute();
    const period = await tx
      .selectFrom('settlementPeriods')
      .select('id')
      .where('companyId', '=', by.companyId)
      .where('startsOn', '=', startsOn)
      .executeTakeFirstOrThrow();
    const row = await tx
      .insertInto('settlements')
      .values({ companyId: by.companyId, periodId: period.id, driverId })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

const draft = ({ company, services }: Sample) => createDraftSettlement(services.db, company);

const read = allowedBy('settlements', 'read');
const write = allowedBy('settlements', 'write');
const miles = allowedBy('settlements', 'miles');

export const settlementsRules = {
  'settlements.listProfiles': { type: 'query', allowed: read, input: () => ({}) },
  'settlements.setProfile': {
    type: 'mutation',
    allowed: write,
    input: async ({ company, services }) => ({
      driverId: await createDriver(services.db, company.users.admin),
      effectiveFrom: '2026-11-01',
      driverType: 'company',
      payBasis: 'loaded_mile',
      rate: '0.62',
    }),
  },
  'settlements.listDeductions': { type: 'query', allowed: read, input: () => ({}) },
  'settlements.createDeduction': {
    type: 'mutation',
    allowed: write,
    input: async ({ company, services }) => ({
      driverId: await createDriver(services.db, company.users.admin),
      kind: 'recurring',
      description: 'Insurance',
      amount: '45.00',
      startsOn: '2026-11-01',
    }),
  },
  'settlements.endDeduction': {
    type: 'mutation',
    allowed: write,
    input: async ({ company, services }) => {
      const driverId = await createDriver(services.db, company.users.admin);
      const deduction = await withCompany(services.db, company.users.admin, (tx) =>
        createDeduction(tx, scopeOf(company), {
          driverId,
          kind: 'one_off',
          description: 'Damage',
          amount: '80.00',
          startsOn: '2026-11-01',
        }),
      );
      return { id: deduction.id };
    },
  },
  'settlements.listPeriods': { type: 'query', allowed: read, input: () => undefined },
  'settlements.periodDefaults': { type: 'query', allowed: read, input: () => undefined },
  'settlements.openPeriod': {
    type: 'mutation',
    allowed: write,
    input: async ({ company, services }) => ({ startsOn: await thisWeek(services.db, company) }),
  },
  'settlements.refreshPeriod': {
    type: 'mutation',
    allowed: write,
    input: async (sample) => ({ periodId: (await draft(sample)).periodId }),
  },
  'settlements.listSettlements': { type: 'query', allowed: read, input: async (sample) => ({ periodId: (await draft(sample)).periodId }) },
  'settlements.getSettlement': { type: 'query', allowed: read, input: async (sample) => ({ id: (await draft(sample)).settlementId }) },
  'settlements.updateLine': {
    type: 'mutation',
    allowed: write,
    input: async (sample) => ({ id: (await draft(sample)).lineId, amount: '260.00', reason: 'Agreed with the driver' }),
  },
  'settlements.addLine': {
    type: 'mutation',
    allowed: write,
    input: async (sample) => ({
      settlementId: (await draft(sample)).settlementId,
      kind: 'extra_pay',
      description: 'Detention',
      amount: '50',
      reason: '2 h',
    }),
  },
  'settlements.removeLine': {
    type: 'mutation',
    allowed: write,
    input: async (sample) => ({ id: (await draft(sample)).lineId, reason: 'Paid twice' }),
  },
  'settlements.approve': { type: 'mutation', allowed: write, input: async (sample) => ({ id: (await draft(sample)).settlementId }) },
  'settlements.approveAll': { type: 'mutation', allowed: write, input: async (sample) => ({ periodId: (await draft(sample)).periodId }) },
  'settlements.markPaid': {
    type: 'mutation',
    allowed: write,
    input: async ({ company, services }) => ({
      id: (await createDraftSettlement(services.db, company, { approved: true })).settlementId,
      paidOn: '2026-11-27',
      method: 'ach',
    }),
  },
  'settlements.loadMiles': {
    type: 'query',
    allowed: miles,
    input: async ({ company, services }) => ({ loadId: await createLoad(services.db, company.users.dispatcher, { status: 'delivered' }) }),
  },
  'settlements.setLoadMiles': {
    type: 'mutation',
    allowed: miles,
    input: async ({ company, services }) => ({
      loadId: await createLoad(services.db, company.users.dispatcher, { status: 'delivered' }),
      loadedMiles: '812',
    }),
  },
  'settlements.statementPdf': { type: 'mutation', allowed: read, input: async (sample) => ({ id: (await draft(sample)).settlementId }) },
  'settlements.reportByPeriod': { type: 'query', allowed: read, input: () => ({ from: '2026-01-01', to: '2026-12-31' }) },
  'settlements.reportPerDriver': { type: 'query', allowed: read, input: () => ({ from: '2026-01-01', to: '2026-12-31' }) },
  'settlements.reportYtd': { type: 'query', allowed: read, input: () => ({ year: 2026 }) },
  'settlements.report1099': { type: 'query', allowed: read, input: () => ({ year: 2026 }) },
  'settlements.reportCsv': { type: 'mutation', allowed: read, input: () => ({ report: 'ytd', year: 2026 }) },
  // Anyone signed in reads the portal: their own statements (none without a driver record or a carrier link).
  'portal.statements': { type: 'query', allowed: SIGNED_IN, input: () => undefined },
  'portal.statementPdf': {
    type: 'mutation',
    allowed: SIGNED_IN,
    // The caller's account linked to a driver record with an approved settlement: their own statement.
    input: async ({ company, services, user }) => {
      const driverId = await linkDriverAccount(services, company, { userId: user?.userId ?? company.users.driver.userId });
      return { id: (await createDraftSettlement(services.db, company, { approved: true, driverId })).settlementId };
    },
  },
} satisfies Record<string, ProcedureRule>;
