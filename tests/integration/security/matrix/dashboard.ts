import type { LoadStatus } from '#shared/constants.js';
import type { Db } from '../../../../server/src/db/database.js';
import { withCompany } from '../../../../server/src/db/with-company.js';
import type { Persona, ProcedureRule } from '../authorization-matrix.js';

/** Generic dashboard counters and recent loads: staff of the company (sales: their own loads), a master admin in their own company. */
const DASHBOARD_READERS = ['admin', 'sales', 'dispatcher', 'treasury', 'masterAdmin'] as const satisfies readonly Persona[];

export const dashboardRules = {
  'dashboard.summary': { type: 'query', allowed: DASHBOARD_READERS, input: () => undefined },
} satisfies Record<string, ProcedureRule>;

/**
 * Records for the dashboard's and realtime's tests, written as the given user inside their
 * company's transaction (as the app role, so row-level security and the triggers apply).
 */
export interface SampleLoad {
  loadNumber?: string;
  status?: LoadStatus;
  driverId?: string | null;
  salesUserId?: string | null;
  createdBy?: string | null;
  rate?: string | null;
  createdAt?: Date;
}

export async function insertLoad(db: Db, scope: { companyId: string; userId: string | null }, load: SampleLoad = {}): Promise<string> {
  return withCompany(db, scope, async (tx) => {
    const row = await tx
      .insertInto('loads')
      .values({
        companyId: scope.companyId,
        loadNumber: load.loadNumber ?? `LOAD-${Date.now()}-${Math.floor(Math.random() * 1e6)}`,
        pickupLocation: '1200 Industrial Pkwy',
        pickupCity: 'Dallas',
        pickupState: 'TX',
        deliveryLocation: '88 Harbor Rd',
        deliveryCity: 'Atlanta',
        deliveryState: 'GA',
        commodity: 'Paper products',
        rate: load.rate === undefined ? '2450.00' : load.rate,
        status: load.status ?? 'pending',
        driverId: load.driverId ?? null,
        salesUserId: load.salesUserId ?? null,
        createdBy: load.createdBy === undefined ? scope.userId : load.createdBy,
        ...(load.createdAt ? { createdAt: load.createdAt } : {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

export async function setLoadStatus(db: Db, scope: { companyId: string; userId: string | null }, id: string, status: LoadStatus) {
  await withCompany(db, scope, (tx) => tx.updateTable('loads').set({ status }).where('id', '=', id).execute());
}

export async function insertDriver(
  db: Db,
  scope: { companyId: string; userId: string | null },
  driver: { firstName?: string; lastName?: string; salesAgentId?: string | null } = {},
): Promise<string> {
  return withCompany(db, scope, async (tx) => {
    const row = await tx
      .insertInto('drivers')
      .values({
        companyId: scope.companyId,
        firstName: driver.firstName ?? 'Rosa',
        lastName: driver.lastName ?? 'Delgado',
        salesAgentId: driver.salesAgentId ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

export async function insertBroker(
  db: Db,
  scope: { companyId: string; userId: string | null },
  name = 'Lakeside Logistics',
): Promise<string> {
  return withCompany(db, scope, async (tx) => {
    const row = await tx.insertInto('brokers').values({ companyId: scope.companyId, name }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  });
}
