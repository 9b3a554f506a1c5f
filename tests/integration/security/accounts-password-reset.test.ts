import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { PASSWORD_RESET_TEXTS } from '#shared/schemas/auth.js';
import { loadSessionContext } from '../../../server/src/auth/session-context.js';
import { hashResetToken } from '../../../server/src/domains/auth/password-reset.js';
import { mailFilesTo } from '../../../server/src/services/mail/mail-files.js';
import type { StartedServices } from '../../../server/src/create-services.js';
import { createMember, createTwoFactorMember } from '../../support/factories.js';
import { callerFor, createTestCompany, ownerDb, sessionFor, startTestServices, TEST_PASSWORD, uniqueEmail } from '../../support/harness.js';
import { expectTrpcError, uniqueIp } from '../../support/http.js';

/**
 * Issue 24, item 2: a forgotten password is reset by a mailed link: hashed, single use, 1 hour;
 * the new password ends every session; the answer never tells whether the address has an account;
 * limited per client address and per address; two-factor sign-in still applies afterwards.
 */

let started: StartedServices;
let owner: Kysely<any>;
let companyId: string;
beforeAll(async () => {
  started = await startTestServices();
  owner = ownerDb();
  companyId = (await createTestCompany(started.services)).companyId;
});
afterAll(async () => {
  await owner?.destroy();
  await started?.close();
});

const services = () => started.services;
const guest = (ip = uniqueIp()) => callerFor(services(), null, ip);
const mailsTo = (email: string) => mailFilesTo(path.join(services().config.dataDir, 'mail'), email);

/** The newest reset link mailed to the address, read as its owner reads their inbox. */
async function resetTokenMailedTo(email: string): Promise<string | null> {
  const [mail] = await mailsTo(email);
  return (mail ? /\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1] : undefined) ?? null;
}

describe('password reset by mail', () => {
  it('mails a single-use link (only its SHA-256 stored) whose new password ends every session; an unknown address gets the same answer and no mail', async () => {
    const member = await createMember(services(), companyId, { role: 'dispatcher' });
    const sessions = [await sessionFor(services(), member), await sessionFor(services(), member)];

    expect(await (await guest()).auth.requestPasswordReset({ email: member.email })).toEqual({ status: 'sent' });
    const unknown = uniqueEmail('nobody');
    expect(await (await guest()).auth.requestPasswordReset({ email: unknown })).toEqual({ status: 'sent' });
    expect(await mailsTo(unknown)).toEqual([]);

    const token = await resetTokenMailedTo(member.email);
    expect(token).not.toBeNull();
    const stored = await owner
      .selectFrom('passwordResets')
      .select(['tokenHash', 'expiresAt', 'createdAt'])
      .where('userId', '=', member.userId)
      .execute();
    expect(stored.map((row) => row.tokenHash)).toEqual([hashResetToken(token ?? '')]);
    expect(JSON.stringify(stored)).not.toContain(token);
    const lifetime = new Date(stored[0]?.expiresAt).getTime() - new Date(stored[0]?.createdAt).getTime();
    expect(lifetime).toBe(60 * 60 * 1000);

    // Whoever opens it sets the password; nobody is signed in by it.
    expect(await (await guest()).auth.resetPassword({ token: token ?? '', password: 'a-brand-new-password' })).toEqual({
      status: 'password_changed',
    });
    for (const session of sessions) expect(await loadSessionContext(services(), session)).toBeNull();
    await expectTrpcError((await guest()).auth.signIn({ email: member.email, password: TEST_PASSWORD }), 'UNAUTHORIZED');
    expect(await (await guest()).auth.signIn({ email: member.email, password: 'a-brand-new-password' })).toMatchObject({
      status: 'signed_in',
      user: { id: member.userId },
    });
    expect((await mailsTo(member.email)).map((mail) => mail.subject)).toContain('Your Haulwise password was changed');

    // Single use.
    await expectTrpcError(
      (await guest()).auth.resetPassword({ token: token ?? '', password: 'a-third-password' }),
      'BAD_REQUEST',
      PASSWORD_RESET_TEXTS.invalid,
    );
  });

  it('refuses a link after its hour, and an earlier link once a newer one was sent', async () => {
    const member = await createMember(services(), companyId);
    await (await guest()).auth.requestPasswordReset({ email: member.email });
    const first = await resetTokenMailedTo(member.email);
    await owner.updateTable('rateLimitHits').set({ hits: 0 }).where('key', 'like', `password-reset:email%${member.email}`).execute();
    await (await guest()).auth.requestPasswordReset({ email: member.email });
    const second = await resetTokenMailedTo(member.email);
    expect(second).not.toBe(first);
    await expectTrpcError((await guest()).auth.resetPassword({ token: first ?? '', password: 'not-this-one' }), 'BAD_REQUEST');

    await owner
      .updateTable('passwordResets')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('tokenHash', '=', hashResetToken(second ?? ''))
      .execute();
    await expectTrpcError((await guest()).auth.resetPassword({ token: second ?? '', password: 'not-this-one' }), 'BAD_REQUEST');
    expect(await (await guest()).auth.signIn({ email: member.email, password: TEST_PASSWORD })).toMatchObject({ status: 'signed_in' });
  });

  it('still asks for the second factor after a reset', async () => {
    const member = await createTwoFactorMember(services(), companyId, { method: 'email' });
    await (await guest()).auth.requestPasswordReset({ email: member.email });
    const token = await resetTokenMailedTo(member.email);
    await (await guest()).auth.resetPassword({ token: token ?? '', password: 'reset-but-still-two-factor' });
    expect(await (await guest()).auth.signIn({ email: member.email, password: 'reset-but-still-two-factor' })).toMatchObject({
      status: 'two_factor_required',
    });
  });

  it('limits requests per address (known or not, alike) and per client address', async () => {
    const member = await createMember(services(), companyId);
    for (const email of [member.email, uniqueEmail('unknown')]) {
      expect(await (await guest()).auth.requestPasswordReset({ email })).toEqual({ status: 'sent' });
      await expectTrpcError((await guest()).auth.requestPasswordReset({ email }), 'TOO_MANY_REQUESTS', PASSWORD_RESET_TEXTS.tooMany);
    }
    const caller = await guest();
    for (let request = 0; request < 10; request += 1) await caller.auth.requestPasswordReset({ email: uniqueEmail('flood') });
    await expectTrpcError(
      caller.auth.requestPasswordReset({ email: uniqueEmail('flood') }),
      'TOO_MANY_REQUESTS',
      PASSWORD_RESET_TEXTS.tooMany,
    );
  });

  it('sends an account whose address was never proven a verification link instead (which sets the password as it proves it)', async () => {
    const email = uniqueEmail('unproven');
    await (await guest()).auth.signUp({ companyName: 'Unproven Co', firstName: 'Una', lastName: 'Proven', email, password: TEST_PASSWORD });
    await (await guest()).auth.requestPasswordReset({ email });
    const subjects = (await mailsTo(email)).map((mail) => mail.subject);
    expect(subjects.filter((subject) => subject.startsWith('Verify your email'))).toHaveLength(2);
    expect(await resetTokenMailedTo(email)).toBeNull();
  });
});
