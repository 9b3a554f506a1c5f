import { randomUUID } from 'node:crypto';
import type { Db } from '../../../../server/src/db/database.js';
import { withCompany } from '../../../../server/src/db/with-company.js';
import type { TestCompany } from '../../../support/harness.js';
import type { Persona, ProcedureRule, SampleContext } from '../authorization-matrix.js';

/** docs/permissions.md: admins, dispatchers, sales (their own) and treasury read drivers; a master admin every company's. */
const DRIVER_READERS = ['admin', 'sales', 'dispatcher', 'treasury', 'masterAdmin'] as const satisfies readonly Persona[];
/** Admins, dispatchers and sales (their own) add, edit and delete; a master admin only in their own company. */
const DRIVER_WRITERS = ['admin', 'sales', 'dispatcher', 'masterAdmin'] as const satisfies readonly Persona[];

/**
 * A driver of the company, written by its sales member inside the company's transaction, so it is
 * the sales member's own and every reader, sales included, reaches it.
 */
export async function createSalesDriver(db: Db, company: TestCompany, values: { firstName?: string; lastName?: string } = {}) {
  return withCompany(db, { companyId: company.companyId, userId: company.users.sales.userId }, async (tx) => {
    const row = await tx
      .insertInto('drivers')
      .values({
        companyId: company.companyId,
        firstName: values.firstName ?? 'Matrix',
        lastName: values.lastName ?? `Driver ${randomUUID().slice(0, 6)}`,
        salesAgentId: company.users.sales.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

const driverId = async ({ company, services }: SampleContext) => ({ id: await createSalesDriver(services.db, company) });

export const driversRules = {
  'drivers.list': { type: 'query', allowed: DRIVER_READERS, input: () => ({ limit: 10 }) },
  'drivers.get': { type: 'query', allowed: DRIVER_READERS, input: driverId },
  'drivers.location': { type: 'query', allowed: DRIVER_READERS, input: driverId },
  'drivers.create': {
    type: 'mutation',
    allowed: DRIVER_WRITERS,
    input: () => ({ firstName: 'Rosa', lastName: `Matrix ${randomUUID().slice(0, 6)}`, phone: '+1 555 010 2020', licenseExpiry: '' }),
  },
  'drivers.update': {
    type: 'mutation',
    allowed: DRIVER_WRITERS,
    input: async (sample: SampleContext) => ({ ...(await driverId(sample)), status: 'on_route', notes: 'Matrix edit' }),
  },
  'drivers.delete': { type: 'mutation', allowed: DRIVER_WRITERS, input: driverId },
} satisfies Record<string, ProcedureRule>;
