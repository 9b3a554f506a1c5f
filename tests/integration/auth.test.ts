import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import { hashSessionId } from '../../server/src/services/lucia.js';
import { readIdentity } from '../../server/src/auth/session-context.js';
import type { StartedServices } from '../../server/src/create-services.js';
import { appRouter } from '../../server/src/app-router.js';
import {
  callerFor,
  contextFor,
  createTestCompany,
  ownerDb,
  startTestServices,
  TEST_PASSWORD,
  uniqueEmail,
  wsClientFor,
  listen,
  sessionFor,
} from '../support/harness.js';

let started: StartedServices;
beforeAll(async () => {
  started = await startTestServices();
});
afterAll(async () => {
  await started.close();
});

/** The owner's handle, for what the app role may no longer read table-wide (sessions: issue 10). */
const tableOwner = ownerDb();
afterAll(async () => {
  await tableOwner.destroy();
});

const validSignUp = () => ({
  companyName: 'Prairie Haulers',
  firstName: 'Pat',
  lastName: 'Prairie',
  email: uniqueEmail('signup'),
  password: 'secret1',
});

async function expectError(promise: Promise<unknown>, code: string, message?: string | RegExp) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TRPCError);
  expect((error as TRPCError).code).toBe(code);
  if (message) expect((error as TRPCError).message).toMatch(message);
  return error as TRPCError;
}

describe('sign-up', () => {
  it('creates the user, company, profile and admin role, and asks to verify the address (no session yet)', async () => {
    const caller = await callerFor(started.services, null);
    const input = validSignUp();
    expect(await caller.auth.signUp(input)).toEqual({ status: 'verification_sent', email: input.email });
    const user = await started.services.db.selectFrom('users').select('id').where('email', '=', input.email).executeTakeFirstOrThrow();
    const identity = await readIdentity(started.services.db, user.id);
    expect(identity?.role).toBe('admin');
    expect(identity?.company.name).toBe('Prairie Haulers');
    expect(identity?.user).toMatchObject({ email: input.email, firstName: 'Pat', lastName: 'Prairie' });
    expect(identity).toMatchObject({ isMasterAdmin: false, emailVerified: false });
  });

  it.each([
    ['companyName', { companyName: '  ' }, 'Company name is required'],
    ['firstName', { firstName: '' }, 'First name is required'],
    ['lastName', { lastName: '' }, 'Last name is required'],
    ['email', { email: 'not-an-email' }, 'Invalid email address'],
    ['email', { email: '' }, 'Email is required'],
    ['password', { password: '12345' }, 'Password must be at least 6 characters'],
  ])('refuses a bad %s with a message naming it', async (_field, override, message) => {
    const caller = await callerFor(started.services, null);
    await expectError(caller.auth.signUp({ ...validSignUp(), ...override }), 'BAD_REQUEST', message);
  });

  it('answers a duplicate email, whatever its case, as a new one, and makes no second account', async () => {
    const caller = await callerFor(started.services, null);
    const input = validSignUp();
    await caller.auth.signUp(input);
    const again = { ...validSignUp(), email: input.email.toUpperCase() };
    expect(await caller.auth.signUp(again)).toEqual({ status: 'verification_sent', email: input.email });
    const users = await started.services.db.selectFrom('users').select('id').where('email', '=', input.email).execute();
    expect(users).toHaveLength(1);
  });

  it('makes no master admin at sign-up, even for an address in PLATFORM_ADMIN_EMAILS (it is granted on verification)', async () => {
    const caller = await callerFor(started.services, null);
    await caller.auth.signUp({ ...validSignUp(), email: 'platform-owner@haulwise.test' });
    const owner = await started.services.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'platform-owner@haulwise.test')
      .executeTakeFirstOrThrow();
    expect(await readIdentity(started.services.db, owner.id)).toMatchObject({ isMasterAdmin: false, emailVerified: false });
    const count = await started.services.db
      .selectFrom('users')
      .where('email', '=', 'platform-owner@haulwise.test')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('leaves nothing behind when creating the company fails', async () => {
    const owner = ownerDb();
    const marker = `Broken Co ${Date.now()}`;
    await sql`create or replace function fail_broken_company() returns trigger language plpgsql as $$
      begin if new.name like 'Broken Co %' then raise exception 'company creation failed'; end if; return new; end $$`.execute(owner);
    await sql`create trigger fail_broken_company before insert on companies for each row execute function fail_broken_company()`.execute(
      owner,
    );
    try {
      const caller = await callerFor(started.services, null);
      const input = { ...validSignUp(), companyName: marker };
      await expectError(caller.auth.signUp(input), 'INTERNAL_SERVER_ERROR');
      const users = await started.services.db.selectFrom('users').select('id').where('email', '=', input.email).execute();
      expect(users).toHaveLength(0);
      const companies = await owner.selectFrom('companies').select('id').where('name', '=', marker).execute();
      expect(companies).toHaveLength(0);
    } finally {
      await sql`drop trigger fail_broken_company on companies`.execute(owner);
      await sql`drop function fail_broken_company()`.execute(owner);
      await owner.destroy();
    }
  });
});

describe('sign-in', () => {
  it('signs in with the right password and reads the session', async () => {
    const company = await createTestCompany(started.services);
    const caller = await callerFor(started.services, null, '10.0.0.1');
    const session = await caller.auth.signIn({ email: company.users.dispatcher.email, password: TEST_PASSWORD });
    expect(session).toMatchObject({ status: 'signed_in', role: 'dispatcher', company: { id: company.companyId } });
  });

  it('answers a wrong password and an unknown email alike', async () => {
    const company = await createTestCompany(started.services);
    const caller = await callerFor(started.services, null, '10.0.0.2');
    await expectError(
      caller.auth.signIn({ email: company.users.admin.email, password: 'wrong-password' }),
      'UNAUTHORIZED',
      'Invalid login credentials',
    );
    await expectError(
      caller.auth.signIn({ email: uniqueEmail('nobody'), password: 'wrong-password' }),
      'UNAUTHORIZED',
      'Invalid login credentials',
    );
  });

  it('requires an email-shaped email and a password', async () => {
    const caller = await callerFor(started.services, null, '10.0.0.3');
    await expectError(caller.auth.signIn({ email: 'nope', password: 'x' }), 'BAD_REQUEST', 'Invalid email address');
    await expectError(caller.auth.signIn({ email: uniqueEmail(), password: '' }), 'BAD_REQUEST', 'Password is required');
  });

  // Failures per account slow the next tries down, never block the right password: security/accounts.test.ts.
  it('makes an account wait after repeated failures', async () => {
    const company = await createTestCompany(started.services);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const caller = await callerFor(started.services, null, `10.1.0.${attempt}`);
      await expectError(caller.auth.signIn({ email: company.users.admin.email, password: 'wrong' }), 'UNAUTHORIZED');
    }
    const caller = await callerFor(started.services, null, '10.1.1.1');
    await expectError(caller.auth.signIn({ email: company.users.admin.email, password: TEST_PASSWORD }), 'TOO_MANY_REQUESTS', /wait/);
  });

  it('rate limits attempts per IP address', async () => {
    const caller = await callerFor(started.services, null, '10.2.0.1');
    for (let attempt = 0; attempt < 30; attempt += 1) {
      await expectError(caller.auth.signIn({ email: uniqueEmail(), password: 'wrong' }), 'UNAUTHORIZED');
    }
    await expectError(caller.auth.signIn({ email: uniqueEmail(), password: 'wrong' }), 'TOO_MANY_REQUESTS');
  });
});

describe('sessions', () => {
  it('signs out this device only', async () => {
    const company = await createTestCompany(started.services);
    const phone = await contextFor(started.services, company.users.admin);
    const laptop = await contextFor(started.services, company.users.admin);
    await appRouter.createCaller(phone).auth.signOut({ scope: 'local' });
    expect((await started.services.lucia.validateSession(phone.sessionId ?? '')).session).toBeNull();
    expect((await started.services.lucia.validateSession(laptop.sessionId ?? '')).session).not.toBeNull();
  });

  it('signs out everywhere', async () => {
    const company = await createTestCompany(started.services);
    await callerFor(started.services, company.users.sales);
    const caller = await callerFor(started.services, company.users.sales);
    await caller.auth.signOut({ scope: 'global' });
    const left = await tableOwner.selectFrom('sessions').select('id').where('userId', '=', company.users.sales.userId).execute();
    expect(left).toHaveLength(0);
  });

  it('ends a session at its absolute lifetime even while it is being used', async () => {
    const company = await createTestCompany(started.services);
    const sessionId = await sessionFor(started.services, company.users.treasury);
    const valid = await started.services.lucia.validateSession(sessionId);
    expect(valid.session).not.toBeNull();
    await tableOwner
      .updateTable('sessions')
      .set({ absoluteExpiresAt: new Date(Date.now() - 1000) })
      .where('id', '=', hashSessionId(sessionId))
      .execute();
    const expired = await started.services.lucia.validateSession(sessionId);
    expect(expired.session).toBeNull();
  });

  it('never slides the idle expiry past the absolute lifetime', async () => {
    const company = await createTestCompany(started.services);
    const sessionId = await sessionFor(started.services, company.users.treasury);
    const absolute = new Date(Date.now() + 60_000);
    await tableOwner
      .updateTable('sessions')
      .set({ absoluteExpiresAt: absolute, expiresAt: new Date(Date.now() + 1000) })
      .where('id', '=', hashSessionId(sessionId))
      .execute();
    const { session } = await started.services.lucia.validateSession(sessionId);
    expect(session?.fresh).toBe(true);
    const row = await tableOwner
      .selectFrom('sessions')
      .select('expiresAt')
      .where('id', '=', hashSessionId(sessionId))
      .executeTakeFirstOrThrow();
    expect(new Date(row.expiresAt).getTime()).toBeLessThanOrEqual(absolute.getTime());
  });

  it('closes a live subscription when its session is revoked', async () => {
    const company = await createTestCompany(started.services);
    const { app, origin, wsUrl } = await listen(started.services);
    const sessionId = await sessionFor(started.services, company.users.dispatcher);
    const { client, wsClient } = wsClientFor(wsUrl, sessionId, origin);
    try {
      const events: string[] = [];
      const ended = new Promise<void>((resolve) => {
        client.auth.sessionEvents.subscribe(undefined, {
          onData: (event) => {
            events.push(event.type);
            if (event.type === 'ended') resolve();
          },
        });
      });
      await expect.poll(() => events).toContain('active');
      const other = await callerFor(started.services, company.users.dispatcher);
      await other.auth.signOut({ scope: 'global' });
      await ended;
      expect(events).toEqual(['active', 'ended']);
      await expect.poll(() => wsClient.connection?.state ?? 'closed', { timeout: 5000 }).not.toBe('open');
    } finally {
      wsClient.close();
      await app.close();
    }
  });
});
