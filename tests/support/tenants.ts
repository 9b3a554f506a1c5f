import type { Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import type { StartedServices } from '../../server/src/create-services.js';
import type { AppServices } from '../../server/src/services/services.js';
import { createMasterAdmin, createTestCompany, type TestCompany, type TestUser } from './factories.js';
import { callerFor, ownerDb, startTestServices, type Caller } from './harness.js';
import { uniqueIp } from './http.js';
import type { PersonaName } from './personas.js';

/**
 * The usual stage of a domain's test file: real services on the file's own database, two
 * companies with one user per persona each (A is the one under test, B the foreign one), a master
 * admin, and an owner connection for what only a test may do. Call once at the top of the file;
 * it registers its own beforeAll and afterAll, and its fields are there from the first test on.
 * Its callers may be destructured: `const { as, asMasterAdmin, anonymous } = tenants`.
 */
export interface Tenants {
  readonly started: StartedServices;
  readonly services: AppServices;
  /** The table owner: reads and breaks what the app role may not. */
  readonly owner: Kysely<any>;
  readonly companyA: TestCompany;
  readonly companyB: TestCompany;
  readonly masterAdmin: TestUser;
  /** A caller as the persona of company A (or of the company given), from its own address. */
  as(persona: PersonaName, company?: TestCompany): Promise<Caller>;
  asMasterAdmin(): Promise<Caller>;
  anonymous(): Promise<Caller>;
}

export function useTenants(options: Parameters<typeof startTestServices>[0] = {}): Tenants {
  let started: StartedServices | undefined;
  let owner: Kysely<any> | undefined;
  let companies: [TestCompany, TestCompany] | undefined;
  let masterAdmin: TestUser | undefined;

  beforeAll(async () => {
    started = await startTestServices(options);
    owner = ownerDb();
    companies = await Promise.all([createTestCompany(started.services), createTestCompany(started.services)]);
    masterAdmin = await createMasterAdmin(started.services);
  });
  afterAll(async () => {
    await owner?.destroy();
    await started?.close();
  });

  const ready = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`useTenants: ${name} is set up in beforeAll; read it inside a test or a hook`);
    return value;
  };
  const tenants: Tenants = {
    get started() {
      return ready(started, 'started');
    },
    get services() {
      return ready(started, 'started').services;
    },
    get owner() {
      return ready(owner, 'owner');
    },
    get companyA() {
      return ready(companies, 'companies')[0];
    },
    get companyB() {
      return ready(companies, 'companies')[1];
    },
    get masterAdmin() {
      return ready(masterAdmin, 'masterAdmin');
    },
    as: (persona, company) => callerFor(tenants.services, (company ?? tenants.companyA).users[persona], uniqueIp()),
    asMasterAdmin: () => callerFor(tenants.services, tenants.masterAdmin, uniqueIp()),
    anonymous: () => callerFor(tenants.services, null, uniqueIp()),
  };
  return tenants;
}
