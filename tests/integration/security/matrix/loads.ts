import { randomUUID } from 'node:crypto';
import type { Db } from '../../../../server/src/db/database.js';
import { withCompany } from '../../../../server/src/db/with-company.js';
import type { TestCompany } from '../../../support/harness.js';
import type { Persona, ProcedureRule, SampleContext } from '../authorization-matrix.js';

/** Loads: admins, dispatchers, sales (their own) and treasury read; a master admin reads every company's (docs/permissions.md). */
const LOAD_READERS = ['admin', 'sales', 'dispatcher', 'treasury', 'masterAdmin'] as const satisfies readonly Persona[];
/** Admins, dispatchers and sales (their own) create, edit and change status; a master admin only in their own company. */
const LOAD_WRITERS = ['admin', 'sales', 'dispatcher', 'masterAdmin'] as const satisfies readonly Persona[];

const asAdmin = (company: TestCompany) => ({ companyId: company.companyId, userId: company.users.admin.userId });

/** A driver of the company, the sales member's own (so every writer may assign it). */
export async function createDriverRecord(
  db: Db,
  company: TestCompany,
  name = { firstName: 'Rosa', lastName: `Driver ${randomUUID().slice(0, 6)}` },
) {
  return withCompany(db, asAdmin(company), async (tx) => {
    const row = await tx
      .insertInto('drivers')
      .values({ companyId: company.companyId, ...name, salesAgentId: company.users.sales.userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

export async function createBrokerRecord(db: Db, company: TestCompany, name = `Broker ${randomUUID().slice(0, 6)}`) {
  return withCompany(db, asAdmin(company), async (tx) => {
    const row = await tx.insertInto('brokers').values({ companyId: company.companyId, name }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  });
}

/** A carrier of the company, the sales member's own. */
export async function createCarrierRecord(db: Db, company: TestCompany, name = `Carrier ${randomUUID().slice(0, 6)}`) {
  return withCompany(db, asAdmin(company), async (tx) => {
    const row = await tx
      .insertInto('carriers')
      .values({ companyId: company.companyId, name, salesAgentId: company.users.sales.userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

/** A pending load of the company, sold by its sales member (so every reader, sales included, may see it). */
export async function createLoadRecord(db: Db, company: TestCompany, values: { loadNumber?: string; driverId?: string | null } = {}) {
  return withCompany(db, asAdmin(company), async (tx) => {
    const row = await tx
      .insertInto('loads')
      .values({
        companyId: company.companyId,
        loadNumber: values.loadNumber ?? `LOAD-${randomUUID().slice(0, 8)}`,
        pickupLocation: '100 Harbor Way',
        pickupCity: 'Oakland',
        pickupState: 'CA',
        deliveryLocation: '5 Commerce Dr',
        deliveryCity: 'Reno',
        deliveryState: 'NV',
        rate: '1800.00',
        driverId: values.driverId ?? null,
        createdBy: company.users.sales.userId,
        salesUserId: company.users.sales.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

/** A valid load form naming the company's own driver, broker and carrier (created for the call). */
export async function loadFormFor({ company, services }: SampleContext) {
  return {
    loadNumber: `LOAD-${Date.now()}`,
    referenceNumber: 'PO-7781',
    pickupLocation: '100 Harbor Way',
    pickupCity: 'Oakland',
    pickupState: 'ca',
    pickupDate: '2026-12-01',
    deliveryLocation: '5 Commerce Dr',
    deliveryCity: 'Reno',
    deliveryState: 'NV',
    deliveryDate: '2026-12-02',
    commodity: 'Produce',
    weight: '42000',
    distance: '218',
    rate: '1850.50',
    driverId: await createDriverRecord(services.db, company),
    brokerId: await createBrokerRecord(services.db, company),
    carrierId: await createCarrierRecord(services.db, company),
    salesPercentage: '10',
    factoring: false,
    notes: 'Dock 4',
  };
}

export const loadsRules = {
  'loads.list': { type: 'query', allowed: LOAD_READERS, input: () => ({ search: '', status: 'all' }) },
  'loads.get': {
    type: 'query',
    allowed: LOAD_READERS,
    input: async ({ company, services }) => ({ id: await createLoadRecord(services.db, company) }),
  },
  'loads.formOptions': { type: 'query', allowed: LOAD_READERS, input: () => undefined },
  'loads.create': { type: 'mutation', allowed: LOAD_WRITERS, input: loadFormFor },
  'loads.update': {
    type: 'mutation',
    allowed: LOAD_WRITERS,
    input: async (sample) => ({ id: await createLoadRecord(sample.services.db, sample.company), ...(await loadFormFor(sample)) }),
  },
  'loads.changeStatus': {
    type: 'mutation',
    allowed: LOAD_WRITERS,
    input: async ({ company, services }) => ({ id: await createLoadRecord(services.db, company), status: 'in_transit' }),
  },
} satisfies Record<string, ProcedureRule>;
