import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { addMember } from '../auth/accounts.js';
import { signUp } from '../auth/sign-up.js';
import {
  COMPANY_ACCOUNTS,
  DEMO_COMPANY,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  MASTER_ADMIN,
  PLATFORM_COMPANY,
  type DemoAccount,
} from './demo-accounts.js';
import { seedDemoDocuments } from './demo-documents.js';
import { seedDemoEquipment } from './demo-equipment.js';
import { seedDemoGeofences } from './demo-geofences.js';
import { seedDemoIfta } from './demo-ifta.js';
import { seedDemoFleet } from './demo-fleet.js';
import { seedDemoInvoices } from './demo-invoices.js';
import { seedDemoSettlements } from './demo-settlements.js';
import { seedDemoLiveWork } from './demo-live.js';
import { seedDemoMessages } from './demo-messages.js';
import { seedOperations } from './demo-operation.js';
import { seedDemoTracking } from './demo-tracking.js';

// What the app, scripts and tests import from here; each lives in the file that owns it.
export { COMPANY_ACCOUNTS, DEMO_ACCOUNTS, DEMO_COMPANY, DEMO_PASSWORD, MASTER_ADMIN, PLATFORM_COMPANY } from './demo-accounts.js';
export { CITIES, COMMODITIES, type City } from './demo-reference.js';
export { DEMO_LOAD_PREFIX, lane, randomSource, seedOperations, type RandomSource } from './demo-operation.js';

/**
 * Creates the demo workspace: a platform company with the master admin, and Summit Freight
 * Lines with one account per role and a realistic operation (drivers across the US, brokers,
 * carriers, a year of loads, WIP requests). Idempotent: accounts that exist are left as they
 * are, and the operation is added once. Its accounts are verified (their addresses are not
 * mailboxes anyone reads), also those of a workspace seeded before addresses were verified.
 * Never in production: every demo account has the same, public password.
 */
export async function seedDemo(db: Db, options: { onlyIfEmpty: boolean; nodeEnv?: string | undefined }): Promise<boolean> {
  if ((options.nodeEnv ?? process.env.NODE_ENV) === 'production') {
    throw new Error('The demo workspace is never seeded in production: its accounts share a public password.');
  }
  await db
    .updateTable('users')
    .set({ emailVerifiedAt: new Date() })
    .where(
      'email',
      'in',
      DEMO_ACCOUNTS.map((account) => account.email),
    )
    .where('emailVerifiedAt', 'is', null)
    .execute();
  if (options.onlyIfEmpty) {
    const count = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    if (Number(count.count) > 0) return false;
  }
  const existing = new Set((await db.selectFrom('users').select('email').execute()).map((row) => row.email));
  if (!existing.has(MASTER_ADMIN.email)) {
    await signUp(
      db,
      { ...nameOf(MASTER_ADMIN), companyName: PLATFORM_COMPANY, password: DEMO_PASSWORD },
      {
        isPlatformAdmin: true,
        emailVerified: true,
      },
    );
  }
  const [admin, ...members] = COMPANY_ACCOUNTS;
  if (!admin) return false;
  let companyId: string;
  if (!existing.has(admin.email)) {
    ({ companyId } = await signUp(
      db,
      { ...nameOf(admin), companyName: DEMO_COMPANY, password: DEMO_PASSWORD },
      { isPlatformAdmin: false, emailVerified: true },
    ));
  } else {
    companyId = await companyOf(db, admin.email);
  }
  for (const member of members) {
    if (existing.has(member.email)) continue;
    await addMember(db, companyId, {
      ...nameOf(member),
      password: DEMO_PASSWORD,
      role: member.role,
      phone: member.phone,
      emailVerified: true,
    });
  }
  await seedOperations(db, companyId);
  await seedDemoMessages(db, companyId);
  await seedDemoDocuments(db, companyId);
  await seedDemoInvoices(db, companyId);
  await seedDemoFleet(db, companyId, DEMO_PASSWORD);
  await seedDemoEquipment(db, companyId);
  await seedDemoSettlements(db, companyId);
  await seedDemoTracking(db, companyId);
  await seedDemoLiveWork(db, companyId, DEMO_PASSWORD);
  await seedDemoGeofences(db, companyId);
  await seedDemoIfta(db, companyId);
  return true;
}

function nameOf(account: DemoAccount) {
  return { email: account.email, firstName: account.firstName, lastName: account.lastName };
}

async function companyOf(db: Db, email: string): Promise<string> {
  return db.transaction().execute(async (tx) => {
    const user = await tx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    await sql`select set_config('app.user_id', ${user.id}, true)`.execute(tx);
    const profile = await tx.selectFrom('profiles').select('companyId').where('userId', '=', user.id).executeTakeFirstOrThrow();
    return profile.companyId;
  });
}
