import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWO_FACTOR_TEXT } from '#shared/schemas/two-factor.js';
import { hashSessionId, SESSION_COOKIE } from '../../server/src/services/lucia.js';
import type { StartedServices } from '../../server/src/create-services.js';
import { appRouter } from '../../server/src/app-router.js';
import type { Context } from '../../server/src/trpc/context.js';
import { createTwoFactorMember } from '../support/factories.js';
import {
  callerFor,
  callPath,
  contextFor,
  createTestCompany,
  ownerDb,
  startTestServices,
  TEST_PASSWORD,
  type TestCompany,
} from '../support/harness.js';
import { expectTrpcError, uniqueIp, userFacingError } from '../support/http.js';
import { ageCodes, latestCodeSentTo, startSignIn } from '../support/two-factor.js';

let started: StartedServices;
let company: TestCompany;
beforeAll(async () => {
  started = await startTestServices();
  company = await createTestCompany(started.services);
});
afterAll(async () => {
  await started?.close();
});

/** The owner's handle, for what the app role may no longer read table-wide (sessions, codes, the outbox: issue 10). */
const tableOwner = ownerDb();
afterAll(async () => {
  await tableOwner.destroy();
});

const services = () => started.services;
const INVALID = TWO_FACTOR_TEXT.invalidMessage;

/** A fresh member of the test company with two-factor off (so tests never share an account's codes). */
const freshMember = (options: { phone?: string | null } = {}) =>
  createTwoFactorMember(services(), company.companyId, { ...options, enabled: false, method: 'sms' });

/** The stored codes of a user, read as the database holds them. */
async function storedCodes(userId: string) {
  return tableOwner.selectFrom('twoFactorCodes').selectAll().where('userId', '=', userId).orderBy('createdAt', 'desc').execute();
}

/** The stored ids of the user's sessions: each the SHA-256 of its token (stored() of a token, to compare). */
const stored = (token: string | null) => hashSessionId(token ?? '');
async function liveSessionIds(userId: string): Promise<string[]> {
  const rows = await tableOwner.selectFrom('sessions').select('id').where('userId', '=', userId).execute();
  return rows.map((row) => row.id);
}

/** An anonymous caller on an address of its own, that remembers the cookie the server sets. */
async function anonymous(ip = uniqueIp()) {
  const ctx = await contextFor(services(), null, ip);
  const cookies: string[] = [];
  const context: Context = { ...ctx, setCookie: (serialized) => void cookies.push(serialized) };
  return { caller: appRouter.createCaller(context), cookies };
}

describe('turning two-factor authentication on (twoFactor.sendCode, twoFactor.verify)', () => {
  it('sends a 6-digit code by email, stores only its hash, and the right code turns it on with email', async () => {
    const member = await freshMember();
    const caller = await callerFor(services(), member);
    expect(await caller.twoFactor.sendCode({ method: 'email' })).toEqual({ method: 'email', resendAfterSeconds: 60 });
    const code = await latestCodeSentTo(services(), member.email);
    expect(code).toMatch(/^\d{6}$/);

    const [stored] = await storedCodes(member.userId);
    expect(stored).toMatchObject({ purpose: 'enable', method: 'email', attempts: 0, consumedAt: null });
    expect(stored?.codeHash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(stored)).not.toContain(code);
    const lifetime = new Date(stored?.expiresAt ?? 0).getTime() - new Date(stored?.createdAt ?? 0).getTime();
    expect(lifetime).toBe(10 * 60 * 1000);

    expect(await caller.twoFactor.verify({ code })).toEqual({ success: true, state: { enabled: true, method: 'email' } });
    expect((await caller.settings.get()).profile.twoFactor).toEqual({ enabled: true, method: 'email' });
  });

  it('sends the code by SMS to the phone on the profile, through the SMS channel', async () => {
    const member = await freshMember({ phone: '+1 555 010 7777' });
    const caller = await callerFor(services(), member);
    await caller.twoFactor.sendCode({ method: 'sms' });
    const sms = await tableOwner.selectFrom('outbox').selectAll().where('recipient', '=', '+1 555 010 7777').executeTakeFirstOrThrow();
    expect(sms).toMatchObject({ channel: 'sms', status: 'sent', provider: 'outbox' });
    const code = await latestCodeSentTo(services(), '+1 555 010 7777');
    expect(await caller.twoFactor.verify({ code })).toEqual({ success: true, state: { enabled: true, method: 'sms' } });
  });

  it('refuses SMS without a phone on the profile, with a clear message on the method, and sends nothing', async () => {
    const member = await freshMember({ phone: null });
    const caller = await callerFor(services(), member);
    const error = await expectTrpcError(caller.twoFactor.sendCode({ method: 'sms' }), 'BAD_REQUEST', TWO_FACTOR_TEXT.smsNeedsPhone);
    expect(userFacingError(error, 'twoFactor.sendCode').data.field).toBe('method');
    expect(await storedCodes(member.userId)).toHaveLength(0);
  });

  it('refuses a new code within 60 seconds, saying how long to wait; after 60 seconds a new one replaces the old', async () => {
    const member = await freshMember();
    const caller = await callerFor(services(), member);
    await caller.twoFactor.sendCode({ method: 'email' });
    const first = await latestCodeSentTo(services(), member.email);
    const error = await expectTrpcError(caller.twoFactor.sendCode({ method: 'email' }), 'TOO_MANY_REQUESTS');
    const seconds = Number(/^Please wait (\d+) seconds? before requesting a new code\.$/.exec(error.message)?.[1]);
    expect(seconds).toBeGreaterThan(50);
    expect(seconds).toBeLessThanOrEqual(60);

    await ageCodes(services(), member.userId, 61);
    await caller.twoFactor.sendCode({ method: 'email' });
    const second = await latestCodeSentTo(services(), member.email);
    expect(await storedCodes(member.userId)).toHaveLength(2);
    if (first !== second) expect((await caller.twoFactor.verify({ code: first })).success).toBe(false);
    expect((await caller.twoFactor.verify({ code: second })).success).toBe(true);
  });

  it('answers a wrong code with "invalid or expired", counts the try, and leaves two-factor off', async () => {
    const member = await freshMember();
    const caller = await callerFor(services(), member);
    await caller.twoFactor.sendCode({ method: 'email' });
    const code = await latestCodeSentTo(services(), member.email);
    const wrong = code === '000000' ? '000001' : '000000';
    expect(await caller.twoFactor.verify({ code: wrong })).toEqual({ success: false, message: INVALID });
    expect((await storedCodes(member.userId))[0]?.attempts).toBe(1);
    expect((await caller.settings.get()).profile.twoFactor.enabled).toBe(false);
  });

  it('kills the code after 5 wrong tries: the right code on the 6th try fails', async () => {
    const member = await freshMember();
    const caller = await callerFor(services(), member);
    await caller.twoFactor.sendCode({ method: 'email' });
    const code = await latestCodeSentTo(services(), member.email);
    const wrong = code === '111111' ? '222222' : '111111';
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await caller.twoFactor.verify({ code: wrong })).success).toBe(false);
    expect(await caller.twoFactor.verify({ code })).toEqual({ success: false, message: INVALID });
    expect((await caller.settings.get()).profile.twoFactor.enabled).toBe(false);
  });

  it('accepts the right code on the 5th try', async () => {
    const member = await freshMember();
    const caller = await callerFor(services(), member);
    await caller.twoFactor.sendCode({ method: 'email' });
    const code = await latestCodeSentTo(services(), member.email);
    const wrong = code === '111111' ? '222222' : '111111';
    for (let attempt = 0; attempt < 4; attempt += 1) await caller.twoFactor.verify({ code: wrong });
    expect((await caller.twoFactor.verify({ code })).success).toBe(true);
  });

  it('refuses an expired code and a used one alike', async () => {
    const member = await freshMember();
    const caller = await callerFor(services(), member);
    await caller.twoFactor.sendCode({ method: 'email' });
    const code = await latestCodeSentTo(services(), member.email);
    const owner = ownerDb();
    try {
      await owner
        .updateTable('twoFactorCodes')
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where('userId', '=', member.userId)
        .execute();
    } finally {
      await owner.destroy();
    }
    expect(await caller.twoFactor.verify({ code })).toEqual({ success: false, message: INVALID });

    await ageCodes(services(), member.userId, 61);
    await caller.twoFactor.sendCode({ method: 'email' });
    const fresh = await latestCodeSentTo(services(), member.email);
    expect((await caller.twoFactor.verify({ code: fresh })).success).toBe(true);
    expect(await caller.twoFactor.verify({ code: fresh })).toEqual({ success: false, message: INVALID });
  });

  it('requires exactly 6 digits', async () => {
    const caller = await callerFor(services(), company.users.sales);
    for (const code of ['12345', '1234567', 'abcdef', '']) {
      const error = await expectTrpcError(caller.twoFactor.verify({ code }), 'BAD_REQUEST');
      expect(userFacingError(error, 'twoFactor.verify')).toMatchObject({ message: 'Enter the 6-digit code', data: { field: 'code' } });
    }
    const error = await expectTrpcError(caller.twoFactor.sendCode({ method: 'pigeon' as 'sms' }), 'BAD_REQUEST');
    expect(userFacingError(error, 'twoFactor.sendCode')).toMatchObject({ message: 'Choose SMS or email', data: { field: 'method' } });
  });

  it("does not accept another user's code", async () => {
    const alice = await freshMember();
    const bob = await freshMember();
    await (await callerFor(services(), alice)).twoFactor.sendCode({ method: 'email' });
    const bobs = await callerFor(services(), bob);
    await bobs.twoFactor.sendCode({ method: 'email' });
    const aliceCode = await latestCodeSentTo(services(), alice.email);
    const bobCode = await latestCodeSentTo(services(), bob.email);
    if (aliceCode !== bobCode) expect((await bobs.twoFactor.verify({ code: aliceCode })).success).toBe(false);
  });

  it("ends the user's other sessions when turned on, and keeps this one", async () => {
    const member = await freshMember();
    const other = await contextFor(services(), member);
    const here = await contextFor(services(), member);
    const caller = appRouter.createCaller(here);
    await caller.twoFactor.sendCode({ method: 'email' });
    await caller.twoFactor.verify({ code: await latestCodeSentTo(services(), member.email) });
    const live = await liveSessionIds(member.userId);
    expect(live).toContain(stored(here.sessionId));
    expect(live).not.toContain(stored(other.sessionId));
  });
});

describe('turning two-factor authentication off (twoFactor.disable)', () => {
  it('turns it off at once with the current password, and ends the other sessions', async () => {
    const member = await createTwoFactorMember(services(), company.companyId);
    const other = await contextFor(services(), member);
    const here = await contextFor(services(), member);
    const caller = appRouter.createCaller(here);
    expect(await caller.twoFactor.disable({ password: TEST_PASSWORD })).toEqual({ enabled: false, method: 'email' });
    expect((await caller.settings.get()).profile.twoFactor).toEqual({ enabled: false, method: 'email' });
    const live = await liveSessionIds(member.userId);
    expect(live).toEqual([stored(here.sessionId)]);
    expect(live).not.toContain(stored(other.sessionId));

    // Signing in no longer asks for a code.
    const { caller: visitor } = await anonymous();
    const answer = await visitor.auth.signIn({ email: member.email, password: TEST_PASSWORD });
    expect(answer.status).toBe('signed_in');
  });
});

describe('signing in with two-factor authentication on', () => {
  it('creates no session for the password alone: it sends a code by the account method and answers a challenge', async () => {
    const member = await createTwoFactorMember(services(), company.companyId);
    const { caller, cookies } = await anonymous();
    const answer = await caller.auth.signIn({ email: member.email, password: TEST_PASSWORD });
    expect(answer).toMatchObject({ status: 'two_factor_required', method: 'email', resendAfterSeconds: 60 });
    if (answer.status !== 'two_factor_required') throw new Error('unreachable');
    expect(answer.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(answer).not.toHaveProperty('user');
    expect(cookies).toEqual([]);
    expect(await liveSessionIds(member.userId)).toEqual([]);
    expect(await latestCodeSentTo(services(), member.email)).toMatch(/^\d{6}$/);

    const pending = await services().db.selectFrom('pendingSignIns').selectAll().where('userId', '=', member.userId).execute();
    expect(pending).toHaveLength(1);
    expect(pending[0]?.id).toMatch(/^[0-9a-f]{64}$/);
    expect(pending[0]?.id).not.toContain(answer.challenge);
  });

  it('starts the session with the right code, once', async () => {
    const member = await createTwoFactorMember(services(), company.companyId);
    const challenge = await startSignIn(services(), member);
    const code = await latestCodeSentTo(services(), member.email);
    const { caller, cookies } = await anonymous();
    const session = await caller.auth.verifySignIn({ challenge, code });
    expect(session).toMatchObject({ user: { id: member.userId, email: member.email }, company: { id: company.companyId } });
    expect(cookies.some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`) && cookie.includes('HttpOnly'))).toBe(true);
    expect(await liveSessionIds(member.userId)).toHaveLength(1);
    await expectTrpcError(caller.auth.verifySignIn({ challenge, code }), 'UNAUTHORIZED', INVALID);
    expect(await liveSessionIds(member.userId)).toHaveLength(1);
  });

  it('refuses a wrong code with "invalid or expired" on the code field, and creates no session', async () => {
    const member = await createTwoFactorMember(services(), company.companyId);
    const challenge = await startSignIn(services(), member);
    const code = await latestCodeSentTo(services(), member.email);
    const { caller } = await anonymous();
    const error = await expectTrpcError(
      caller.auth.verifySignIn({ challenge, code: code === '000000' ? '999999' : '000000' }),
      'UNAUTHORIZED',
      INVALID,
    );
    expect(userFacingError(error, 'auth.verifySignIn')).toMatchObject({ message: INVALID, data: { field: 'code' } });
    expect(await liveSessionIds(member.userId)).toEqual([]);
  });

  it('refuses the right code on the 6th try after 5 wrong ones', async () => {
    const member = await createTwoFactorMember(services(), company.companyId);
    const challenge = await startSignIn(services(), member);
    const code = await latestCodeSentTo(services(), member.email);
    const wrong = code === '123123' ? '321321' : '123123';
    const { caller } = await anonymous();
    for (let attempt = 0; attempt < 5; attempt += 1)
      await expectTrpcError(caller.auth.verifySignIn({ challenge, code: wrong }), 'UNAUTHORIZED', INVALID);
    await expectTrpcError(caller.auth.verifySignIn({ challenge, code }), 'UNAUTHORIZED', INVALID);
    expect(await liveSessionIds(member.userId)).toEqual([]);
  });

  it('refuses an expired code', async () => {
    const member = await createTwoFactorMember(services(), company.companyId);
    const challenge = await startSignIn(services(), member);
    const code = await latestCodeSentTo(services(), member.email);
    const owner = ownerDb();
    try {
      await owner
        .updateTable('twoFactorCodes')
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where('userId', '=', member.userId)
        .execute();
    } finally {
      await owner.destroy();
    }
    const { caller } = await anonymous();
    await expectTrpcError(caller.auth.verifySignIn({ challenge, code }), 'UNAUTHORIZED', INVALID);
  });

  it('refuses an expired challenge, and one that was never issued', async () => {
    const member = await createTwoFactorMember(services(), company.companyId);
    const challenge = await startSignIn(services(), member);
    const code = await latestCodeSentTo(services(), member.email);
    const { caller } = await anonymous();
    await expectTrpcError(caller.auth.verifySignIn({ challenge: randomBytes(32).toString('base64url'), code }), 'UNAUTHORIZED', INVALID);
    const owner = ownerDb();
    try {
      await owner
        .updateTable('pendingSignIns')
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where('userId', '=', member.userId)
        .execute();
    } finally {
      await owner.destroy();
    }
    await expectTrpcError(caller.auth.verifySignIn({ challenge, code }), 'UNAUTHORIZED', INVALID);
    await expectTrpcError(caller.auth.verifySignIn({ challenge: 'not-a-challenge', code }), 'BAD_REQUEST');
  });

  it('resends no sooner than 60 seconds; the new code works and the old one no longer does', async () => {
    const member = await createTwoFactorMember(services(), company.companyId);
    const challenge = await startSignIn(services(), member);
    const first = await latestCodeSentTo(services(), member.email);
    const { caller } = await anonymous();
    const error = await expectTrpcError(caller.auth.resendSignInCode({ challenge }), 'TOO_MANY_REQUESTS');
    expect(error.message).toMatch(/^Please wait \d+ seconds? before requesting a new code\.$/);

    await ageCodes(services(), member.userId, 61);
    expect(await caller.auth.resendSignInCode({ challenge })).toEqual({ method: 'email', resendAfterSeconds: 60 });
    const second = await latestCodeSentTo(services(), member.email);
    if (first !== second) await expectTrpcError(caller.auth.verifySignIn({ challenge, code: first }), 'UNAUTHORIZED', INVALID);
    await caller.auth.verifySignIn({ challenge, code: second });
    expect(await liveSessionIds(member.userId)).toHaveLength(1);
  });

  it('keeps the code just sent when the password is entered again within 60 seconds', async () => {
    const member = await createTwoFactorMember(services(), company.companyId);
    const first = await startSignIn(services(), member);
    const code = await latestCodeSentTo(services(), member.email);
    const second = await startSignIn(services(), member);
    expect(second).not.toBe(first);
    const sent = await tableOwner.selectFrom('outbox').select('id').where('recipient', '=', member.email).execute();
    expect(sent).toHaveLength(1);
    const { caller } = await anonymous();
    await caller.auth.verifySignIn({ challenge: second, code });
    expect(await liveSessionIds(member.userId)).toHaveLength(1);
  });

  it('sends the sign-in code by SMS when that is the account method', async () => {
    const member = await createTwoFactorMember(services(), company.companyId, { method: 'sms', phone: '+1 555 010 9898' });
    const { caller } = await anonymous();
    const answer = await caller.auth.signIn({ email: member.email, password: TEST_PASSWORD });
    expect(answer).toMatchObject({ status: 'two_factor_required', method: 'sms' });
    if (answer.status !== 'two_factor_required') throw new Error('unreachable');
    const sms = await tableOwner
      .selectFrom('outbox')
      .select(['channel'])
      .where('recipient', '=', '+1 555 010 9898')
      .executeTakeFirstOrThrow();
    expect(sms.channel).toBe('sms');
    await caller.auth.verifySignIn({ challenge: answer.challenge, code: await latestCodeSentTo(services(), '+1 555 010 9898') });
  });

  it('still refuses a wrong password before any code is sent', async () => {
    const member = await createTwoFactorMember(services(), company.companyId);
    const { caller } = await anonymous();
    await expectTrpcError(
      caller.auth.signIn({ email: member.email, password: 'wrong-password' }),
      'UNAUTHORIZED',
      'Invalid login credentials',
    );
    expect(await storedCodes(member.userId)).toHaveLength(0);
  });

  it('refuses the code once the company has been suspended', async () => {
    const other = await createTestCompany(services());
    const member = await createTwoFactorMember(services(), other.companyId);
    const challenge = await startSignIn(services(), member);
    const code = await latestCodeSentTo(services(), member.email);
    const owner = ownerDb();
    try {
      await owner.updateTable('companies').set({ subscriptionStatus: 'suspended' }).where('id', '=', other.companyId).execute();
    } finally {
      await owner.destroy();
    }
    const { caller } = await anonymous();
    await expectTrpcError(
      caller.auth.verifySignIn({ challenge, code }),
      'FORBIDDEN',
      `${other.name} is suspended. Contact support to reactivate it.`,
    );
    expect(await liveSessionIds(member.userId)).toEqual([]);
  });

  it('limits verification tries per address', async () => {
    const member = await createTwoFactorMember(services(), company.companyId);
    const challenge = await startSignIn(services(), member);
    const ip = uniqueIp();
    const { caller } = await anonymous(ip);
    for (let attempt = 0; attempt < 30; attempt += 1) {
      await expectTrpcError(caller.auth.verifySignIn({ challenge: randomBytes(32).toString('base64url'), code: '123456' }), 'UNAUTHORIZED');
    }
    await expectTrpcError(
      caller.auth.verifySignIn({ challenge, code: await latestCodeSentTo(services(), member.email) }),
      'TOO_MANY_REQUESTS',
      'Too many verification attempts. Please wait 15 minutes and try again.',
    );
    // From another address the code still works.
    const { caller: elsewhere } = await anonymous();
    await elsewhere.auth.verifySignIn({ challenge, code: await latestCodeSentTo(services(), member.email) });
  });

  it('ends the sign-ins waiting for a code when the password changes', async () => {
    const member = await createTwoFactorMember(services(), company.companyId);
    const challenge = await startSignIn(services(), member);
    const code = await latestCodeSentTo(services(), member.email);
    const signedIn = await callerFor(services(), member);
    await signedIn.settings.changePassword({ currentPassword: TEST_PASSWORD, newPassword: 'a-new-password' });
    const { caller } = await anonymous();
    await expectTrpcError(caller.auth.verifySignIn({ challenge, code }), 'UNAUTHORIZED', INVALID);
  });
});

/** Whatever is posted, a clear client error (naming the field when the input is refused) or success: never a 500. */
describe('arbitrary input', () => {
  const text = fc.oneof(
    fc.string(),
    fc.string({ unit: 'binary', maxLength: 100 }),
    fc.constantFrom('', '123456', ' 123456 ', '１２３４５６', '\uD800'),
  );
  const anyValue = (plausible: fc.Arbitrary<unknown>) =>
    fc.oneof({ weight: 4, arbitrary: plausible }, { weight: 2, arbitrary: text }, { weight: 1, arbitrary: fc.anything() });
  const challenge = fc.oneof(
    fc.constant(null).map(() => randomBytes(32).toString('base64url')),
    fc.stringMatching(/^[A-Za-z0-9_-]{43}$/),
  );
  const code = fc.stringMatching(/^\d{6}$/);
  const record = (shape: Record<string, fc.Arbitrary<unknown>>) =>
    fc.oneof(
      { weight: 4, arbitrary: fc.record(shape) },
      { weight: 1, arbitrary: fc.record(shape, { requiredKeys: [] }) },
      { weight: 1, arbitrary: fc.anything() },
    );
  const cases: [string, fc.Arbitrary<unknown>, boolean][] = [
    ['twoFactor.sendCode', record({ method: anyValue(fc.constantFrom('sms', 'email')) }), true],
    ['twoFactor.verify', record({ code: anyValue(code) }), true],
    ['auth.verifySignIn', record({ challenge: anyValue(challenge), code: anyValue(code) }), false],
    ['auth.resendSignInCode', record({ challenge: anyValue(challenge) }), false],
  ];

  it.each(cases)('%s never answers INTERNAL_SERVER_ERROR', async (path, input, signedIn) => {
    const member = await createTwoFactorMember(services(), company.companyId, { enabled: false, phone: null });
    await fc.assert(
      fc.asyncProperty(input, async (value) => {
        const caller = await callerFor(services(), signedIn ? member : null, uniqueIp());
        try {
          await callPath(caller, path, value);
        } catch (error) {
          if (!(error instanceof TRPCError)) throw error;
          expect(error.code, `${error.code}: ${error.message}`).toBeOneOf(['BAD_REQUEST', 'UNAUTHORIZED', 'TOO_MANY_REQUESTS']);
          if (error.code === 'BAD_REQUEST') expect(userFacingError(error, path).data.field).toMatch(/\S/);
        }
      }),
      { numRuns: 30, endOnFailure: true },
    );
  });
});
