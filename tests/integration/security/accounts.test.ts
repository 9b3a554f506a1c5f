import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { UNVERIFIED_ACCOUNT_LIFETIME_DAYS, VERIFICATION_TEXTS } from '#shared/schemas/verification.js';
import { loadConfig } from '../../../server/src/config.js';
import { listConfiguredPlatformAdmins, listPlatformAdminByOperator } from '../../../server/src/db/bootstrap.js';
import { loadSessionContext, readIdentity } from '../../../server/src/auth/session-context.js';
import { addMember } from '../../../server/src/auth/accounts.js';
import { sweepUnverifiedAccounts } from '../../../server/src/auth/unverified-accounts.js';
import { grantMasterAdmin, hashVerificationToken } from '../../../server/src/domains/auth/email-verification.js';
import { seedDemo } from '../../../server/src/seed/demo-data.js';
import { seedTestUsers, TEST_USER_MESSAGES } from '../../../server/src/domains/admin/test-users.js';
import { mailFilesTo } from '../../../server/src/services/mail/mail-files.js';
import type { StartedServices } from '../../../server/src/create-services.js';
import { appRouter } from '../../../server/src/app-router.js';
import type { Context } from '../../../server/src/trpc/context.js';
import { makeMasterAdmin } from '../../../scripts/make-admin.js';
import { createInvitation, createTestCompany, type TestCompany } from '../../support/factories.js';
import { callerFor, callPath, contextFor, ownerDb, startTestServices, TEST_PASSWORD, uniqueEmail } from '../../support/harness.js';
import { expectTrpcError, settle, uniqueIp } from '../../support/http.js';
import { authorizationMatrix, type ProcedurePath } from './authorization-matrix.js';

/**
 * Issue 10, items 1 and 8: an address is proven by a mailed link before the account reaches any
 * company data or the platform flag; no known password in production.
 */

// A new listed address on every run, so the grant is asserted every time (never skipped as "taken").
const PLATFORM_OWNER = uniqueEmail('platform-owner');
// A listed address a squatter signs up with before its owner does (issue 24, item 1).
const SQUATTED_BOSS = uniqueEmail('boss');

let started: StartedServices;
let owner: Kysely<any>;
let company: TestCompany;
beforeAll(async () => {
  started = await startTestServices({
    config: { PLATFORM_ADMIN_EMAILS: `someone-else@haulwise.test, ${PLATFORM_OWNER}, ${SQUATTED_BOSS}` },
  });
  owner = ownerDb();
  company = await createTestCompany(started.services);
});
afterAll(async () => {
  await owner?.destroy();
  await started?.close();
});

const services = () => started.services;

/** The password whoever opens a verification link sets. */
const OPENER_PASSWORD = 'opened-from-the-mailbox';

const signUpInput = (email = uniqueEmail('signup')) => ({
  companyName: 'Verified Haulage',
  firstName: 'Vic',
  lastName: 'Verified',
  email,
  password: TEST_PASSWORD,
});

/** The newest verification link mailed to the address, read as its owner reads their inbox. */
async function latestLinkTo(email: string): Promise<{ token: string; link: string } | null> {
  const [mail] = await mailFilesTo(path.join(services().config.dataDir, 'mail'), email);
  const match = mail ? /(\S+\/verify-email\?token=([A-Za-z0-9_-]{43}))/.exec(mail.text) : null;
  return match?.[1] && match[2] ? { link: match[1], token: match[2] } : null;
}

async function mailSubjectsTo(email: string): Promise<string[]> {
  return (await mailFilesTo(path.join(services().config.dataDir, 'mail'), email)).map((mail) => mail.subject);
}

/** Signs up through the procedure, then signs in with the password: an unverified account's session. */
async function unverifiedAccount(email = uniqueEmail('unverified')): Promise<{ email: string; context: Context; userId: string }> {
  await (await callerFor(services(), null, uniqueIp())).auth.signUp(signUpInput(email));
  const cookies: string[] = [];
  const guest = await contextFor(services(), null, uniqueIp());
  const answer = await appRouter
    .createCaller({ ...guest, setCookie: (cookie) => void cookies.push(cookie) })
    .auth.signIn({ email, password: TEST_PASSWORD });
  if (answer.status !== 'signed_in') throw new Error('expected a session');
  const token = /hw_session=([^;]+)/.exec(cookies.at(-1) ?? '')?.[1];
  if (!token) throw new Error('no session cookie');
  const loaded = await loadSessionContext(services(), token);
  if (!loaded) throw new Error('the session did not load');
  return { email, userId: answer.user.id, context: { ...guest, sessionId: token, session: loaded.session } };
}

describe('email verification', () => {
  it('mails a single-use link at sign-up; the link proves the address and signs the browser in', async () => {
    const email = uniqueEmail('verify');
    expect(await (await callerFor(services(), null, uniqueIp())).auth.signUp(signUpInput(email))).toEqual({
      status: 'verification_sent',
      email,
    });
    const mailed = await latestLinkTo(email);
    expect(mailed?.link).toMatch(/^http:\/\/localhost:\d+\/verify-email\?token=/);
    // Only the token's SHA-256 is stored.
    const rows = await owner.selectFrom('emailVerifications').select('tokenHash').execute();
    expect(rows.map((row) => row.tokenHash)).toContain(hashVerificationToken(mailed?.token ?? ''));
    expect(JSON.stringify(rows)).not.toContain(mailed?.token ?? 'none');

    const cookies: string[] = [];
    const guest = await contextFor(services(), null, uniqueIp());
    const session = await appRouter.createCaller({ ...guest, setCookie: (cookie) => void cookies.push(cookie) }).auth.verifyEmail({
      token: mailed?.token ?? '',
      password: OPENER_PASSWORD,
    });
    expect(session).toMatchObject({ user: { email }, role: 'admin', emailVerified: true, isMasterAdmin: false });
    expect(cookies.some((cookie) => cookie.startsWith('hw_session=') && !/Max-Age=0/i.test(cookie))).toBe(true);

    // Single use.
    const again = await expectTrpcError(
      (await callerFor(services(), null, uniqueIp())).auth.verifyEmail({ token: mailed?.token ?? '', password: OPENER_PASSWORD }),
      'BAD_REQUEST',
    );
    expect(again.message).toBe(VERIFICATION_TEXTS.invalid);
  });

  it('refuses an expired link', async () => {
    const email = uniqueEmail('expired');
    await (await callerFor(services(), null, uniqueIp())).auth.signUp(signUpInput(email));
    const mailed = await latestLinkTo(email);
    await owner
      .updateTable('emailVerifications')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('tokenHash', '=', hashVerificationToken(mailed?.token ?? ''))
      .execute();
    await expectTrpcError(
      (await callerFor(services(), null, uniqueIp())).auth.verifyEmail({ token: mailed?.token ?? '', password: OPENER_PASSWORD }),
      'BAD_REQUEST',
    );
    const user = await owner.selectFrom('users').select('emailVerifiedAt').where('email', '=', email).executeTakeFirstOrThrow();
    expect(user.emailVerifiedAt).toBeNull();
  });

  it('lets an unverified account sign in, and reach nothing but its session, signing out and a new link', async () => {
    const { context } = await unverifiedAccount();
    expect(context.session).toMatchObject({ emailVerified: false, isMasterAdmin: false });
    const caller = appRouter.createCaller(context);
    expect(await caller.auth.session()).toMatchObject({ emailVerified: false });

    // Every procedure a signed-in persona may call, but no visitor: refused, naming the reason.
    const refused: string[] = [];
    for (const [procedurePath, rule] of Object.entries(authorizationMatrix) as [
      ProcedurePath,
      (typeof authorizationMatrix)[ProcedurePath],
    ][]) {
      if (rule.allowed.includes('anonymous') || procedurePath === 'auth.signOut' || procedurePath === 'auth.sessionEvents') continue;
      const error = await settle(callPath(caller, procedurePath, undefined));
      expect(error, `${procedurePath} answered an unverified account`).not.toBeNull();
      expect([error?.code, error?.message], procedurePath).toEqual(['FORBIDDEN', VERIFICATION_TEXTS.required]);
      refused.push(procedurePath);
    }
    expect(refused).toEqual(expect.arrayContaining(['loads.list', 'settings.get', 'team.members', 'realtime.changes', 'admin.companies']));

    expect(await caller.auth.resendVerification()).toEqual({ status: 'sent' });
    expect(await caller.auth.signOut({ scope: 'local' })).toEqual({ success: true });
  });

  it('resends a link (the earlier one stops working), at most once a minute, the same answer for any address', async () => {
    const { context, email } = await unverifiedAccount();
    const first = await latestLinkTo(email);
    const caller = appRouter.createCaller({ ...context, request: { ...context.request, ip: uniqueIp() } });
    expect(await caller.auth.resendVerification()).toEqual({ status: 'sent' });
    const second = await latestLinkTo(email);
    expect(second?.token).not.toBe(first?.token);
    await expectTrpcError(caller.auth.resendVerification(), 'TOO_MANY_REQUESTS');
    await expectTrpcError(
      (await callerFor(services(), null, uniqueIp())).auth.verifyEmail({ token: first?.token ?? '', password: OPENER_PASSWORD }),
      'BAD_REQUEST',
    );
    expect(
      await (await callerFor(services(), null, uniqueIp())).auth.verifyEmail({ token: second?.token ?? '', password: OPENER_PASSWORD }),
    ).toMatchObject({
      emailVerified: true,
    });
    // The session signed in before the address was proven has ended.
    expect(await loadSessionContext(services(), context.sessionId ?? '')).toBeNull();
    // A guest naming an unknown or a verified address gets the same answer, and no mail goes out.
    const guest = await callerFor(services(), null, uniqueIp());
    const unknown = uniqueEmail('unknown');
    expect(await guest.auth.resendVerification({ email: unknown })).toEqual({ status: 'sent' });
    expect(await guest.auth.resendVerification({ email: company.users.admin.email })).toEqual({ status: 'sent' });
    expect(await mailSubjectsTo(unknown)).toEqual([]);
    expect(await mailSubjectsTo(company.users.admin.email)).toEqual([]);
  });

  it('grants PLATFORM_ADMIN_EMAILS only once the listed address is verified (asserted on every run)', async () => {
    await (await callerFor(services(), null, uniqueIp())).auth.signUp(signUpInput(PLATFORM_OWNER));
    const user = await owner.selectFrom('users').select('id').where('email', '=', PLATFORM_OWNER).executeTakeFirstOrThrow();
    expect(await readIdentity(services().db, user.id)).toMatchObject({ isMasterAdmin: false, emailVerified: false });
    const profile = await owner.selectFrom('profiles').select('isMasterAdmin').where('userId', '=', user.id).executeTakeFirstOrThrow();
    expect(profile.isMasterAdmin).toBe(false);

    const mailed = await latestLinkTo(PLATFORM_OWNER);
    const session = await (
      await callerFor(services(), null, uniqueIp())
    ).auth.verifyEmail({ token: mailed?.token ?? '', password: OPENER_PASSWORD });
    expect(session).toMatchObject({ isMasterAdmin: true, emailVerified: true });
  });

  it('refuses the platform flag to an unverified account in the database itself', async () => {
    const { userId } = await unverifiedAccount();
    await expect(grantMasterAdmin(services().db, userId)).rejects.toThrow(/verified email/);
  });

  it('refuses the platform flag to a verified address that is not listed, in the database itself (issue 24, item 7)', async () => {
    const verified = company.users.dispatcher;
    await expect(grantMasterAdmin(services().db, verified.userId)).rejects.toThrow(/listed in PLATFORM_ADMIN_EMAILS/);
    expect(await readIdentity(services().db, verified.userId)).toMatchObject({ isMasterAdmin: false });
    // The app role cannot list an address itself, nor read the list.
    await expect(
      sql`insert into platform_admin_addresses (email, source) values (${verified.email}, 'operator')`.execute(services().db),
    ).rejects.toThrow(/permission denied/);
    await expect(sql`select email from platform_admin_addresses`.execute(services().db)).rejects.toThrow(/permission denied/);
  });

  it('lists exactly the configured addresses at each start, and keeps what make admin listed', async () => {
    const listed = async () =>
      (await sql<{ email: string; source: string }>`select email, source from platform_admin_addresses order by email`.execute(owner)).rows;
    expect(await listed()).toEqual(
      expect.arrayContaining([
        { email: 'someone-else@haulwise.test', source: 'config' },
        { email: PLATFORM_OWNER, source: 'config' },
      ]),
    );
    const operatorListed = uniqueEmail('operator');
    await listPlatformAdminByOperator(owner, operatorListed);
    // A start with someone-else taken out of the setting.
    await listConfiguredPlatformAdmins(owner, [PLATFORM_OWNER.toUpperCase()]);
    const after = await listed();
    expect(after.map((row) => row.email)).not.toContain('someone-else@haulwise.test');
    expect(after).toEqual(
      expect.arrayContaining([
        { email: PLATFORM_OWNER, source: 'config' },
        { email: operatorListed, source: 'operator' },
      ]),
    );
    // Put back as this file's start left it.
    await listConfiguredPlatformAdmins(owner, ['someone-else@haulwise.test', PLATFORM_OWNER, SQUATTED_BOSS]);
  });

  it('counts an accepted invitation as proof of the address', async () => {
    const invitation = await createInvitation(services().db, company);
    const session = await (
      await callerFor(services(), null, uniqueIp())
    ).invitations.accept({
      token: invitation.token,
      password: TEST_PASSWORD,
      firstName: 'Ines',
      lastName: 'Invitee',
    });
    expect(session).toMatchObject({ user: { email: invitation.email }, emailVerified: true });
  });

  it('make admin: an existing verified account becomes a master admin; an unknown or unverified one is refused', async () => {
    expect(await makeMasterAdmin(owner, uniqueEmail('nobody'))).toMatchObject({ ok: false, message: /No account/ });
    const { email } = await unverifiedAccount();
    expect(await makeMasterAdmin(owner, email)).toMatchObject({ ok: false, message: /not verified/ });

    const verified = company.users.treasury;
    expect(await makeMasterAdmin(owner, verified.email.toUpperCase())).toMatchObject({ ok: true });
    expect(await readIdentity(services().db, verified.userId)).toMatchObject({ isMasterAdmin: true });
    expect(await makeMasterAdmin(owner, verified.email)).toMatchObject({ ok: true, message: /already/ });
  });
});

/**
 * Issue 24, item 1: an address belongs to whoever proves it. A link alone verifies nothing: its
 * opener sets the password; a later sign-up replaces an unproven account; unproven accounts expire.
 */
describe('an address belongs to whoever proves it', () => {
  const guestCaller = () => callerFor(services(), null, uniqueIp());
  const signUpWith = async (email: string, password: string, companyName: string) =>
    (await guestCaller()).auth.signUp({ ...signUpInput(email), password, companyName });
  const signInWith = async (email: string, password: string) => (await guestCaller()).auth.signIn({ email, password });
  const accountsOf = (email: string) => owner.selectFrom('users').select('id').where('email', '=', email).execute();
  const companyNamed = (name: string) => owner.selectFrom('companies').select('id').where('name', '=', name).execute();

  it('shuts a squatter of a listed address out: the owner signs up after them, proves the address and alone becomes a master admin', async () => {
    const squatter = await unverifiedAccount(SQUATTED_BOSS);
    const squatterCompany = (
      await owner.selectFrom('profiles').select('companyId').where('userId', '=', squatter.userId).executeTakeFirstOrThrow()
    ).companyId;

    // The owner's sign-up gets the same answer as any, and replaces the unproven account.
    expect(await signUpWith(SQUATTED_BOSS, 'the-owners-password', 'Boss Haulage')).toEqual({
      status: 'verification_sent',
      email: SQUATTED_BOSS,
    });
    const accounts = await accountsOf(SQUATTED_BOSS);
    expect(accounts).toHaveLength(1);
    expect(accounts[0]?.id).not.toBe(squatter.userId);
    expect(await owner.selectFrom('companies').select('id').where('id', '=', squatterCompany).execute()).toHaveLength(0);
    // The squatter's session ended with their account.
    expect(await loadSessionContext(services(), squatter.context.sessionId ?? '')).toBeNull();
    await expectTrpcError(signInWith(SQUATTED_BOSS, TEST_PASSWORD), 'UNAUTHORIZED');

    const mailed = await latestLinkTo(SQUATTED_BOSS);
    const session = await (await guestCaller()).auth.verifyEmail({ token: mailed?.token ?? '', password: 'the-owners-password' });
    expect(session).toMatchObject({ company: { name: 'Boss Haulage' }, isMasterAdmin: true, emailVerified: true });

    // The squatter's password opens nothing; the owner's does, as a master admin.
    await expectTrpcError(signInWith(SQUATTED_BOSS, TEST_PASSWORD), 'UNAUTHORIZED');
    expect(await signInWith(SQUATTED_BOSS, 'the-owners-password')).toMatchObject({ status: 'signed_in', isMasterAdmin: true });
    // A sign-up for the proven address now only mails its owner a note.
    await signUpWith(SQUATTED_BOSS, 'squatter-again', 'Squatter Again');
    expect(await accountsOf(SQUATTED_BOSS)).toEqual(accounts);
    expect(await mailSubjectsTo(SQUATTED_BOSS)).toContain('You already have a Haulwise account');
  });

  it('never verifies a password the link opener did not choose: a stranger signing up after the owner is shut out when the owner opens the link', async () => {
    const email = uniqueEmail('owner-first');
    await signUpWith(email, 'owners-first-password', 'Owner First');
    const ownersLink = await latestLinkTo(email);
    // A stranger signs up with the same address after the owner, and signs in to the unproven account.
    const stranger = await unverifiedAccount(email);
    expect(await accountsOf(email)).toEqual([{ id: stranger.userId }]);

    // The owner's own link died with the replaced account; the stranger's went to the owner's mailbox.
    await expectTrpcError(
      (await guestCaller()).auth.verifyEmail({ token: ownersLink?.token ?? '', password: 'whatever-1' }),
      'BAD_REQUEST',
    );
    const strangersLink = await latestLinkTo(email);
    expect(strangersLink?.token).not.toBe(ownersLink?.token);
    // The link alone verifies nothing.
    const bare = await expectTrpcError(
      (await guestCaller()).auth.verifyEmail({ token: strangersLink?.token ?? '' } as { token: string; password: string }),
      'BAD_REQUEST',
    );
    expect(bare.message).toMatch(/Password/);
    expect(
      (await owner.selectFrom('users').select('emailVerifiedAt').where('email', '=', email).executeTakeFirstOrThrow()).emailVerifiedAt,
    ).toBeNull();

    // The owner opens it and sets their password: the stranger's password and session are gone.
    expect(
      await (await guestCaller()).auth.verifyEmail({ token: strangersLink?.token ?? '', password: 'owners-new-password' }),
    ).toMatchObject({
      emailVerified: true,
    });
    expect(await loadSessionContext(services(), stranger.context.sessionId ?? '')).toBeNull();
    await expectTrpcError(signInWith(email, TEST_PASSWORD), 'UNAUTHORIZED');
    expect(await signInWith(email, 'owners-new-password')).toMatchObject({ status: 'signed_in', emailVerified: true });
  });

  it(`expires unproven accounts after ${UNVERIFIED_ACCOUNT_LIFETIME_DAYS} days: they no longer sign in, and the sweep deletes them with their company`, async () => {
    const email = uniqueEmail('stale');
    await signUpWith(email, 'stale-password', `Stale ${email}`);
    const fresh = uniqueEmail('fresh');
    await signUpWith(fresh, 'fresh-password', `Fresh ${fresh}`);
    // An account of a company that holds other members and records (made before addresses were proven) is never swept.
    const legacy = await addMember(services().db, company.companyId, {
      email: uniqueEmail('legacy'),
      password: 'legacy-password',
      firstName: 'Lee',
      lastName: 'Legacy',
      role: 'dispatcher',
      emailVerified: false,
    });
    const age = (days: number) => sql<Date>`now() - make_interval(days => ${days})`;
    await owner
      .updateTable('users')
      .set({ createdAt: age(UNVERIFIED_ACCOUNT_LIFETIME_DAYS) })
      .where('id', 'in', [(await accountsOf(email))[0]?.id ?? '', legacy.userId])
      .execute();
    await owner
      .updateTable('users')
      .set({ createdAt: age(UNVERIFIED_ACCOUNT_LIFETIME_DAYS - 1) })
      .where('email', '=', fresh)
      .execute();

    await expectTrpcError(signInWith(email, 'stale-password'), 'UNAUTHORIZED');
    expect(await signInWith(fresh, 'fresh-password')).toMatchObject({ status: 'signed_in', emailVerified: false });

    expect(await sweepUnverifiedAccounts(services().db)).toBeGreaterThanOrEqual(1);
    expect(await accountsOf(email)).toHaveLength(0);
    expect(await companyNamed(`Stale ${email}`)).toHaveLength(0);
    expect(await accountsOf(fresh)).toHaveLength(1);
    expect(await companyNamed(`Fresh ${fresh}`)).toHaveLength(1);
    expect(await owner.selectFrom('users').select('id').where('id', '=', legacy.userId).execute()).toHaveLength(1);
  });

  it('lets the owner of the mailbox accept an invitation to an address a squatter signed up with', async () => {
    const invitation = await createInvitation(services().db, company);
    const squatter = await unverifiedAccount(invitation.email);
    const guest = await guestCaller();
    expect(await guest.invitations.preview({ token: invitation.token })).toMatchObject({ email: invitation.email, hasAccount: false });
    const session = await guest.invitations.accept({
      token: invitation.token,
      password: 'invitees-own-password',
      firstName: 'Ines',
      lastName: 'Invitee',
    });
    expect(session).toMatchObject({ user: { email: invitation.email }, company: { id: company.companyId }, emailVerified: true });
    expect(session.user.id).not.toBe(squatter.userId);
    expect(await loadSessionContext(services(), squatter.context.sessionId ?? '')).toBeNull();
    await expectTrpcError(signInWith(invitation.email, TEST_PASSWORD), 'UNAUTHORIZED');
    expect(await signInWith(invitation.email, 'invitees-own-password')).toMatchObject({ status: 'signed_in', role: 'dispatcher' });
  });
});

describe('no known password in production', () => {
  const production = { NODE_ENV: 'production', APP_ORIGIN: 'https://dispatch.example.com', APP_DB_PASSWORD: 'a-real-secret-1' };

  it('refuses to start with the default app role password', () => {
    expect(() => loadConfig({ ...production, APP_DB_PASSWORD: undefined })).toThrow(/APP_DB_PASSWORD/);
    expect(() => loadConfig({ ...production, APP_DB_PASSWORD: 'haulwise-app-local' })).toThrow(/APP_DB_PASSWORD/);
    expect(loadConfig(production).APP_DB_PASSWORD).toBe('a-real-secret-1');
  });

  it('never seeds the demo workspace, whatever SEED_DEMO says', async () => {
    for (const SEED_DEMO of ['true', 'auto', 'false']) expect(loadConfig({ ...production, SEED_DEMO }).SEED_DEMO).toBe('false');
    expect(loadConfig({ NODE_ENV: 'development', SEED_DEMO: 'true' }).SEED_DEMO).toBe('true');
    await expect(seedDemo(services().db, { onlyIfEmpty: false, nodeEnv: 'production' })).rejects.toThrow(/never seeded in production/);
  });

  it('turns the seed of test users off', async () => {
    const error = await seedTestUsers(services().db, { nodeEnv: 'production' }).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({ code: 'FORBIDDEN', message: TEST_USER_MESSAGES.production });
  });
});

describe('the seed of test users', () => {
  it('never adds test members to a company someone else registered first under a test address', async () => {
    const suffix = randomUUID().slice(0, 8);
    const admin = { email: `admin-${suffix}@testfreight.example`, firstName: 'Alex', lastName: 'Admin', role: 'admin' as const };
    const member = {
      email: `dispatcher-${suffix}@testfreight.example`,
      firstName: 'Dakota',
      lastName: 'Dispatch',
      role: 'dispatcher' as const,
    };
    const companies = [{ name: `Test Freight ${suffix}`, accounts: [admin, member] as const }];
    // Someone signs up first with the test admin's address (and cannot verify it).
    await (await callerFor(services(), null, uniqueIp())).auth.signUp({ ...signUpInput(admin.email), companyName: 'Squatter Co' });

    const results = await seedTestUsers(services().db, { companies, nodeEnv: 'test' });
    expect(results.map((result) => [result.email, result.success, result.message])).toEqual([
      [admin.email, false, TEST_USER_MESSAGES.notSeeded],
      [member.email, false, TEST_USER_MESSAGES.notSeeded],
    ]);
    expect(await owner.selectFrom('users').select('id').where('email', '=', member.email).execute()).toHaveLength(0);
  });

  it("still completes the seed's own companies on a second run, its accounts verified", async () => {
    const suffix = randomUUID().slice(0, 8);
    const admin = { email: `admin-${suffix}@testlogistics.example`, firstName: 'Avery', lastName: 'Admin', role: 'admin' as const };
    const member = {
      email: `treasury-${suffix}@testlogistics.example`,
      firstName: 'Tatum',
      lastName: 'Treasury',
      role: 'treasury' as const,
    };
    await seedTestUsers(services().db, { companies: [{ name: `Test Logistics ${suffix}`, accounts: [admin] as const }], nodeEnv: 'test' });
    const results = await seedTestUsers(services().db, {
      companies: [{ name: `Test Logistics ${suffix}`, accounts: [admin, member] as const }],
      nodeEnv: 'test',
    });
    expect(results.map((result) => result.success)).toEqual([true, true]);
    const verified = await owner.selectFrom('users').select('emailVerifiedAt').where('email', 'in', [admin.email, member.email]).execute();
    expect(verified.every((row) => row.emailVerifiedAt !== null)).toBe(true);
  });
});
