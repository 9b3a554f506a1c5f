import { sql } from 'kysely';
import type { StaffRole } from '../shared/src/constants.js';
import type { Db } from '../server/src/db/database.js';
import { addMember } from '../server/src/auth/accounts.js';
import { signUp } from '../server/src/auth/sign-up.js';

export const DEMO_PASSWORD = 'haulwise-demo';

interface DemoAccount {
  label: string;
  email: string;
  firstName: string;
  lastName: string;
  role: StaffRole | null;
  phone: string;
}

export const DEMO_COMPANY = 'Summit Freight Lines';
export const PLATFORM_COMPANY = 'Haulwise Platform';

export const MASTER_ADMIN: DemoAccount = {
  label: 'Master admin',
  email: 'owner@haulwise.demo',
  firstName: 'Morgan',
  lastName: 'Reyes',
  role: 'admin',
  phone: '+1 555 010 0001',
};

export const COMPANY_ACCOUNTS: DemoAccount[] = [
  { label: 'Admin', email: 'admin@summit.demo', firstName: 'Avery', lastName: 'Collins', role: 'admin', phone: '+1 555 010 0101' },
  {
    label: 'Dispatcher',
    email: 'dispatch@summit.demo',
    firstName: 'Dana',
    lastName: 'Whitfield',
    role: 'dispatcher',
    phone: '+1 555 010 0102',
  },
  { label: 'Sales agent', email: 'sales@summit.demo', firstName: 'Sam', lastName: 'Okafor', role: 'sales', phone: '+1 555 010 0103' },
  {
    label: 'Treasury',
    email: 'treasury@summit.demo',
    firstName: 'Tara',
    lastName: 'Lindqvist',
    role: 'treasury',
    phone: '+1 555 010 0104',
  },
  { label: 'Driver', email: 'driver@summit.demo', firstName: 'Diego', lastName: 'Martinez', role: null, phone: '+1 555 010 0105' },
];

export const DEMO_ACCOUNTS: DemoAccount[] = [MASTER_ADMIN, ...COMPANY_ACCOUNTS];

/**
 * Creates the demo workspace: a platform company with the master admin, and Summit Freight
 * Lines with one account per role. Idempotent: accounts that exist are left as they are.
 */
export async function seedDemo(db: Db, options: { onlyIfEmpty: boolean }): Promise<boolean> {
  if (options.onlyIfEmpty) {
    const count = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    if (Number(count.count) > 0) return false;
  }
  const existing = new Set((await db.selectFrom('users').select('email').execute()).map((row) => row.email));
  if (!existing.has(MASTER_ADMIN.email)) {
    await signUp(db, { ...nameOf(MASTER_ADMIN), companyName: PLATFORM_COMPANY, password: DEMO_PASSWORD }, { isPlatformAdmin: true });
  }
  const [admin, ...members] = COMPANY_ACCOUNTS;
  if (!admin) return false;
  let companyId: string;
  if (!existing.has(admin.email)) {
    ({ companyId } = await signUp(
      db,
      { ...nameOf(admin), companyName: DEMO_COMPANY, password: DEMO_PASSWORD },
      { isPlatformAdmin: false },
    ));
  } else {
    companyId = await companyOf(db, admin.email);
  }
  for (const member of members) {
    if (existing.has(member.email)) continue;
    await addMember(db, companyId, { ...nameOf(member), password: DEMO_PASSWORD, role: member.role, phone: member.phone });
  }
  return true;
}

function nameOf(account: DemoAccount) {
  return { email: account.email, firstName: account.firstName, lastName: account.lastName };
}

async function companyOf(db: Db, email: string): Promise<string> {
  return db.transaction().execute(async (tx) => {
    const user = await tx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    await sql`select set_config('app.user_id', ${user.id}, true)`.execute(tx);
    const profile = await tx.selectFrom('profiles').select('company_id').where('user_id', '=', user.id).executeTakeFirstOrThrow();
    return profile.company_id;
  });
}
