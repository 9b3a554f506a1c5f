import { randomUUID } from 'node:crypto';
import type { Db } from '../../../../server/src/db/database.js';
import { withCompany } from '../../../../server/src/db/with-company.js';
import type { TestCompany } from '../../../support/harness.js';
import type { Persona, ProcedureRule, SampleContext } from '../authorization-matrix.js';

/** docs/permissions.md: admins, dispatchers and sales (their own) read carriers, treasury does not; a master admin every company's. */
const CARRIER_READERS = ['admin', 'sales', 'dispatcher', 'masterAdmin'] as const satisfies readonly Persona[];
/** Admins, dispatchers and sales (their own) add, edit and delete; a master admin only in their own company. */
const CARRIER_WRITERS = ['admin', 'sales', 'dispatcher', 'masterAdmin'] as const satisfies readonly Persona[];

/**
 * A carrier of the company, written by its sales member inside the company's transaction, so it
 * is the sales member's own and every reader, sales included, reaches it.
 */
export async function createSalesCarrier(db: Db, company: TestCompany, name = `Matrix Carrier ${randomUUID().slice(0, 6)}`) {
  return withCompany(db, { companyId: company.companyId, userId: company.users.sales.userId }, async (tx) => {
    const row = await tx
      .insertInto('carriers')
      .values({ companyId: company.companyId, name, salesAgentId: company.users.sales.userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

const carrierId = async ({ company, services }: SampleContext) => ({ id: await createSalesCarrier(services.db, company) });

export const carriersRules = {
  'carriers.list': { type: 'query', allowed: CARRIER_READERS, input: () => ({ limit: 10 }) },
  'carriers.get': { type: 'query', allowed: CARRIER_READERS, input: carrierId },
  'carriers.options': { type: 'query', allowed: CARRIER_WRITERS, input: () => undefined },
  'carriers.create': {
    type: 'mutation',
    allowed: CARRIER_WRITERS,
    input: () => ({
      name: `Matrix Carrier ${randomUUID().slice(0, 6)}`,
      mcNumber: 'MC-204817',
      dotNumber: '1938270',
      insuranceExpiry: '',
    }),
  },
  'carriers.update': {
    type: 'mutation',
    allowed: CARRIER_WRITERS,
    input: async (sample: SampleContext) => ({ ...(await carrierId(sample)), contractSigned: true }),
  },
  'carriers.delete': { type: 'mutation', allowed: CARRIER_WRITERS, input: carrierId },
} satisfies Record<string, ProcedureRule>;
