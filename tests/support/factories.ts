import { randomUUID } from 'node:crypto';
import type { LoadStatus, StaffRole } from '#shared/constants.js';
import { addMember } from '../../server/src/auth/accounts.js';
import { hashPassword } from '../../server/src/auth/password.js';
import { signUp } from '../../server/src/auth/sign-up.js';
import { listPlatformAdminByOperator } from '../../server/src/db/bootstrap.js';
import type { Db } from '../../server/src/db/database.js';
import { withCompany } from '../../server/src/db/with-company.js';
import { createInvitationToken } from '../../server/src/domains/invitations/invitation-token.js';
import type { AppServices } from '../../server/src/services/services.js';
import { ownerDb } from './owner-db.js';
import { PERSONA_ROLES, PERSONAS, type PersonaName } from './personas.js';

/**
 * Every record a test needs, made one way: companies with a member of each role, master admins,
 * members, drivers, brokers, carriers, loads, WIP requests and invitations. Companies and users go
 * through the app's own sign-up and member paths; records are written by a member inside their
 * company's transaction, as the app role, so row-level security and the audit triggers apply.
 */

export const TEST_PASSWORD = 'correct-horse-battery';

export const uniqueEmail = (label = 'user') => `${label}-${randomUUID().slice(0, 8)}@example.test`;
const suffix = () => randomUUID().slice(0, 6);

/** argon2id is slow on purpose: every test account shares one hash of TEST_PASSWORD. */
let passwordHash: Promise<string> | undefined;
const testPasswordHash = () => (passwordHash ??= hashPassword(TEST_PASSWORD));

export interface TestUser {
  userId: string;
  email: string;
  companyId: string;
  role: StaffRole | null;
}

export interface TestCompany {
  companyId: string;
  name: string;
  users: Record<PersonaName, TestUser>;
}

/** Who writes a record: a member of its company, or nobody (a system change) with userId null. */
export interface Author {
  companyId: string;
  userId: string | null;
  role?: StaffRole | null;
}

const FIRST_NAMES: Record<PersonaName, string> = { admin: 'Ada', sales: 'Sal', dispatcher: 'Dee', treasury: 'Tre', driver: 'Dri' };

/**
 * A company signed up through the real path, with one member of each role and a driver with no
 * role (tests/support/personas.ts). With `masterAdmin`, its admin is a master admin.
 */
export async function createTestCompany(
  services: AppServices,
  name = `Test Freight ${suffix()}`,
  options: { masterAdmin?: boolean } = {},
): Promise<TestCompany> {
  const hash = await testPasswordHash();
  const adminEmail = uniqueEmail(options.masterAdmin ? 'master' : 'admin');
  if (options.masterAdmin) await listAsPlatformAdmin(adminEmail);
  const { userId, companyId } = await signUp(
    services.db,
    { companyName: name, email: adminEmail, password: TEST_PASSWORD, firstName: FIRST_NAMES.admin, lastName: 'Admin' },
    { isPlatformAdmin: options.masterAdmin ?? false, passwordHash: hash, emailVerified: true },
  );
  const users = { admin: { userId, email: adminEmail, companyId, role: 'admin' } } as Record<PersonaName, TestUser>;
  for (const persona of PERSONAS.filter((candidate) => candidate !== 'admin')) {
    const email = uniqueEmail(persona);
    const role = PERSONA_ROLES[persona];
    const member = await addMember(services.db, companyId, {
      email,
      password: TEST_PASSWORD,
      passwordHash: hash,
      firstName: FIRST_NAMES[persona],
      lastName: persona,
      role,
      emailVerified: true,
    });
    users[persona] = { userId: member.userId, email, companyId, role };
  }
  return { companyId, name, users };
}

/** Listed as `make admin` lists an address: the database grants the master-admin flag only to a listed one. */
async function listAsPlatformAdmin(email: string): Promise<void> {
  const owner = ownerDb();
  try {
    await listPlatformAdminByOperator(owner, email);
  } finally {
    await owner.destroy();
  }
}

/** A master admin alone in a company of their own. */
export async function createMasterAdmin(services: AppServices): Promise<TestUser> {
  const email = uniqueEmail('master');
  await listAsPlatformAdmin(email);
  const { userId, companyId } = await signUp(
    services.db,
    { companyName: `Platform ${suffix()}`, email, password: TEST_PASSWORD, firstName: 'Max', lastName: 'Master' },
    { isPlatformAdmin: true, passwordHash: await testPasswordHash(), emailVerified: true },
  );
  return { userId, email, companyId, role: 'admin' };
}

/** Another member of the company, with this role (none: like a driver). */
export async function createMember(
  services: AppServices,
  companyId: string,
  options: { role?: StaffRole | null; phone?: string | null; firstName?: string; lastName?: string } = {},
): Promise<TestUser> {
  const role = options.role === undefined ? 'treasury' : options.role;
  const email = uniqueEmail(`member-${role ?? 'none'}`);
  const { userId } = await addMember(services.db, companyId, {
    email,
    password: TEST_PASSWORD,
    passwordHash: await testPasswordHash(),
    firstName: options.firstName ?? 'Milo',
    lastName: options.lastName ?? `Member ${suffix()}`,
    phone: options.phone ?? null,
    role,
    emailVerified: true,
  });
  return { userId, email, companyId, role };
}

/** A member with no role whose account has two-factor authentication on (unless `enabled` is false). */
export async function createTwoFactorMember(
  services: AppServices,
  companyId: string,
  options: { method?: 'sms' | 'email'; phone?: string | null; enabled?: boolean } = {},
): Promise<TestUser & { phone: string | null }> {
  const phone = options.phone === undefined ? '+1 555 010 4242' : options.phone;
  const member = await createMember(services, companyId, { role: null, phone, firstName: 'Tess', lastName: 'Twofactor' });
  await withCompany(services.db, member, (tx) =>
    tx
      .updateTable('profiles')
      // An SMS account's number was proven by a code when it turned two-factor on (profiles.two_factor_phone).
      .set({
        twoFactorEnabled: options.enabled ?? true,
        twoFactorMethod: options.method ?? 'email',
        twoFactorPhone: (options.enabled ?? true) && options.method === 'sms' ? phone : null,
      })
      .where('userId', '=', member.userId)
      .execute(),
  );
  return { ...member, phone };
}

/** A sales member's records are their own (as when they add them in the app); anyone else's belong to nobody in sales. */
const ownSales = (by: Author) => (by.role === 'sales' ? by.userId : null);

export async function createDriver(
  db: Db,
  by: Author,
  values: { firstName?: string; lastName?: string; salesAgentId?: string | null } = {},
): Promise<string> {
  return withCompany(db, by, async (tx) => {
    const row = await tx
      .insertInto('drivers')
      .values({
        companyId: by.companyId,
        firstName: values.firstName ?? 'Rosa',
        lastName: values.lastName ?? `Driver ${suffix()}`,
        salesAgentId: values.salesAgentId === undefined ? ownSales(by) : values.salesAgentId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

export async function createBroker(db: Db, by: Author, values: { name?: string } = {}): Promise<string> {
  return withCompany(db, by, async (tx) => {
    const row = await tx
      .insertInto('brokers')
      .values({ companyId: by.companyId, name: values.name ?? `Broker ${suffix()}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

export async function createCarrier(db: Db, by: Author, values: { name?: string; salesAgentId?: string | null } = {}): Promise<string> {
  return withCompany(db, by, async (tx) => {
    const row = await tx
      .insertInto('carriers')
      .values({
        companyId: by.companyId,
        name: values.name ?? `Carrier ${suffix()}`,
        salesAgentId: values.salesAgentId === undefined ? ownSales(by) : values.salesAgentId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

export interface LoadValues {
  loadNumber?: string;
  status?: LoadStatus;
  driverId?: string | null;
  salesUserId?: string | null;
  /** The author unless given (null: nobody). */
  createdBy?: string | null;
  rate?: string | null;
  createdAt?: Date;
}

/** A load from Dallas, TX to Atlanta, GA at $2,450.00, pending unless told otherwise. */
export async function createLoad(db: Db, by: Author, values: LoadValues = {}): Promise<string> {
  return withCompany(db, by, async (tx) => {
    const row = await tx
      .insertInto('loads')
      .values({
        companyId: by.companyId,
        loadNumber: values.loadNumber ?? `LOAD-${randomUUID().slice(0, 8)}`,
        pickupLocation: '1200 Industrial Pkwy',
        pickupCity: 'Dallas',
        pickupState: 'TX',
        deliveryLocation: '88 Harbor Rd',
        deliveryCity: 'Atlanta',
        deliveryState: 'GA',
        commodity: 'Paper products',
        rate: values.rate === undefined ? '2450.00' : values.rate,
        status: values.status ?? 'pending',
        driverId: values.driverId ?? null,
        salesUserId: values.salesUserId === undefined ? ownSales(by) : values.salesUserId,
        createdBy: values.createdBy === undefined ? by.userId : values.createdBy,
        ...(values.createdAt ? { createdAt: values.createdAt } : {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

export async function setLoadStatus(db: Db, by: Author, id: string, status: LoadStatus): Promise<void> {
  await withCompany(db, by, (tx) => tx.updateTable('loads').set({ status }).where('id', '=', id).execute());
}

/** A pending WIP request of the member. */
export async function createWipRequest(
  db: Db,
  requester: Author,
  notes: string | null = 'Cover the Dallas lanes this week',
): Promise<string> {
  return withCompany(db, requester, async (tx) => {
    const row = await tx
      .insertInto('wipAssignments')
      .values({ companyId: requester.companyId, userId: requester.userId, notes })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

export interface TestInvitation {
  id: string;
  /** What only the mailed link carries. */
  token: string;
  email: string;
}

/**
 * A pending invitation of the company by its admin. Sent `sentSecondsAgo` ago (by default past the
 * resend cooldown, so it may be resent at once).
 */
export async function createInvitation(
  db: Db,
  company: TestCompany,
  options: { email?: string; role?: StaffRole; sentSecondsAgo?: number; expiresInSeconds?: number } = {},
): Promise<TestInvitation> {
  const { token, tokenHash } = createInvitationToken();
  const email = options.email ?? uniqueEmail('invitee');
  const admin = company.users.admin;
  const sentAt = new Date(Date.now() - (options.sentSecondsAgo ?? 120) * 1000);
  const id = await withCompany(db, admin, async (tx) => {
    const row = await tx
      .insertInto('invitations')
      .values({
        companyId: company.companyId,
        email,
        firstName: 'Ines',
        lastName: 'Invitee',
        role: options.role ?? 'dispatcher',
        tokenHash,
        invitedBy: admin.userId,
        createdAt: sentAt,
        lastSentAt: sentAt,
        expiresAt: new Date(Date.now() + (options.expiresInSeconds ?? 7 * 24 * 3600) * 1000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
  return { id, token, email };
}

/** A valid load form naming a driver, a broker and a carrier of the company (made for it), as its sales member's. */
export async function loadForm(db: Db, company: TestCompany) {
  const sales = company.users.sales;
  return {
    loadNumber: `LOAD-${randomUUID().slice(0, 8)}`,
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
    driverId: await createDriver(db, sales),
    brokerId: await createBroker(db, sales),
    carrierId: await createCarrier(db, sales),
    salesPercentage: '10',
    factoring: false,
    notes: 'Dock 4',
  };
}
