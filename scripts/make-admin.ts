// `make admin EMAIL=...`: makes an existing account with a verified address a master admin (the
// platform flag), as the database owner. An unknown address, or one not verified yet, is refused:
// the flag follows a proven address, as PLATFORM_ADMIN_EMAILS does. Uses the running server's
// embedded PostgreSQL when it is up, starts it otherwise, or uses DATABASE_URL.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CamelCasePlugin, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { loadConfig } from '../server/src/config.js';
import { listPlatformAdminByOperator } from '../server/src/db/bootstrap.js';
import { startEmbeddedPostgres } from '../server/src/db/embedded.js';
import type { Database } from '../server/src/db/schema.js';
import { connectOrStartDatabase } from './database-url.js';

export type MakeAdminResult = { ok: true; message: string } | { ok: false; message: string };

/** On the owner's connection: the account's profile gets the platform flag, in one transaction. */
export async function makeMasterAdmin(owner: Kysely<Database>, rawEmail: string): Promise<MakeAdminResult> {
  const email = rawEmail.trim().toLowerCase();
  if (!email) return { ok: false, message: 'Give the account: make admin EMAIL=someone@example.com' };
  return owner.transaction().execute(async (tx) => {
    const user = await tx.selectFrom('users').select(['id', 'emailVerifiedAt']).where('email', '=', email).executeTakeFirst();
    if (!user) return { ok: false, message: `No account has the address ${email}.` };
    if (user.emailVerifiedAt === null) {
      return { ok: false, message: `${email} has not verified its address yet: it signs in and opens the link mailed to it first.` };
    }
    // Row-level security is forced on profiles, also for a table owner that is not a superuser.
    await sql`select set_config('app.user_id', ${user.id}, true)`.execute(tx);
    const profile = await tx.selectFrom('profiles').select(['companyId', 'isMasterAdmin']).where('userId', '=', user.id).executeTakeFirst();
    if (!profile) return { ok: false, message: `${email} belongs to no company.` };
    if (profile.isMasterAdmin) return { ok: true, message: `${email} is a master admin already.` };
    await sql`select set_config('app.company_id', ${profile.companyId}, true)`.execute(tx);
    // Listed, so the grant holds as one an operator made (app_grant_platform_admin checks the list).
    await listPlatformAdminByOperator(tx, email);
    await tx.updateTable('profiles').set({ isMasterAdmin: true }).where('userId', '=', user.id).execute();
    return { ok: true, message: `${email} is now a master admin. Their next request sees the master admin screens.` };
  });
}

async function main(): Promise<void> {
  const config = loadConfig();
  const { ownerUrl, stop } = await connectOrStartDatabase(config, startEmbeddedPostgres);
  const owner = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: ownerUrl, max: 1 }) }),
    plugins: [new CamelCasePlugin()],
  });
  try {
    const result = await makeMasterAdmin(owner, process.argv[2] ?? process.env.EMAIL ?? '');
    (result.ok ? console.log : console.error)(result.message);
    if (!result.ok) process.exitCode = 1;
  } finally {
    await owner.destroy();
    await stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();
