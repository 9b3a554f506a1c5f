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
  name = { first_name: 'Rosa', last_name: `Driver ${randomUUID().slice(0, 6)}` },
) {
  return withCompany(db, asAdmin(company), async (tx) => {
    const row = await tx
      .insertInto('drivers')
      .values({ company_id: company.companyId, ...name, sales_agent_id: company.users.sales.userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

export async function createBrokerRecord(db: Db, company: TestCompany, name = `Broker ${randomUUID().slice(0, 6)}`) {
  return withCompany(db, asAdmin(company), async (tx) => {
    const row = await tx.insertInto('brokers').values({ company_id: company.companyId, name }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  });
}

/** A carrier of the company, the sales member's own. */
export async function createCarrierRecord(db: Db, company: TestCompany, name = `Carrier ${randomUUID().slice(0, 6)}`) {
  return withCompany(db, asAdmin(company), async (tx) => {
    const row = await tx
      .insertInto('carriers')
      .values({ company_id: company.companyId, name, sales_agent_id: company.users.sales.userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

/** A pending load of the company, sold by its sales member (so every reader, sales included, may see it). */
export async function createLoadRecord(db: Db, company: TestCompany, values: { load_number?: string; driver_id?: string | null } = {}) {
  return withCompany(db, asAdmin(company), async (tx) => {
    const row = await tx
      .insertInto('loads')
      .values({
        company_id: company.companyId,
        load_number: values.load_number ?? `LOAD-${randomUUID().slice(0, 8)}`,
        pickup_location: '100 Harbor Way',
        pickup_city: 'Oakland',
        pickup_state: 'CA',
        delivery_location: '5 Commerce Dr',
        delivery_city: 'Reno',
        delivery_state: 'NV',
        rate: '1800.00',
        driver_id: values.driver_id ?? null,
        created_by: company.users.sales.userId,
        sales_user_id: company.users.sales.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

/** A valid load form naming the company's own driver, broker and carrier (created for the call). */
export async function loadFormFor({ company, services }: SampleContext) {
  return {
    load_number: `LOAD-${Date.now()}`,
    reference_number: 'PO-7781',
    pickup_location: '100 Harbor Way',
    pickup_city: 'Oakland',
    pickup_state: 'ca',
    pickup_date: '2026-12-01',
    delivery_location: '5 Commerce Dr',
    delivery_city: 'Reno',
    delivery_state: 'NV',
    delivery_date: '2026-12-02',
    commodity: 'Produce',
    weight: '42000',
    distance: '218',
    rate: '1850.50',
    driver_id: await createDriverRecord(services.db, company),
    broker_id: await createBrokerRecord(services.db, company),
    carrier_id: await createCarrierRecord(services.db, company),
    sales_percentage: '10',
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
