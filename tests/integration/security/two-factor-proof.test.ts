import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROOF_TEXT } from '../../../server/src/auth/two-factor-proof.js';
import { createTwoFactorMember } from '../../support/factories.js';
import { callerFor, createTestCompany, ownerDb, startTestServices, TEST_PASSWORD, type TestCompany } from '../../support/harness.js';
import { expectTrpcError, uniqueIp, userFacingError } from '../../support/http.js';
import { latestCodeSentTo } from '../../support/two-factor.js';

/**
 * Issue 10, item 7: a stolen session alone cannot remove the second factor nor send its codes
 * elsewhere. Turning two-factor off, or moving it to another phone or method, asks for the
 * current password; a new number gets a code of its own before any sign-in code goes to it.
 */

let started: Awaited<ReturnType<typeof startTestServices>>;
let owner: Kysely<any>;
let company: TestCompany;

beforeAll(async () => {
  started = await startTestServices();
  owner = ownerDb();
  company = await createTestCompany(started.services);
});

afterAll(async () => {
  await started?.close();
  await owner?.destroy();
});

const profileOf = (userId: string) =>
  owner
    .selectFrom('profiles')
    .select(['twoFactorEnabled', 'twoFactorMethod', 'twoFactorPhone', 'phone'])
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();

const smsTo = async (phone: string) =>
  (await owner.selectFrom('outbox').select('id').where('recipient', '=', phone).where('channel', '=', 'sms').execute()).length;

/** Signs in with the password: where did the sign-in code go? */
async function signInCodeGoesTo(email: string): Promise<'sms' | 'email'> {
  const visitor = await callerFor(started.services, null, uniqueIp());
  const answer = await visitor.auth.signIn({ email, password: TEST_PASSWORD });
  if (answer.status !== 'two_factor_required') throw new Error('no code was asked for');
  return answer.method;
}

describe('turning two-factor off', () => {
  it('is refused without the current password, and with a wrong one; it stays on', async () => {
    const member = await createTwoFactorMember(started.services, company.companyId);
    const caller = await callerFor(started.services, member, uniqueIp());
    const missing = await expectTrpcError(caller.twoFactor.disable({ password: '' }), 'BAD_REQUEST');
    expect(userFacingError(missing, 'twoFactor.disable')).toMatchObject({
      message: PROOF_TEXT.passwordRequired,
      data: { field: 'password' },
    });
    // The old call shape (no input at all) is refused too.
    await expectTrpcError(caller.twoFactor.disable(undefined as unknown as { password: string }), 'BAD_REQUEST');
    const wrong = await expectTrpcError(caller.twoFactor.disable({ password: 'not-my-password' }), 'BAD_REQUEST');
    expect(userFacingError(wrong, 'twoFactor.disable')).toMatchObject({
      message: PROOF_TEXT.passwordIncorrect,
      data: { field: 'password' },
    });
    expect((await profileOf(member.userId)).twoFactorEnabled).toBe(true);
  });

  it('counts wrong passwords: after 10 in an hour even the right one waits', async () => {
    const member = await createTwoFactorMember(started.services, company.companyId);
    const caller = await callerFor(started.services, member, uniqueIp());
    for (let attempt = 0; attempt < 10; attempt += 1)
      await expectTrpcError(caller.twoFactor.disable({ password: `guess-${attempt}` }), 'BAD_REQUEST');
    await expectTrpcError(caller.twoFactor.disable({ password: TEST_PASSWORD }), 'TOO_MANY_REQUESTS', PROOF_TEXT.tooMany);
    expect((await profileOf(member.userId)).twoFactorEnabled).toBe(true);
  });

  it('with the current password, turns it off and forgets the proven phone', async () => {
    const member = await createTwoFactorMember(started.services, company.companyId, { method: 'sms', phone: '+1 555 010 3101' });
    const caller = await callerFor(started.services, member, uniqueIp());
    expect(await caller.twoFactor.disable({ password: TEST_PASSWORD })).toEqual({ enabled: false, method: 'sms' });
    expect(await profileOf(member.userId)).toMatchObject({ twoFactorEnabled: false, twoFactorPhone: null });
  });
});

describe('the phone codes go to', () => {
  it("does not follow the profile's phone: editing it sends no sign-in code to the new number", async () => {
    const proven = '+1 555 010 3201';
    const attacker = '+1 555 010 3299';
    const member = await createTwoFactorMember(started.services, company.companyId, { method: 'sms', phone: proven });
    const caller = await callerFor(started.services, member, uniqueIp());
    await caller.settings.updateProfile({ firstName: 'Tess', lastName: 'Twofactor', phone: attacker });
    expect(await signInCodeGoesTo(member.email)).toBe('sms');
    expect(await smsTo(attacker)).toBe(0);
    expect(await smsTo(proven)).toBe(1);
  });

  it('moves to a new number only with the current password and a code sent to that number', async () => {
    const proven = '+1 555 010 3301';
    const fresh = '+1 555 010 3302';
    const member = await createTwoFactorMember(started.services, company.companyId, { method: 'sms', phone: proven });
    const caller = await callerFor(started.services, member, uniqueIp());
    await caller.settings.updateProfile({ firstName: 'Tess', lastName: 'Twofactor', phone: fresh });

    // While two-factor is on, a code that would move it asks for the password first.
    const noProof = await expectTrpcError(caller.twoFactor.sendCode({ method: 'sms' }), 'BAD_REQUEST');
    expect(userFacingError(noProof, 'twoFactor.sendCode').data.field).toBe('password');
    await expectTrpcError(
      caller.twoFactor.sendCode({ method: 'sms', password: 'wrong-password' }),
      'BAD_REQUEST',
      PROOF_TEXT.passwordIncorrect,
    );
    expect(await smsTo(fresh)).toBe(0);

    await caller.twoFactor.sendCode({ method: 'sms', password: TEST_PASSWORD });
    expect(await smsTo(fresh)).toBe(1);
    // Not proven yet: sign-in codes still go to the old number.
    expect((await profileOf(member.userId)).twoFactorPhone).toBe(proven);

    expect(await caller.twoFactor.verify({ code: await latestCodeSentTo(started.services, fresh) })).toMatchObject({ success: true });
    expect(await profileOf(member.userId)).toMatchObject({ twoFactorEnabled: true, twoFactorMethod: 'sms', twoFactorPhone: fresh });
    await signInCodeGoesTo(member.email);
    expect(await smsTo(fresh)).toBe(2);
    expect(await smsTo(proven)).toBe(0);
  });

  it('turning it on for the first time needs no password: the code to the phone is the proof', async () => {
    const phone = '+1 555 010 3401';
    const member = await createTwoFactorMember(started.services, company.companyId, { enabled: false, method: 'sms', phone });
    const caller = await callerFor(started.services, member, uniqueIp());
    await caller.twoFactor.sendCode({ method: 'sms' });
    expect((await profileOf(member.userId)).twoFactorPhone).toBeNull();
    await caller.twoFactor.verify({ code: await latestCodeSentTo(started.services, phone) });
    expect(await profileOf(member.userId)).toMatchObject({ twoFactorEnabled: true, twoFactorPhone: phone });
  });
});
