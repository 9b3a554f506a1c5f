import { randomUUID } from 'node:crypto';
import type { Db } from '../../../../server/src/db/database.js';
import { withCompany } from '../../../../server/src/db/with-company.js';
import type { TestCompany } from '../../../support/harness.js';
import type { Persona, ProcedureRule, SampleContext } from '../authorization-matrix.js';

/** docs/permissions.md: every staff role reads brokers; a master admin every company's. */
const BROKER_READERS = ['admin', 'sales', 'dispatcher', 'treasury', 'masterAdmin'] as const satisfies readonly Persona[];
/** Admins, dispatchers and sales add and edit; treasury changes none; a master admin only in their own company. */
const BROKER_WRITERS = ['admin', 'sales', 'dispatcher', 'masterAdmin'] as const satisfies readonly Persona[];
/** Only admins delete brokers (they carry payment history). */
const BROKER_DELETERS = ['admin', 'masterAdmin'] as const satisfies readonly Persona[];

/** A broker of the company, written by its dispatcher inside the company's transaction. */
export async function createCompanyBroker(db: Db, company: TestCompany, name = `Matrix Broker ${randomUUID().slice(0, 6)}`) {
  return withCompany(db, { companyId: company.companyId, userId: company.users.dispatcher.userId }, async (tx) => {
    const row = await tx.insertInto('brokers').values({ companyId: company.companyId, name }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  });
}

const brokerId = async ({ company, services }: SampleContext) => ({ id: await createCompanyBroker(services.db, company) });

export const brokersRules = {
  'brokers.list': { type: 'query', allowed: BROKER_READERS, input: () => ({ limit: 10 }) },
  'brokers.get': { type: 'query', allowed: BROKER_READERS, input: brokerId },
  'brokers.create': {
    type: 'mutation',
    allowed: BROKER_WRITERS,
    input: () => ({
      name: `Matrix Broker ${randomUUID().slice(0, 6)}`,
      companyName: 'Matrix Logistics',
      paymentTerms: 'Net 30',
      email: '',
    }),
  },
  'brokers.update': {
    type: 'mutation',
    allowed: BROKER_WRITERS,
    input: async (sample: SampleContext) => ({ ...(await brokerId(sample)), paymentTerms: 'Net 15' }),
  },
  'brokers.delete': { type: 'mutation', allowed: BROKER_DELETERS, input: brokerId },
} satisfies Record<string, ProcedureRule>;
