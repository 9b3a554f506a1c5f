import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Kysely, sql } from 'kysely';
import { APP_ROLE } from '../../../server/src/db/bootstrap.js';
import { withCompany } from '../../../server/src/db/with-company.js';
import type { StartedServices } from '../../../server/src/create-services.js';
import { createTestCompany, ownerDb, sessionFor, startTestServices, type TestCompany } from '../../support/harness.js';

/**
 * The database is the last line between tenants: whatever the application code gets wrong,
 * row-level security must still keep one company's rows from another. This gate reads the
 * catalog, so a new table with company_id that forgets its policies fails here.
 */

interface PolicyRow {
  tablename: string;
  policyname: string;
  permissive: string;
  roles: string[];
  cmd: string;
  qual: string | null;
  withCheck: string | null;
}

let owner: Kysely<any>;
let started: StartedServices;
let company: TestCompany;
let tenantTables: string[];

/** Tables in public that hold a company's rows: every table with company_id, plus the tenant root. */
async function readTenantTables(db: Kysely<any>): Promise<string[]> {
  const { rows } = await sql<{ relname: string }>`
    select c.relname
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public'
      and c.relkind in ('r', 'p')
      and (c.relname = 'companies'
           or exists (select 1 from pg_attribute a
                      where a.attrelid = c.oid and a.attname = 'company_id' and not a.attisdropped))
    order by c.relname`.execute(db);
  return rows.map((row) => row.relname);
}

beforeAll(async () => {
  owner = ownerDb();
  tenantTables = await readTenantTables(owner);
  // A pool of one: every query below runs on the very connection the tenant transactions used.
  started = await startTestServices({ poolSize: 1 });
  company = await createTestCompany(started.services);
});

afterAll(async () => {
  await started?.close();
  await owner?.destroy();
});

describe('row-level security on tenant tables', () => {
  it('finds the tenant tables (the gate is not passing on an empty list)', () => {
    expect(tenantTables).toEqual(expect.arrayContaining(['companies', 'profiles', 'user_roles']));
  });

  it('has row-level security enabled and forced on every tenant table', async () => {
    const { rows } = await sql<{ relname: string; relrowsecurity: boolean; relforcerowsecurity: boolean }>`
      select c.relname, c.relrowsecurity, c.relforcerowsecurity
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relname in (${sql.join(tenantTables)})`.execute(owner);
    const unprotected = rows.filter((row) => !row.relrowsecurity || !row.relforcerowsecurity).map((row) => row.relname);
    expect(unprotected, 'tenant tables without enabled and forced row-level security').toEqual([]);
    expect(rows).toHaveLength(tenantTables.length);
  });

  it('scopes writes on every tenant table with a permissive ALL policy that has USING and WITH CHECK', async () => {
    const policies = await readPolicies();
    const missing = tenantTables.filter(
      (table) =>
        !policies.some(
          (policy) =>
            policy.tablename === table &&
            policy.permissive === 'PERMISSIVE' &&
            policy.cmd === 'ALL' &&
            policy.qual !== null &&
            policy.withCheck !== null &&
            (policy.roles.includes('public') || policy.roles.includes(APP_ROLE)),
        ),
    );
    expect(missing, 'tenant tables without a permissive ALL policy with USING and WITH CHECK').toEqual([]);
  });

  it('lets no write-capable policy on a tenant table pass rows of another company', async () => {
    // Permissive policies are OR-ed: one INSERT/UPDATE/DELETE policy that is not scoped to
    // app_company_id() would open writes whatever the ALL policy says.
    const policies = await readPolicies();
    // Only policies that can apply to the app role count: the owner's own (migrations/2026-11-28T1200_owner_rows.ts)
    // are for a role the app role is not and cannot become (checked below).
    const unscoped = policies
      .filter((policy) => policy.roles.includes('public') || policy.roles.includes(APP_ROLE))
      .filter((policy) => tenantTables.includes(policy.tablename) && policy.permissive === 'PERMISSIVE' && policy.cmd !== 'SELECT')
      .filter((policy) => {
        const checksRows = policy.cmd !== 'INSERT';
        const checksNewRows = policy.cmd === 'ALL' || policy.cmd === 'INSERT' || policy.cmd === 'UPDATE';
        // For ALL and UPDATE, PostgreSQL uses USING as WITH CHECK when the latter is absent.
        const newRowCheck = policy.withCheck ?? (policy.cmd === 'INSERT' ? null : policy.qual);
        return (checksRows && !policy.qual?.includes('app_company_id()')) || (checksNewRows && !newRowCheck?.includes('app_company_id()'));
      })
      .map((policy) => `${policy.tablename}.${policy.policyname}`);
    expect(unscoped, 'write policies not scoped to app_company_id()').toEqual([]);
  });

  async function readPolicies(): Promise<PolicyRow[]> {
    const { rows } = await sql<PolicyRow>`
      select tablename, policyname, permissive, roles::text[] as roles, cmd, qual, with_check
      from pg_policies where schemaname = 'public'`.execute(owner);
    return rows;
  }
});

describe('the app role', () => {
  it('is neither superuser nor BYPASSRLS, and can become no other role', async () => {
    const role = await owner
      .selectFrom('pg_roles')
      .select(['rolsuper', 'rolbypassrls', 'rolcreaterole', 'rolcreatedb'])
      .where('rolname', '=', APP_ROLE)
      .executeTakeFirstOrThrow();
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false, rolcreaterole: false, rolcreatedb: false });
    const { rows: memberships } = await sql<{ rolname: string }>`
      select r.rolname from pg_auth_members m join pg_roles r on r.oid = m.roleid
      where m.member = (select oid from pg_roles where rolname = ${APP_ROLE})`.execute(owner);
    expect(memberships, 'roles the app role could SET ROLE to').toEqual([]);
  });

  it('owns no table, function, schema or database (an owner is exempt from unforced policies and can change them)', async () => {
    const { rows } = await sql<{ kind: string; name: string }>`
      with app as (select oid from pg_roles where rolname = ${APP_ROLE})
      select 'relation' as kind, relname::text as name from pg_class where relowner = (select oid from app)
      union all select 'function', proname::text from pg_proc where proowner = (select oid from app)
      union all select 'schema', nspname::text from pg_namespace where nspowner = (select oid from app)
      union all select 'database', datname::text from pg_database where datdba = (select oid from app)
      union all select 'type', typname::text from pg_type where typowner = (select oid from app)`.execute(owner);
    expect(rows).toEqual([]);
  });

  it('may not TRUNCATE any table (TRUNCATE ignores row-level security)', async () => {
    const { rows } = await sql<{ relname: string }>`
      select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')
        and has_table_privilege(${APP_ROLE}, c.oid, 'TRUNCATE')`.execute(owner);
    expect(rows).toEqual([]);
  });

  it('reaches no tenant rows through a security-definer function or an owner-rights view', async () => {
    // Reviewed exceptions, each narrower than a grant would be:
    // - app_grant_platform_admin: sets only profiles.is_master_admin, only on an account whose address is verified (issue 10).
    // - app_credentials_by_email, app_own_password_hash: one account's password hash (by address for a sign-in,
    //   the current app.user_id's to prove a password), in place of reading users table-wide (issue 10, item 5).
    // - app_session_lookup, app_session_extend, app_session_end: one session by its stored (SHA-256) id, which only
    //   the cookie's holder can name; app_sessions_sweep: deletes expired sessions only; app_end_member_sessions: a
    //   member of the transaction's company only; app_end_company_sessions: only in a master admin's status write
    //   (issue 10, item 5).
    // - app_outbox_for_delivery, app_outbox_delivered, app_outbox_failed: the mail job's one message by id, and its
    //   outcome (the body erased once sent) (issue 10, item 5).
    // - app_positions_prepare_partitions, app_positions_drop_partitions: make the positions table's daily partitions
    //   (8 days back to 31 ahead) and drop whole days older than the retention (never under 8 days); no row read (issue 14).
    // - app_tracking_link_view: a public tracking link's page by the SHA-256 of its token, which only the link's holder
    //   can name: company name, load number, lane, status, expiry and the last position of the load's track, only while
    //   the link is unexpired (a revoked one is deleted) and its company active (issue 14).
    // - app_search_loads: one page of load ids matching a search, of the caller's company (app.company_id; every
    //   company only with app.master_admin on, as the read policies); runs as haulwise_search, which reads only the
    //   searched columns of loads; the rows themselves are read under row-level security (issue 23, item 4).
    // - app_discard_unverified_account: deletes one account whose address was never proven, and the company its
    //   sign-up made, only while that company has no other member and no row in any table with a company_id (issue 24).
    // - app_api_key_use: one API key by the SHA-256 of the key, which only its holder can name: its company, scopes, expiry,
    //   revocation and its creator's identity and role; moves its last_used_at at most once a minute (issue 28).
    // - app_stranded_webhook_deliveries: the ids (and companies) of pending webhook deliveries whose attempt is long
    //   overdue, for the sweep that queues them again; no payload, no endpoint, nothing else (issue 28).
    // - app_has_push_subscription: whether one user of the transaction's own company has a push subscription (true,
    //   answering nothing, for any other company), so a notification queues a push job only for someone to push to (issue 25).
    const reviewed = [
      'app_has_push_subscription',
      'app_stranded_webhook_deliveries',
      'app_api_key_use',
      'app_grant_platform_admin',
      'app_discard_unverified_account',
      'app_credentials_by_email',
      'app_own_password_hash',
      'app_session_lookup',
      'app_session_extend',
      'app_session_end',
      'app_sessions_sweep',
      'app_end_member_sessions',
      'app_end_company_sessions',
      'app_outbox_for_delivery',
      'app_outbox_delivered',
      'app_outbox_failed',
      'app_positions_prepare_partitions',
      'app_positions_drop_partitions',
      'app_tracking_link_view',
      'app_search_loads',
    ];
    const { rows } = await sql<{ kind: string; name: string }>`
      select 'security definer function' as kind, p.proname::text as name
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and p.prosecdef and not (p.proname = any (${reviewed}::text[]))
      union all
      select 'view without security_invoker', c.relname::text
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('v', 'm')
        and not coalesce('security_invoker=true' = any (c.reloptions) or 'security_invoker=on' = any (c.reloptions), false)`.execute(owner);
    expect(rows).toEqual([]);
  });
});

describe('the app role with no company set', () => {
  async function countEveryTenantTable(): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const table of tenantTables) {
      const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(started.services.db);
      counts[table] = rows.length;
    }
    return counts;
  }
  const zeroEverywhere = () => Object.fromEntries(tenantTables.map((table) => [table, 0]));

  it('reads 0 rows, without an error, from every tenant table', async () => {
    expect(await countEveryTenantTable()).toEqual(zeroEverywhere());
  });

  it('still reads 0 rows on the same connection after a company transaction has committed', async () => {
    const inside = await withCompany(
      started.services.db,
      { companyId: company.companyId, userId: company.users.admin.userId },
      async (tx) => {
        const { rows } = await sql<{ pid: number; profiles: number }>`
        select pg_backend_pid() as pid, (select count(*) from profiles)::int as profiles`.execute(tx);
        return rows[0];
      },
    );
    // The transaction really saw its company, so a 0 afterwards is the setting's end, not an empty table.
    expect(inside?.profiles).toBe(5);
    const { rows } = await sql<{ pid: number; company: string | null }>`
      select pg_backend_pid() as pid, nullif(current_setting('app.company_id', true), '') as company`.execute(started.services.db);
    expect(rows[0]?.pid).toBe(inside?.pid);
    expect(rows[0]?.company).toBeNull();
    expect(await countEveryTenantTable()).toEqual(zeroEverywhere());
  });

  it('still reads 0 rows on the same connection after a company transaction has rolled back', async () => {
    const failure = new Error('the procedure failed');
    await expect(
      withCompany(started.services.db, { companyId: company.companyId, userId: null }, async () => {
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await countEveryTenantTable()).toEqual(zeroEverywhere());
  });
});

/**
 * Issue 10, item 5: the app role holds only the grants the app needs. Table, column and function
 * grants are read from the catalog, and the refusals are tried as the app role itself.
 */
describe('the app role’s grants', () => {
  const tablePrivileges = async (table: string) => {
    const { rows } = await sql<{ privilege: string }>`
      select privilege_type as privilege from information_schema.role_table_grants
      where grantee = ${APP_ROLE} and table_schema = 'public' and table_name = ${table} order by 1`.execute(owner);
    return rows.map((row) => row.privilege);
  };
  const columnsWith = async (table: string, privilege: string) => {
    const { rows } = await sql<{ column: string }>`
      select column_name as column from information_schema.column_privileges
      where grantee = ${APP_ROLE} and table_schema = 'public' and table_name = ${table} and privilege_type = ${privilege}
      order by 1`.execute(owner);
    return rows.map((row) => row.column);
  };
  /** Runs SQL as the app role, in a transaction rolled back after. */
  const asApp = (statement: ReturnType<typeof sql>) =>
    started.services.db.transaction().execute(async (tx) => {
      await statement.execute(tx);
      throw new Error('the statement was allowed');
    });

  it('may not delete companies (a cascade would take the append-only audit log)', async () => {
    expect(await tablePrivileges('companies')).not.toContain('DELETE');
    expect(await tablePrivileges('audit_logs')).toEqual(['INSERT', 'SELECT']);
    await expect(asApp(sql`delete from companies where id = ${company.companyId}`)).rejects.toThrow(
      /permission denied for table companies/,
    );
  });

  it('reads no password hash: users are granted column by column, password_hash left out', async () => {
    expect(await tablePrivileges('users')).not.toContain('SELECT');
    const readable = await columnsWith('users', 'SELECT');
    expect(readable).toEqual(expect.arrayContaining(['email', 'id']));
    expect(readable).not.toContain('password_hash');
    await expect(asApp(sql`select password_hash from users limit 1`)).rejects.toThrow(/permission denied for table users/);
  });

  it('never writes profiles.is_master_admin, on insert or update (column grants on both)', async () => {
    expect(await tablePrivileges('profiles')).not.toContain('INSERT');
    expect(await tablePrivileges('profiles')).not.toContain('UPDATE');
    expect(await columnsWith('profiles', 'INSERT')).not.toContain('is_master_admin');
    expect(await columnsWith('profiles', 'INSERT')).toEqual(expect.arrayContaining(['user_id', 'company_id', 'first_name']));
    expect(await columnsWith('profiles', 'UPDATE')).not.toContain('is_master_admin');
    await expect(
      asApp(
        sql`insert into profiles (user_id, company_id, is_master_admin) values (${company.users.admin.userId}, ${company.companyId}, true)`,
      ),
    ).rejects.toThrow(/permission denied for table profiles/);
  });

  it('reads sessions, two-factor codes and the outbox only under row-level security', async () => {
    const { rows } = await sql<{ relname: string; relrowsecurity: boolean; relforcerowsecurity: boolean }>`
      select relname, relrowsecurity, relforcerowsecurity from pg_class
      where relnamespace = 'public'::regnamespace and relname in ('sessions', 'two_factor_codes', 'outbox') order by relname`.execute(
      owner,
    );
    expect(rows).toEqual([
      { relname: 'outbox', relrowsecurity: true, relforcerowsecurity: true },
      { relname: 'sessions', relrowsecurity: true, relforcerowsecurity: true },
      { relname: 'two_factor_codes', relrowsecurity: true, relforcerowsecurity: true },
    ]);
    // With rows present (a session, a code, a message), the app role with no user or company set sees none of them.
    await sessionFor(started.services, company.users.admin);
    await owner
      .insertInto('twoFactorCodes')
      .values({
        userId: company.users.admin.userId,
        purpose: 'enable',
        method: 'email',
        codeHash: 'x',
        expiresAt: new Date(Date.now() + 60_000),
      })
      .execute();
    await owner
      .insertInto('outbox')
      .values({ channel: 'email', recipient: 'someone@example.test', bodyText: '', companyId: company.companyId })
      .execute();
    const present = await sql<{ sessions: number; codes: number; mail: number }>`
      select (select count(*) from sessions)::int as sessions, (select count(*) from two_factor_codes)::int as codes,
             (select count(*) from outbox)::int as mail`.execute(owner);
    expect(present.rows[0]?.sessions).toBeGreaterThan(0);
    expect(present.rows[0]?.codes).toBeGreaterThan(0);
    expect(present.rows[0]?.mail).toBeGreaterThan(0);
    const seen = await sql<{ sessions: number; codes: number; mail: number }>`
      select (select count(*) from sessions)::int as sessions, (select count(*) from two_factor_codes)::int as codes,
             (select count(*) from outbox)::int as mail`.execute(started.services.db);
    expect(seen.rows[0]).toEqual({ sessions: 0, codes: 0, mail: 0 });
  });

  // An extension's functions (pg_trgm's) are left out: a trusted extension installed by an owner that is not a
  // superuser (a managed PostgreSQL's) has them owned by the bootstrap superuser, whose grants only a superuser can
  // change; pg_trgm's read no table.
  const notOfExtension = sql`not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')`;

  it('executes no function by PUBLIC’s grant: every function of the schema is granted one by one', async () => {
    const { rows } = await sql<{ proname: string }>`
      select p.proname::text as proname from pg_proc p
      where p.pronamespace = 'public'::regnamespace and ${notOfExtension}
        and (p.proacl is null or exists (select 1 from aclexplode(p.proacl) a where a.grantee = 0 and a.privilege_type = 'EXECUTE'))
      order by 1`.execute(owner);
    expect(
      rows.map((row) => row.proname),
      'functions PUBLIC may execute',
    ).toEqual([]);
  });

  it('may execute exactly the functions the app calls (trigger functions need no grant to fire)', async () => {
    const { rows } = await sql<{ proname: string }>`
      select distinct p.proname::text as proname from pg_proc p
      where p.pronamespace = 'public'::regnamespace and p.prorettype <> 'trigger'::regtype and ${notOfExtension}
        and has_function_privilege(${APP_ROLE}, p.oid, 'EXECUTE')
      order by 1`.execute(owner);
    expect(rows.map((row) => row.proname)).toEqual(
      [
        // Tenant settings, read by policies and the app.
        'app_company_id',
        'app_user_id',
        'app_is_master_admin',
        'app_master_admin_write',
        'app_invitation_token_hash',
        // Sign-up, and the platform flag on a verified account.
        'create_company_for_user',
        'app_grant_platform_admin',
        // An account whose address was never proven, replaced or expired with its empty company (issue 24).
        'app_discard_unverified_account',
        // Owner-rights functions of item 5 (one account, one session, one message).
        'app_credentials_by_email',
        'app_own_password_hash',
        'app_session_lookup',
        'app_session_extend',
        'app_session_end',
        'app_sessions_sweep',
        'app_end_member_sessions',
        'app_end_company_sessions',
        'app_outbox_for_delivery',
        'app_outbox_delivered',
        'app_outbox_failed',
        // The positions table's daily partitions (the hourly job).
        'app_positions_prepare_partitions',
        'app_positions_drop_partitions',
        // A public tracking link's page (by its token's hash), and the window of a load's track it and the Map tab share.
        'app_tracking_link_view',
        'load_track_window',
        // A search's page of load ids through the trigram index (the rows are read under row-level security).
        'app_search_loads',
        // An API key by its hash, before its company is known (issue 28).
        'app_api_key_use',
        // A truck's positions through its drivers' assignments (issue 31); security invoker, read under row-level security.
        'truck_positions',
        // Pending webhook deliveries whose job was lost, for the sweep (issue 28).
        'app_stranded_webhook_deliveries',
        // Called by triggers as the invoker; webhook_emit writes an event's deliveries and jobs in the caller's transaction (issue 28).
        'webhook_emit',
        // Called by triggers as the invoker; notify_event refuses to run outside a trigger.
        'notify_event',
        'notify_user',
        'notify_company_roles',
        'status_label',
        // Called by the notifications trigger: whether a recipient of the caller's company has a push subscription.
        'app_has_push_subscription',
      ].sort(),
    );
  });

  it('cannot forge a bus event with notify_event (it runs only inside a trigger)', async () => {
    await expect(
      asApp(sql`select notify_event(${JSON.stringify({ table: 'sessions', op: 'DELETE', session: 'x' })}::jsonb)`),
    ).rejects.toThrow(/notify_event is called by triggers only/);
  });
});
