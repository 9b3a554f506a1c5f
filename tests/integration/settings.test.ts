import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_TEXT } from '#shared/schemas/settings.js';
import { hashSessionId } from '../../server/src/services/lucia.js';
import type { StartedServices } from '../../server/src/create-services.js';
import { appRouter } from '../../server/src/app-router.js';
import { sessionFingerprint } from '../../server/src/trpc/context.js';
import { createTwoFactorMember } from '../support/factories.js';
import {
  callerFor,
  callPath,
  contextFor,
  createMasterAdmin,
  createTestCompany,
  ownerDb,
  sessionFor,
  startTestServices,
  TEST_PASSWORD,
  type PersonaName,
  type TestCompany,
  type TestUser,
} from '../support/harness.js';
import { expectTrpcError, uniqueIp, userFacingError } from '../support/http.js';
import { expectSameAsMissing } from './security/authorization-matrix.js';

let started: StartedServices;
let company: TestCompany;
let other: TestCompany;
let master: TestUser;
beforeAll(async () => {
  started = await startTestServices();
  [company, other] = await Promise.all([createTestCompany(started.services), createTestCompany(started.services)]);
  master = await createMasterAdmin(started.services);
});
afterAll(async () => {
  await started?.close();
});

const services = () => started.services;
const as = (user: TestUser | null) => callerFor(services(), user, uniqueIp());
const FORBIDDEN = 'You do not have permission to do this';

/** The owner's handle, for what the app role may no longer read table-wide (sessions, codes, the outbox: issue 10). */
const tableOwner = ownerDb();
afterAll(async () => {
  await tableOwner.destroy();
});

/** The stored ids of the user's sessions: each the SHA-256 of its token (stored() of a token, to compare). */
const stored = (token: string | null) => hashSessionId(token ?? '');
async function liveSessionIds(userId: string): Promise<string[]> {
  const rows = await tableOwner.selectFrom('sessions').select('id').where('userId', '=', userId).execute();
  return rows.map((row) => row.id);
}

/** A member of its own, so tests that change a password or end sessions touch nobody else. */
const freshMember = (companyId = company.companyId) => createTwoFactorMember(services(), companyId, { enabled: false, method: 'sms' });

describe('settings.get', () => {
  it.each(['admin', 'sales', 'dispatcher', 'treasury', 'driver'] as PersonaName[])(
    "shows a %s their own profile and their company's information",
    async (persona) => {
      const user = company.users[persona];
      const settings = await (await as(user)).settings.get();
      expect(settings.profile).toMatchObject({ email: user.email, twoFactor: { enabled: false, method: 'sms' } });
      expect(settings.company).toEqual({
        name: company.name,
        email: null,
        phone: null,
        address: null,
        mcNumber: null,
        dotNumber: null,
        airwallexAccountId: null,
      });
      expect(settings.canEditAccountId).toBe(persona === 'admin');
    },
  );

  it('shows a master admin their own company, and lets them edit its account id', async () => {
    const settings = await (await as(master)).settings.get();
    expect(settings.profile).toMatchObject({ firstName: 'Max', lastName: 'Master', email: master.email });
    expect(settings.company.name).toMatch(/^Platform /);
    expect(settings.canEditAccountId).toBe(true);
  });

  it('shows the company contact details as stored', async () => {
    const owner = ownerDb();
    try {
      await owner
        .updateTable('companies')
        .set({ email: 'ops@prairie.test', phone: '+1 555 010 3030', address: '1 Depot Rd, Omaha, NE' })
        .where('id', '=', other.companyId)
        .execute();
    } finally {
      await owner.destroy();
    }
    const settings = await (await as(other.users.treasury)).settings.get();
    expect(settings.company).toMatchObject({ email: 'ops@prairie.test', phone: '+1 555 010 3030', address: '1 Depot Rd, Omaha, NE' });
  });

  it('refuses anyone not signed in', async () => {
    await expectTrpcError((await as(null)).settings.get(), 'UNAUTHORIZED', 'Not authenticated');
  });
});

describe('settings.updateProfile', () => {
  it('saves first name, last name and phone of one’s own profile, trimmed', async () => {
    const member = await freshMember();
    const caller = await as(member);
    const profile = await caller.settings.updateProfile({ firstName: '  Jo ', lastName: ' Rivers ', phone: ' +1 (555) 010-2233 ' });
    expect(profile).toMatchObject({ firstName: 'Jo', lastName: 'Rivers', phone: '+1 (555) 010-2233', email: member.email });
    expect((await caller.settings.get()).profile).toMatchObject({ firstName: 'Jo', lastName: 'Rivers', phone: '+1 (555) 010-2233' });
    // The next request's session carries the new name, so the sidebar shows it.
    expect((await (await as(member)).auth.session())?.user).toMatchObject({ firstName: 'Jo', lastName: 'Rivers' });
  });

  it('clears the phone when left empty', async () => {
    const member = await freshMember();
    const caller = await as(member);
    expect((await caller.settings.updateProfile({ firstName: 'Jo', lastName: 'Rivers', phone: '' })).phone).toBeNull();
  });

  it.each([
    ['firstName', { firstName: ' ' }, 'First name is required'],
    ['lastName', { lastName: '' }, 'Last name is required'],
    ['firstName', { firstName: 'x'.repeat(101) }, 'First name must be at most 100 characters'],
    ['phone', { phone: 'call me maybe' }, 'Invalid phone number'],
  ])('refuses a bad %s with a message beside it, and changes nothing', async (field, override, message) => {
    const member = await freshMember();
    const caller = await as(member);
    const before = (await caller.settings.get()).profile;
    const error = await expectTrpcError(
      caller.settings.updateProfile({ firstName: 'Jo', lastName: 'Rivers', phone: '', ...override }),
      'BAD_REQUEST',
    );
    expect(userFacingError(error, 'settings.updateProfile')).toMatchObject({ message, data: { field } });
    expect((await caller.settings.get()).profile).toEqual(before);
  });

  it('keeps the phone while two-factor codes go to it by SMS', async () => {
    const member = await createTwoFactorMember(services(), company.companyId, { method: 'sms', phone: '+1 555 010 6464' });
    const caller = await as(member);
    const error = await expectTrpcError(
      caller.settings.updateProfile({ firstName: 'Tess', lastName: 'Twofactor', phone: '' }),
      'BAD_REQUEST',
    );
    expect(userFacingError(error, 'settings.updateProfile')).toMatchObject({
      message: SETTINGS_TEXT.phoneNeededForSms,
      data: { field: 'phone' },
    });
    expect((await caller.settings.get()).profile.phone).toBe('+1 555 010 6464');
  });

  it('changes only one’s own profile', async () => {
    const caller = await as(company.users.sales);
    await caller.settings.updateProfile({ firstName: 'Sally', lastName: 'Sales', phone: '' });
    const admin = await (await as(company.users.admin)).settings.get();
    expect(admin.profile).toMatchObject({ firstName: 'Ada', lastName: 'Admin' });
  });
});

describe('settings.saveAirwallexAccountId', () => {
  it('lets an admin save the company account id, trimmed, and shows it to everyone in the company', async () => {
    const saved = await (await as(other.users.admin)).settings.saveAirwallexAccountId({ accountId: '  acct_8Hq2Lx_01 ' });
    expect(saved).toEqual({ airwallexAccountId: 'acct_8Hq2Lx_01' });
    expect((await (await as(other.users.driver)).settings.get()).company.airwallexAccountId).toBe('acct_8Hq2Lx_01');
    // Nobody else's company changes.
    expect((await (await as(company.users.admin)).settings.get()).company.airwallexAccountId).not.toBe('acct_8Hq2Lx_01');
  });

  it.each(['sales', 'dispatcher', 'treasury', 'driver'] as PersonaName[])('refuses a %s, and changes nothing', async (persona) => {
    await expectTrpcError(
      (await as(other.users[persona])).settings.saveAirwallexAccountId({ accountId: 'acct_nope' }),
      'FORBIDDEN',
      FORBIDDEN,
    );
    expect((await (await as(other.users.admin)).settings.get()).company.airwallexAccountId).not.toBe('acct_nope');
  });

  it('lets a master admin save only their own company’s account id', async () => {
    await (await as(master)).settings.saveAirwallexAccountId({ accountId: 'acct_platform' });
    expect((await (await as(master)).settings.get()).company.airwallexAccountId).toBe('acct_platform');
    for (const tenant of [company, other]) {
      expect((await (await as(tenant.users.admin)).settings.get()).company.airwallexAccountId).not.toBe('acct_platform');
    }
  });

  it.each([
    ['', 'Account ID is required'],
    ['   ', 'Account ID is required'],
    ['acct with spaces', 'Account ID may contain only letters, digits, "-" and "_"'],
    ['a'.repeat(101), 'Account ID must be at most 100 characters'],
  ])('refuses %j with a message beside the field', async (accountId, message) => {
    const error = await expectTrpcError((await as(company.users.admin)).settings.saveAirwallexAccountId({ accountId }), 'BAD_REQUEST');
    expect(userFacingError(error, 'settings.saveAirwallexAccountId')).toMatchObject({ message, data: { field: 'accountId' } });
  });
});

describe('settings.changePassword', () => {
  it('changes the password, ends every other session of the account and keeps this one', async () => {
    const member = await freshMember();
    const phone = await contextFor(services(), member);
    const laptop = await contextFor(services(), member);
    const here = await contextFor(services(), member);
    const result = await appRouter
      .createCaller(here)
      .settings.changePassword({ currentPassword: TEST_PASSWORD, newPassword: 'n3w-secret' });
    expect(result).toEqual({ success: true, endedSessions: 2 });
    expect(await liveSessionIds(member.userId)).toEqual([stored(here.sessionId)]);
    expect(await liveSessionIds(member.userId)).not.toContain(stored(phone.sessionId));
    expect(await liveSessionIds(member.userId)).not.toContain(stored(laptop.sessionId));

    const visitor = await as(null);
    await expectTrpcError(
      visitor.auth.signIn({ email: member.email, password: TEST_PASSWORD }),
      'UNAUTHORIZED',
      'Invalid login credentials',
    );
    expect((await visitor.auth.signIn({ email: member.email, password: 'n3w-secret' })).status).toBe('signed_in');
  });

  it('refuses a wrong current password beside its field, and keeps the password and the sessions', async () => {
    const member = await freshMember();
    const elsewhere = await contextFor(services(), member);
    const caller = await as(member);
    const error = await expectTrpcError(
      caller.settings.changePassword({ currentPassword: 'not-it', newPassword: 'n3w-secret' }),
      'BAD_REQUEST',
    );
    expect(userFacingError(error, 'settings.changePassword')).toMatchObject({
      message: 'Current password is incorrect',
      data: { field: 'currentPassword' },
    });
    expect(await liveSessionIds(member.userId)).toContain(stored(elsewhere.sessionId));
    expect((await (await as(null)).auth.signIn({ email: member.email, password: TEST_PASSWORD })).status).toBe('signed_in');
  });

  it('requires a new password of at least 6 characters', async () => {
    const caller = await as(await freshMember());
    const error = await expectTrpcError(
      caller.settings.changePassword({ currentPassword: TEST_PASSWORD, newPassword: '12345' }),
      'BAD_REQUEST',
    );
    expect(userFacingError(error, 'settings.changePassword')).toMatchObject({
      message: 'Password must be at least 6 characters',
      data: { field: 'newPassword' },
    });
  });

  it('limits current-password guesses from a session', async () => {
    const caller = await as(await freshMember());
    for (let attempt = 0; attempt < 10; attempt += 1) {
      await expectTrpcError(
        caller.settings.changePassword({ currentPassword: `guess-${attempt}`, newPassword: 'n3w-secret' }),
        'BAD_REQUEST',
      );
    }
    await expectTrpcError(
      caller.settings.changePassword({ currentPassword: TEST_PASSWORD, newPassword: 'n3w-secret' }),
      'TOO_MANY_REQUESTS',
    );
  });
});

describe('settings.sessions and settings.endSession', () => {
  it('lists one’s own live sessions, this device first and marked, named by fingerprints rather than tokens', async () => {
    const member = await freshMember();
    const elsewhere = await contextFor(services(), member);
    const here = await contextFor(services(), member);
    await callerFor(services(), company.users.dispatcher);
    const sessions = await appRouter.createCaller(here).settings.sessions();
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({
      id: sessionFingerprint(here.sessionId ?? ''),
      isCurrent: true,
      userAgent: 'vitest',
      ip: '127.0.0.1',
    });
    expect(sessions[1]).toMatchObject({ id: sessionFingerprint(elsewhere.sessionId ?? ''), isCurrent: false });
    const tokens = await liveSessionIds(member.userId);
    for (const session of sessions) {
      expect(session.id).toMatch(/^[0-9a-f]{32}$/);
      expect(tokens).not.toContain(session.id);
      expect(new Date(session.expiresAt).getTime()).toBeGreaterThan(Date.now());
      expect(new Date(session.createdAt).getTime()).toBeLessThanOrEqual(Date.now());
    }
  });

  it('leaves out expired sessions', async () => {
    const member = await freshMember();
    const expired = await sessionFor(services(), member);
    await tableOwner
      .updateTable('sessions')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('id', '=', stored(expired))
      .execute();
    const sessions = await (await as(member)).settings.sessions();
    expect(sessions.map((session) => session.id)).not.toContain(sessionFingerprint(expired));
  });

  it('signs out another of one’s own sessions', async () => {
    const member = await freshMember();
    const elsewhere = await sessionFor(services(), member);
    const here = await contextFor(services(), member);
    const caller = appRouter.createCaller(here);
    expect(await caller.settings.endSession({ id: sessionFingerprint(elsewhere) })).toEqual({ id: sessionFingerprint(elsewhere) });
    expect(await liveSessionIds(member.userId)).toEqual([stored(here.sessionId)]);
    expect((await caller.settings.sessions()).map((session) => session.isCurrent)).toEqual([true]);
  });

  it('signs out this device when asked to end the current session, clearing its cookie', async () => {
    const member = await freshMember();
    const here = await contextFor(services(), member);
    const cookies: string[] = [];
    const caller = appRouter.createCaller({ ...here, setCookie: (cookie) => void cookies.push(cookie) });
    await caller.settings.endSession({ id: sessionFingerprint(here.sessionId ?? '') });
    expect(await liveSessionIds(member.userId)).toEqual([]);
    expect(cookies.some((cookie) => /Max-Age=0/i.test(cookie))).toBe(true);
  });

  it("answers another user's session (same company or another) exactly like a missing one, and ends nothing", async () => {
    const member = await freshMember();
    const caller = await as(member);
    const colleague = await sessionFor(services(), company.users.admin);
    const stranger = await sessionFor(services(), other.users.admin);
    const deleted = await sessionFor(services(), member);
    await tableOwner.deleteFrom('sessions').where('id', '=', stored(deleted)).execute();
    const random = () => caller.settings.endSession({ id: randomBytes(16).toString('hex') });
    await expectSameAsMissing(() => caller.settings.endSession({ id: sessionFingerprint(colleague) }), random);
    await expectSameAsMissing(() => caller.settings.endSession({ id: sessionFingerprint(stranger) }), random);
    await expectSameAsMissing(() => caller.settings.endSession({ id: sessionFingerprint(deleted) }), random);
    await expectTrpcError(random(), 'NOT_FOUND', 'Session not found');
    expect(await liveSessionIds(company.users.admin.userId)).toContain(stored(colleague));
    expect(await liveSessionIds(other.users.admin.userId)).toContain(stored(stranger));
  });

  it('refuses a session token in place of its fingerprint', async () => {
    const member = await freshMember();
    const token = await sessionFor(services(), member);
    const caller = await as(member);
    const error = await expectTrpcError(caller.settings.endSession({ id: token }), 'BAD_REQUEST');
    expect(userFacingError(error, 'settings.endSession')).toMatchObject({ message: 'Invalid session', data: { field: 'id' } });
    expect(await liveSessionIds(member.userId)).toContain(stored(token));
  });
});

/** Whatever is posted, a clear client error (naming the field when the input is refused) or success: never a 500. */
describe('arbitrary input', () => {
  const text = fc.oneof(
    fc.string(),
    fc.string({ unit: 'binary', maxLength: 150 }),
    fc.constantFrom('', ' ', '\uFEFF', '\uD800', '💥'.repeat(40)),
  );
  const anyValue = (plausible: fc.Arbitrary<unknown>) =>
    fc.oneof({ weight: 4, arbitrary: plausible }, { weight: 2, arbitrary: text }, { weight: 1, arbitrary: fc.anything() });
  const record = (shape: Record<string, fc.Arbitrary<unknown>>) =>
    fc.oneof(
      { weight: 4, arbitrary: fc.record(shape) },
      { weight: 1, arbitrary: fc.record(shape, { requiredKeys: [] }) },
      { weight: 1, arbitrary: fc.anything() },
    );
  const cases: [string, fc.Arbitrary<unknown>][] = [
    [
      'settings.updateProfile',
      record({
        firstName: anyValue(fc.constantFrom('Jo', '  Ada ')),
        lastName: anyValue(fc.constantFrom('Rivers', 'x'.repeat(100))),
        phone: anyValue(fc.constantFrom('+1 555 010 2020', '', '555.010.2020 ext 12')),
      }),
    ],
    ['settings.saveAirwallexAccountId', record({ accountId: anyValue(fc.stringMatching(/^acct_[A-Za-z0-9]{1,20}$/)) })],
    [
      'settings.changePassword',
      record({ currentPassword: anyValue(fc.constantFrom(TEST_PASSWORD, 'wrong-one')), newPassword: anyValue(fc.constant(TEST_PASSWORD)) }),
    ],
    ['settings.endSession', record({ id: anyValue(fc.stringMatching(/^[0-9a-f]{32}$/)) })],
  ];

  it.each(cases)('%s never answers INTERNAL_SERVER_ERROR', async (path, input) => {
    const tenant = await createTestCompany(services());
    await fc.assert(
      fc.asyncProperty(input, async (value) => {
        const caller = await as(tenant.users.admin);
        try {
          await callPath(caller, path, value);
        } catch (error) {
          if (!(error instanceof TRPCError)) throw error;
          expect(error.code, `${error.code}: ${error.message}`).toBeOneOf(['BAD_REQUEST', 'NOT_FOUND', 'TOO_MANY_REQUESTS']);
          if (error.code === 'BAD_REQUEST') expect(userFacingError(error, path).data.field).toMatch(/\S/);
        }
      }),
      { numRuns: 30, endOnFailure: true },
    );
  });
});
