import { createHash, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { TRPCError } from '@trpc/server';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_TEXTS, type TeamInviteInput } from '#shared/schemas/team.js';
import { SESSION_COOKIE } from '../../server/src/services/lucia.js';
import { withCompany } from '../../server/src/db/with-company.js';
import { mailFilesTo } from '../../server/src/services/mail/mail-files.js';
import type { StartedServices } from '../../server/src/create-services.js';
import { appRouter } from '../../server/src/app-router.js';
import {
  callerFor,
  callPath,
  contextFor,
  createMasterAdmin,
  createTestCompany,
  listen,
  ownerDb,
  sessionFor,
  startTestServices,
  TEST_PASSWORD,
  uniqueEmail,
  wsClientFor,
  type TestCompany,
  type TestUser,
} from '../support/harness.js';
import { createInvitation, createMember } from '../support/factories.js';
import { expectTrpcError, settle, uniqueIp, userFacingError } from '../support/http.js';
import { expectSameAsMissing } from './security/authorization-matrix.js';

const APP_ORIGIN = 'https://app.haulwise.test';

let started: StartedServices;
let owner: Kysely<any>;
let company: TestCompany;
let other: TestCompany;
let master: TestUser;

beforeAll(async () => {
  started = await startTestServices({ config: { APP_ORIGIN } });
  owner = ownerDb();
  company = await createTestCompany(started.services);
  other = await createTestCompany(started.services);
  master = await createMasterAdmin(started.services);
});
afterAll(async () => {
  await started?.close();
  await owner?.destroy();
});

/** Every caller comes from an address of its own: sign-in style limits count per address. */
const as = (user: TestUser | null) => callerFor(started.services, user, uniqueIp());

/** A stranger's caller that keeps the cookies the server sets, as a browser would. */
async function browser() {
  const cookies: string[] = [];
  const ctx = await contextFor(started.services, null, uniqueIp());
  ctx.setCookie = (serialized) => void cookies.push(serialized);
  return { caller: appRouter.createCaller(ctx), cookies };
}

const sessionIdIn = (cookies: string[]) => {
  const match = new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(cookies.at(-1) ?? '');
  return match?.[1] && match[1] !== '' ? match[1] : null;
};

const newInvite = (label = 'invitee', role: TeamInviteInput['role'] = 'dispatcher'): TeamInviteInput => ({
  email: uniqueEmail(label),
  firstName: 'Ivy',
  lastName: `Invitee ${randomUUID().slice(0, 4)}`,
  role,
});

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The newest email to an address: its outbox row (status, provider), with the text and HTML as
 * the invitee's mailbox shows them, from the developer's mail folder (the outbox keeps no bodies).
 */
async function latestMailTo(email: string) {
  const row = (await owner
    .selectFrom('outbox')
    .selectAll()
    .where('recipient', '=', email)
    .orderBy('createdAt', 'desc')
    .executeTakeFirstOrThrow()) as { id: string; subject: string; status: string };
  const file = (await mailFilesTo(path.join(started.services.config.dataDir, 'mail'), email)).find((mail) => mail.id === row.id);
  return { ...row, bodyText: file?.text ?? '', bodyHtml: file?.html ?? null };
}

/** The token of the newest link mailed to an address. */
async function mailedToken(email: string): Promise<string> {
  const mail = await latestMailTo(email);
  const match = /\/invite\/([A-Za-z0-9_-]+)/.exec(mail.bodyText);
  if (!match?.[1]) throw new Error(`no invitation link in the mail to ${email}`);
  return match[1];
}

/** An admin invites through the procedure; the token is read back from the mail, like the invitee would. */
async function invite(admin: TestUser, input: TeamInviteInput = newInvite()) {
  const sent = await (await as(admin)).team.invite(input);
  return { sent, token: await mailedToken(input.email), input };
}

async function storedInvitation(id: string) {
  return owner.selectFrom('invitations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function sessionsOf(userId: string): Promise<number> {
  const rows = await owner.selectFrom('sessions').select('id').where('userId', '=', userId).execute();
  return rows.length;
}

async function membershipOf(userId: string) {
  return owner
    .selectFrom('profiles')
    .leftJoin('userRoles', 'userRoles.userId', 'profiles.userId')
    .select(['profiles.companyId', 'userRoles.role'])
    .where('profiles.userId', '=', userId)
    .executeTakeFirst();
}

/** What a caller learns from a refusal: code, message and field. */
async function refusal(call: Promise<unknown>) {
  const error = await settle(call);
  if (!error) return null;
  return { code: error.code, message: error.message, field: 'field' in error ? (error as { field?: unknown }).field : undefined };
}

describe('sending an invitation', () => {
  it('an admin invites a dispatcher: a pending invitation, and a real email with a single-use link', async () => {
    const before = Date.now();
    const { sent, token, input } = await invite(company.users.admin);
    expect(sent.invitation).toMatchObject({
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      role: 'dispatcher',
      invitedByName: 'Ada Admin',
      isExpired: false,
    });
    // 7 days to accept.
    const expiresIn = new Date(sent.invitation.expiresAt).getTime() - before;
    expect(expiresIn).toBeGreaterThan(7 * 24 * 3600 * 1000 - 60_000);
    expect(expiresIn).toBeLessThan(7 * 24 * 3600 * 1000 + 60_000);

    const mail = await latestMailTo(input.email);
    expect(mail.status).toBe('sent');
    expect(mail.subject).toBe(`You're invited to join ${company.name} on Haulwise`);
    expect(mail.bodyText).toContain(`${APP_ORIGIN}/invite/${token}`);
    expect(mail.bodyText).toContain('as Dispatcher');
    expect(mail.bodyHtml).toContain(`href="${APP_ORIGIN}/invite/${token}"`);
    // 32 random bytes, URL-safe: 256 bits nobody guesses.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Only the token's hash is stored.
    const row = await storedInvitation(sent.invitation.id);
    expect(row.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row).toMatchObject({
      companyId: company.companyId,
      invitedBy: company.users.admin.userId,
      acceptedAt: null,
      revokedAt: null,
    });

    const pending = await (await as(company.users.admin)).team.invitations();
    expect(pending.items.map((invitation) => invitation.id)).toContain(sent.invitation.id);
  });

  it('trims and lowercases the address, so the same person is not invited twice', async () => {
    const input = newInvite('Mixed.Case');
    const sent = await (await as(company.users.admin)).team.invite({ ...input, email: `  ${input.email.toUpperCase()}  ` });
    expect(sent.invitation.email).toBe(input.email.toLowerCase());
    const again = await expectTrpcError((await as(company.users.admin)).team.invite(input), 'CONFLICT', TEAM_TEXTS.alreadyInvited);
    expect(userFacingError(again, 'team.invite').data.field).toBe('email');
  });

  it.each([
    ['email', { email: '' }, 'Email is required'],
    ['email', { email: 'not-an-email' }, 'Invalid email address'],
    ['firstName', { firstName: '   ' }, 'First name is required'],
    ['lastName', { lastName: '' }, 'Last name is required'],
    ['role', { role: '' }, 'Role is required'],
    ['role', { role: 'driver' }, 'Role is required'],
  ])('refuses a missing or wrong %s beside the field, and stores nothing', async (field, change, message) => {
    const input = { ...newInvite(), ...change } as TeamInviteInput;
    const caller = await as(company.users.admin);
    const error = await expectTrpcError(caller.team.invite(input), 'BAD_REQUEST');
    expect(userFacingError(error, 'team.invite')).toMatchObject({ message, data: { field } });
    const stored = await owner.selectFrom('invitations').select('id').where('email', '=', input.email).execute();
    expect(stored).toEqual([]);
  });

  it('refuses an address already on the team, beside the email field', async () => {
    const caller = await as(company.users.admin);
    const error = await expectTrpcError(
      caller.team.invite({ ...newInvite(), email: company.users.sales.email.toUpperCase() }),
      'CONFLICT',
      TEAM_TEXTS.alreadyMember,
    );
    expect(userFacingError(error, 'team.invite').data.field).toBe('email');
  });

  it('an expired invitation gives way to a new one to the same address', async () => {
    const { sent, input } = await invite(company.users.admin);
    await owner
      .updateTable('invitations')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('id', '=', sent.invitation.id)
      .execute();
    const listed = await (await as(company.users.admin)).team.invitations();
    expect(listed.items.find((invitation) => invitation.id === sent.invitation.id)?.isExpired).toBe(true);

    const again = await (await as(company.users.admin)).team.invite(input);
    expect(again.invitation.id).not.toBe(sent.invitation.id);
    expect((await storedInvitation(sent.invitation.id)).revokedAt).not.toBeNull();
  });

  it('without APP_ORIGIN the link points at this server on localhost, whatever the request said (issue 10, item 4)', async () => {
    const local = await startTestServices({ config: { PORT: '4999' } });
    try {
      const ctx = await contextFor(local.services, company.users.admin, uniqueIp());
      const input = newInvite('origin');
      await appRouter.createCaller(ctx).team.invite(input);
      expect((await latestMailTo(input.email)).bodyText).toMatch(/http:\/\/localhost:4999\/invite\/[A-Za-z0-9_-]{43}/);
    } finally {
      await local.close();
    }
  });
});

/** A stand-in for Resend's API on loopback, answering as told. */
async function startFakeResend() {
  const state = { status: 200 };
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(state.status, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          state.status === 200
            ? { id: `fake-${randomUUID()}` }
            : { statusCode: 500, name: 'internal_server_error', message: 'Fake Resend is down' },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('when the email provider fails', () => {
  it('keeps the invitation, records the failure, and the job queue delivers the email once the provider is back', async () => {
    const fake = await startFakeResend();
    const previous = process.env.RESEND_BASE_URL;
    process.env.RESEND_BASE_URL = fake.url;
    let withResend: StartedServices | undefined;
    try {
      withResend = await startTestServices({ config: { RESEND_API_KEY: 're_test_123', RESEND_BASE_URL: fake.url, APP_ORIGIN } });
      const admin = await callerFor(withResend.services, company.users.admin, uniqueIp());
      fake.state.status = 500;
      const input = newInvite('resend-down');
      const sent = await admin.team.invite(input);
      expect((await admin.team.invitations()).items.map((invitation) => invitation.id)).toContain(sent.invitation.id);
      // The first try fails after commit: the row stays queued with the provider's answer, for the next try.
      await expect
        .poll(() => latestMailTo(input.email), { timeout: 10_000 })
        .toMatchObject({ provider: 'resend', status: 'queued', error: 'Fake Resend is down' });

      fake.state.status = 200;
      await expect.poll(async () => (await latestMailTo(input.email))?.status, { timeout: 20_000, interval: 250 }).toBe('sent');
    } finally {
      if (previous === undefined) delete process.env.RESEND_BASE_URL;
      else process.env.RESEND_BASE_URL = previous;
      await withResend?.close();
      await fake.close();
    }
  });
});

describe('accepting an invitation', () => {
  it('as a new user: the page names company, invitee and role; accepting joins with that role and signs in', async () => {
    const { sent, token, input } = await invite(company.users.admin, newInvite('new-user', 'treasury'));
    const { caller, cookies } = await browser();
    expect(await caller.invitations.preview({ token })).toEqual({
      companyName: company.name,
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      role: 'treasury',
      expiresAt: sent.invitation.expiresAt,
      hasAccount: false,
    });

    const session = await caller.invitations.accept({ token, firstName: 'Ivy', lastName: 'Ledger', password: 'secret1' });
    expect(session).toMatchObject({
      user: { email: input.email, firstName: 'Ivy', lastName: 'Ledger' },
      company: { id: company.companyId, name: company.name },
      role: 'treasury',
      isMasterAdmin: false,
    });
    // Signed in, as after the sign-in form: the cookie names a live session of the new member.
    const sessionId = sessionIdIn(cookies);
    expect(sessionId).not.toBeNull();
    const { user } = await started.services.lucia.validateSession(sessionId ?? '');
    expect(user?.id).toBe(session.user.id);

    expect(await membershipOf(session.user.id)).toEqual({ companyId: company.companyId, role: 'treasury' });
    expect((await storedInvitation(sent.invitation.id)).acceptedAt).not.toBeNull();
    const admin = await as(company.users.admin);
    expect((await admin.team.invitations()).items.map((invitation) => invitation.id)).not.toContain(sent.invitation.id);
    expect((await admin.team.members({ limit: 100 })).items.find((member) => member.userId === session.user.id)).toMatchObject({
      firstName: 'Ivy',
      lastName: 'Ledger',
      email: input.email,
      role: 'treasury',
      status: 'Active',
    });
    // The password chosen works at the sign-in form.
    await expect((await as(null)).auth.signIn({ email: input.email, password: 'secret1' })).resolves.toBeTruthy();
  });

  it.each([
    [{ password: 'short' }, 'password', 'Password must be at least 6 characters'],
    [{ firstName: '  ' }, 'firstName', 'First name is required'],
    [{ lastName: undefined }, 'lastName', 'Last name is required'],
  ])('a new user gives both names and a password of at least 6 characters (%j)', async (change, field, message) => {
    const { token } = await invite(company.users.admin);
    const { caller } = await browser();
    const error = await expectTrpcError(
      caller.invitations.accept({ token, firstName: 'Ivy', lastName: 'Invitee', password: 'secret1', ...change }),
      'BAD_REQUEST',
      message,
    );
    expect(userFacingError(error, 'invitations.accept').data.field).toBe(field);
    // Nothing was used up: the link still works.
    await expect(caller.invitations.preview({ token })).resolves.toMatchObject({ hasAccount: false });
  });

  it('a used link works once: preview and accept then answer "invalid or has expired"', async () => {
    const { token } = await invite(company.users.admin);
    await (await browser()).caller.invitations.accept({ token, firstName: 'Una', lastName: 'Once', password: 'secret1' });
    const { caller } = await browser();
    await expectTrpcError(caller.invitations.preview({ token }), 'NOT_FOUND', TEAM_TEXTS.invalidInvitation);
    await expectTrpcError(
      caller.invitations.accept({ token, firstName: 'Una', lastName: 'Twice', password: 'secret1' }),
      'NOT_FOUND',
      TEAM_TEXTS.invalidInvitation,
    );
  });

  it('expired, revoked, used and unknown links all answer exactly alike, and create nothing', async () => {
    const expired = await invite(company.users.admin);
    await owner
      .updateTable('invitations')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('id', '=', expired.sent.invitation.id)
      .execute();
    const revoked = await invite(company.users.admin);
    await (await as(company.users.admin)).team.revokeInvitation({ id: revoked.sent.invitation.id });
    const used = await invite(company.users.admin);
    await (await browser()).caller.invitations.accept({ token: used.token, firstName: 'Una', lastName: 'Used', password: 'secret1' });
    const tokens = [expired.token, revoked.token, used.token, 'A'.repeat(43), 'not a token at all'];

    const { caller } = await browser();
    const answers = [];
    for (const token of tokens) {
      answers.push(await refusal(caller.invitations.preview({ token })));
      answers.push(await refusal(caller.invitations.accept({ token, firstName: 'Eve', lastName: 'Late', password: 'secret1' })));
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer)))).toEqual(
      new Set([JSON.stringify({ code: 'NOT_FOUND', message: TEAM_TEXTS.invalidInvitation, field: 'token' })]),
    );
    for (const email of [expired.input.email, revoked.input.email]) {
      expect(await owner.selectFrom('users').select('id').where('email', '=', email).execute()).toEqual([]);
    }
  });

  it('as an existing account with no company: signs in with its own password instead, and joins', async () => {
    // A member removed from another company keeps their account, without a company.
    const { userId: formerId } = await createMember(started.services, other.companyId, { role: 'sales' });
    await (await as(other.users.admin)).team.removeMember({ userId: formerId });
    const former = await owner.selectFrom('users').select('email').where('id', '=', formerId).executeTakeFirstOrThrow();

    const { sent, token } = await invite(company.users.admin, { ...newInvite(), email: former.email, role: 'sales' });
    const { caller, cookies } = await browser();
    expect(await caller.invitations.preview({ token })).toMatchObject({ hasAccount: true, email: former.email });

    const wrong = await expectTrpcError(
      caller.invitations.accept({ token, password: 'not-the-password' }),
      'BAD_REQUEST',
      TEAM_TEXTS.wrongPassword,
    );
    expect(userFacingError(wrong, 'invitations.accept').data.field).toBe('password');
    expect(await membershipOf(formerId)).toBeUndefined();

    const session = await caller.invitations.accept({ token, password: TEST_PASSWORD });
    expect(session).toMatchObject({ user: { id: formerId, email: former.email }, company: { id: company.companyId }, role: 'sales' });
    expect(sessionIdIn(cookies)).not.toBeNull();
    // The invitation's names become the profile's.
    expect(
      (await (await as(company.users.admin)).team.members({ limit: 100 })).items.find((member) => member.userId === formerId),
    ).toMatchObject({
      firstName: sent.invitation.firstName,
      lastName: sent.invitation.lastName,
      role: 'sales',
    });
    // The password stays the account's own: no new account was made.
    expect(await owner.selectFrom('users').select('id').where('email', '=', former.email).execute()).toEqual([{ id: formerId }]);
  });

  it('refuses an account that already belongs to another company, which stays where it is', async () => {
    // The invitation itself is sent: the inviting company learns nothing about another company's users.
    const { sent, token } = await invite(company.users.admin, { ...newInvite(), email: other.users.dispatcher.email });
    const { caller } = await browser();
    expect(await caller.invitations.preview({ token })).toMatchObject({ hasAccount: true });
    const error = await expectTrpcError(caller.invitations.accept({ token, password: TEST_PASSWORD }), 'CONFLICT', TEAM_TEXTS.otherCompany);
    expect(userFacingError(error, 'invitations.accept').data.field).toBe('password');
    expect(await membershipOf(other.users.dispatcher.userId)).toEqual({ companyId: other.companyId, role: 'dispatcher' });
    expect((await storedInvitation(sent.invitation.id)).acceptedAt).toBeNull();
  });

  it('two accepts of one link at once: exactly one joins', async () => {
    const { token, input } = await invite(company.users.admin);
    const results = await Promise.allSettled([
      (await browser()).caller.invitations.accept({ token, firstName: 'Ada', lastName: 'First', password: 'secret1' }),
      (await browser()).caller.invitations.accept({ token, firstName: 'Bo', lastName: 'Second', password: 'secret2' }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((result) => result.status === 'rejected');
    expect(rejected?.status === 'rejected' && rejected.reason instanceof TRPCError ? rejected.reason.code : null).toBeOneOf([
      'NOT_FOUND',
      'CONFLICT',
    ]);
    const accounts = await owner.selectFrom('users').select('id').where('email', '=', input.email).execute();
    expect(accounts).toHaveLength(1);
    expect(await membershipOf(accounts[0]?.id ?? '')).toEqual({ companyId: company.companyId, role: 'dispatcher' });
  });

  it("a suspended company's invitation cannot be accepted", async () => {
    const suspended = await createTestCompany(started.services);
    const { token } = await invite(suspended.users.admin);
    await owner.updateTable('companies').set({ subscriptionStatus: 'suspended' }).where('id', '=', suspended.companyId).execute();
    await expectTrpcError(
      (await browser()).caller.invitations.accept({ token, firstName: 'Sue', lastName: 'Spended', password: 'secret1' }),
      'FORBIDDEN',
      `${suspended.name} is suspended. Contact support to reactivate it.`,
    );
  });
});

describe('resending and revoking', () => {
  it('a resend mails a new link with a new 7-day expiry; the old link stops working; at most once a minute', async () => {
    const { sent, token: first, input } = await invite(company.users.admin);
    const admin = await as(company.users.admin);
    await expectTrpcError(admin.team.resendInvitation({ id: sent.invitation.id }), 'TOO_MANY_REQUESTS');

    // An expired invitation, last sent two minutes ago.
    await owner
      .updateTable('invitations')
      .set({ lastSentAt: new Date(Date.now() - 120_000), expiresAt: new Date(Date.now() - 1000) })
      .where('id', '=', sent.invitation.id)
      .execute();
    const resent = await admin.team.resendInvitation({ id: sent.invitation.id });
    expect(resent.invitation.isExpired).toBe(false);
    expect(new Date(resent.invitation.expiresAt).getTime()).toBeGreaterThan(Date.now() + 7 * 24 * 3600 * 1000 - 60_000);
    const second = await mailedToken(input.email);
    expect(second).not.toBe(first);

    const { caller } = await browser();
    await expectTrpcError(caller.invitations.preview({ token: first }), 'NOT_FOUND', TEAM_TEXTS.invalidInvitation);
    await expect(caller.invitations.preview({ token: second })).resolves.toMatchObject({ email: input.email });
    const error = await expectTrpcError(admin.team.resendInvitation({ id: sent.invitation.id }), 'TOO_MANY_REQUESTS');
    expect(error.message).toMatch(/^This invitation was just sent\. You can resend it in \d+ seconds\.$/);
  });

  it('revoking takes the invitation off the pending list and its link stops working', async () => {
    const { sent, token } = await invite(company.users.admin);
    const admin = await as(company.users.admin);
    await expect(admin.team.revokeInvitation({ id: sent.invitation.id })).resolves.toEqual({ id: sent.invitation.id });
    expect((await admin.team.invitations()).items.map((invitation) => invitation.id)).not.toContain(sent.invitation.id);
    await expectTrpcError((await browser()).caller.invitations.preview({ token }), 'NOT_FOUND', TEAM_TEXTS.invalidInvitation);
    // Revoking twice answers like an invitation that does not exist.
    await expectTrpcError(admin.team.revokeInvitation({ id: sent.invitation.id }), 'NOT_FOUND', 'Invitation not found');
  });
});

describe("another company's invitations and members", () => {
  it('an admin of another company sees none of them, and their ids answer exactly like missing ones', async () => {
    const theirs = await createInvitation(started.services.db, other);
    const gone = await createInvitation(started.services.db, company);
    await (await as(company.users.admin)).team.revokeInvitation({ id: gone.id });
    const admin = await as(company.users.admin);

    expect((await admin.team.invitations()).items.map((invitation) => invitation.id)).not.toContain(theirs.id);
    for (const call of [admin.team.resendInvitation, admin.team.revokeInvitation]) {
      await expectSameAsMissing(
        () => call({ id: theirs.id }),
        () => call({ id: randomUUID() }),
      );
      await expectSameAsMissing(
        () => call({ id: theirs.id }),
        () => call({ id: gone.id }),
      );
    }
    // Nothing happened to the other company's invitation.
    expect(await storedInvitation(theirs.id)).toMatchObject({ revokedAt: null, acceptedAt: null });
  });

  it("another company's member cannot be re-roled or removed: their id answers like a missing or removed one", async () => {
    const { userId: removed } = await createMember(started.services, company.companyId);
    const admin = await as(company.users.admin);
    await admin.team.removeMember({ userId: removed });
    for (const target of [other.users.dispatcher.userId, other.users.admin.userId]) {
      await expectSameAsMissing(
        () => admin.team.changeRole({ userId: target, role: 'sales' }),
        () => admin.team.changeRole({ userId: randomUUID(), role: 'sales' }),
      );
      await expectSameAsMissing(
        () => admin.team.changeRole({ userId: target, role: 'sales' }),
        () => admin.team.changeRole({ userId: removed, role: 'sales' }),
      );
      await expectSameAsMissing(
        () => admin.team.removeMember({ userId: target }),
        () => admin.team.removeMember({ userId: randomUUID() }),
      );
      await expectSameAsMissing(
        () => admin.team.removeMember({ userId: target }),
        () => admin.team.removeMember({ userId: removed }),
      );
    }
    expect(await membershipOf(other.users.dispatcher.userId)).toEqual({ companyId: other.companyId, role: 'dispatcher' });
    expect(await membershipOf(other.users.admin.userId)).toEqual({ companyId: other.companyId, role: 'admin' });
  });

  it("a master admin manages only their own company's team", async () => {
    const caller = await as(master);
    const members = await caller.team.members();
    expect(members).toEqual({ items: [expect.objectContaining({ userId: master.userId })], nextCursor: null });
    await expectTrpcError(caller.team.removeMember({ userId: company.users.sales.userId }), 'NOT_FOUND', 'Team member not found');
    const theirs = await createInvitation(started.services.db, company);
    await expectTrpcError(caller.team.revokeInvitation({ id: theirs.id }), 'NOT_FOUND', 'Invitation not found');
    expect((await caller.team.invitations()).items.map((invitation) => invitation.id)).not.toContain(theirs.id);
  });
});

describe('the team list', () => {
  it('shows every member with a role: name, email, role, joined and status Active; drivers are not staff', async () => {
    const { items: members } = await (await as(company.users.admin)).team.members({ limit: 100 });
    const byRole = Object.fromEntries(
      members.filter((member) => member.email.endsWith('example.test')).map((member) => [member.userId, member]),
    );
    for (const persona of ['admin', 'sales', 'dispatcher', 'treasury'] as const) {
      const user = company.users[persona];
      expect(byRole[user.userId]).toMatchObject({ email: user.email, role: persona, status: 'Active', isCurrentUser: persona === 'admin' });
      expect(Number.isNaN(Date.parse(byRole[user.userId]?.joinedAt ?? ''))).toBe(false);
    }
    expect(members.map((member) => member.userId)).not.toContain(company.users.driver.userId);
    for (const user of Object.values(other.users)) expect(members.map((member) => member.userId)).not.toContain(user.userId);
  });

  it('pages the team newest member first, and pending invitations newest first, by the one pagination contract', async () => {
    const team = await createTestCompany(started.services);
    const admin = await as(team.users.admin);
    const first = await admin.team.members({ limit: 2 });
    const second = await admin.team.members({ limit: 2, cursor: first.nextCursor });
    const ids = [first, second].flatMap((page) => page.items.map((member) => member.userId));
    // Newest member first: the admin signed the company up before sales, dispatcher and treasury joined.
    const { admin: signedUp, sales, dispatcher, treasury } = team.users;
    expect(ids).toEqual([treasury.userId, dispatcher.userId, sales.userId, signedUp.userId]);
    expect([first.nextCursor === null, second.nextCursor]).toEqual([false, null]);

    const sent = [];
    for (const label of ['one', 'two', 'three']) sent.push((await admin.team.invite(newInvite(label))).invitation.id);
    const firstInvitations = await admin.team.invitations({ limit: 2 });
    const rest = await admin.team.invitations({ limit: 2, cursor: firstInvitations.nextCursor });
    expect([...firstInvitations.items, ...rest.items].map((invitation) => invitation.id)).toEqual([...sent].reverse());
    expect(rest.nextCursor).toBeNull();
    await expectTrpcError(admin.team.members({ cursor: 'not-a-cursor' }), 'BAD_REQUEST', 'Invalid cursor');
  });
});

describe('role changes and removals', () => {
  it("a role change takes effect at once: the member's sessions end and their live subscription is told", async () => {
    const team = await createTestCompany(started.services);
    const { app, origin, wsUrl } = await listen(started.services);
    const sessionId = await sessionFor(started.services, team.users.treasury);
    await sessionFor(started.services, team.users.treasury);
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
      const changed = await (await as(team.users.admin)).team.changeRole({ userId: team.users.treasury.userId, role: 'sales' });
      expect(changed.sessionsEnded).toBe(2);
      await ended;
      expect(events).toEqual(['active', 'ended']);
      expect(await sessionsOf(team.users.treasury.userId)).toBe(0);
      await expect.poll(() => wsClient.connection?.state ?? 'closed', { timeout: 5000 }).not.toBe('open');
      // Signing in again carries the new role.
      expect(await membershipOf(team.users.treasury.userId)).toEqual({ companyId: team.companyId, role: 'sales' });
      const member = await as(team.users.treasury);
      await expectTrpcError(member.team.members(), 'FORBIDDEN');
    } finally {
      wsClient.close();
      await app.close();
    }
  });

  it('an unchanged role changes nothing and ends no session', async () => {
    const team = await createTestCompany(started.services);
    await sessionFor(started.services, team.users.dispatcher);
    const changed = await (await as(team.users.admin)).team.changeRole({ userId: team.users.dispatcher.userId, role: 'dispatcher' });
    expect(changed.sessionsEnded).toBe(0);
    expect(await sessionsOf(team.users.dispatcher.userId)).toBe(1);
  });

  it('removing a member ends their sessions and takes them off the team; their account stays, without a company', async () => {
    const team = await createTestCompany(started.services);
    const { app, origin, wsUrl } = await listen(started.services);
    const sessionId = await sessionFor(started.services, team.users.sales);
    const { client, wsClient } = wsClientFor(wsUrl, sessionId, origin);
    try {
      const events: string[] = [];
      client.auth.sessionEvents.subscribe(undefined, { onData: (event) => void events.push(event.type) });
      await expect.poll(() => events).toContain('active');
      const admin = await as(team.users.admin);
      const removed = await admin.team.removeMember({ userId: team.users.sales.userId });
      expect(removed).toEqual({ userId: team.users.sales.userId, sessionsEnded: 1 });
      await expect.poll(() => events).toEqual(['active', 'ended']);
      await expect.poll(() => wsClient.connection?.state ?? 'closed', { timeout: 5000 }).not.toBe('open');
    } finally {
      wsClient.close();
      await app.close();
    }
    expect(await sessionsOf(team.users.sales.userId)).toBe(0);
    expect(await membershipOf(team.users.sales.userId)).toBeUndefined();
    expect((await (await as(team.users.admin)).team.members({ limit: 100 })).items.map((member) => member.userId)).not.toContain(
      team.users.sales.userId,
    );
    expect(await owner.selectFrom('users').select('id').where('id', '=', team.users.sales.userId).execute()).toHaveLength(1);
    await expectTrpcError(
      (await as(null)).auth.signIn({ email: team.users.sales.email, password: TEST_PASSWORD }),
      'FORBIDDEN',
      'This account does not belong to a company',
    );
  });

  it('the last admin can be neither demoted nor removed; an admin never removes themselves', async () => {
    const team = await createTestCompany(started.services);
    const admin = await as(team.users.admin);
    const self = team.users.admin.userId;
    await expectTrpcError(admin.team.changeRole({ userId: self, role: 'dispatcher' }), 'PRECONDITION_FAILED', TEAM_TEXTS.lastAdmin);
    await expectTrpcError(admin.team.removeMember({ userId: self }), 'PRECONDITION_FAILED', TEAM_TEXTS.removeSelf);
    expect(await membershipOf(self)).toEqual({ companyId: team.companyId, role: 'admin' });

    // With a second admin, the first may step down; then the second is the last.
    await admin.team.changeRole({ userId: team.users.dispatcher.userId, role: 'admin' });
    const second = await as(team.users.dispatcher);
    await second.team.changeRole({ userId: self, role: 'treasury' });
    expect(await membershipOf(self)).toEqual({ companyId: team.companyId, role: 'treasury' });
    expect(await sessionsOf(self)).toBe(0);
    const last = team.users.dispatcher.userId;
    await expectTrpcError(
      (await as(team.users.dispatcher)).team.changeRole({ userId: last, role: 'sales' }),
      'PRECONDITION_FAILED',
      TEAM_TEXTS.lastAdmin,
    );

    // Removing an admin who is not the last is allowed.
    const { userId: third } = await createMember(started.services, team.companyId, { role: 'admin' });
    await (await as(team.users.dispatcher)).team.removeMember({ userId: third });
    expect(await membershipOf(third)).toBeUndefined();
  });

  it('two admins demoting each other at once leave one admin', async () => {
    const team = await createTestCompany(started.services);
    await (await as(team.users.admin)).team.changeRole({ userId: team.users.sales.userId, role: 'admin' });
    const [first, second] = await Promise.all([as(team.users.admin), as(team.users.sales)]);
    const results = await Promise.allSettled([
      first.team.changeRole({ userId: team.users.sales.userId, role: 'sales' }),
      second.team.changeRole({ userId: team.users.admin.userId, role: 'sales' }),
    ]);
    const admins = await owner
      .selectFrom('userRoles')
      .select('userId')
      .where('companyId', '=', team.companyId)
      .where('role', '=', 'admin')
      .execute();
    expect(admins).toHaveLength(1);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
  });
});

describe('the admin dashboard counters', () => {
  it("count the company's loads, active drivers and team members, and sum its revenue in SQL", async () => {
    const team = await createTestCompany(started.services);
    const admin = await as(team.users.admin);
    expect(await admin.team.adminStats()).toEqual({ totalLoads: 0, activeDrivers: 0, teamMembers: 4, totalRevenue: '0.00' });

    await withCompany(started.services.db, { companyId: team.companyId, userId: team.users.admin.userId }, async (tx) => {
      for (const status of ['available', 'on_route', 'off_duty'] as const) {
        await tx.insertInto('drivers').values({ companyId: team.companyId, firstName: 'Rosa', lastName: status, status }).execute();
      }
      for (const [index, rate] of ['1200.10', '799.95', null, '0.05'].entries()) {
        await tx
          .insertInto('loads')
          .values({
            companyId: team.companyId,
            loadNumber: `STAT-${index}`,
            pickupLocation: '1 Dock St',
            pickupCity: 'Dallas',
            pickupState: 'TX',
            deliveryLocation: '2 Pier Rd',
            deliveryCity: 'Atlanta',
            deliveryState: 'GA',
            rate,
          })
          .execute();
      }
    });
    // Another company's records never count.
    await (await as(other.users.admin)).team.adminStats();
    expect(await admin.team.adminStats()).toEqual({ totalLoads: 4, activeDrivers: 2, teamMembers: 4, totalRevenue: '2000.10' });

    // A master admin sees their own company's counters.
    expect(await (await as(master)).team.adminStats()).toEqual({ totalLoads: 0, activeDrivers: 0, teamMembers: 1, totalRevenue: '0.00' });
  });
});

describe('arbitrary input', () => {
  const text = fc.oneof(fc.string(), fc.string({ unit: 'binary', maxLength: 300 }), fc.constantFrom('', ' ', "'; drop table users; --"));
  const field = <T>(plausible: fc.Arbitrary<T>) =>
    fc.oneof({ weight: 4, arbitrary: plausible }, { weight: 2, arbitrary: text }, { weight: 1, arbitrary: fc.anything() });
  const record = <T extends Record<string, fc.Arbitrary<unknown>>>(shape: T) =>
    fc.oneof(
      { weight: 4, arbitrary: fc.record(shape) },
      { weight: 1, arbitrary: fc.record(shape, { requiredKeys: [] }) },
      { weight: 1, arbitrary: fc.anything() },
    );
  const token = fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{43}$/), text);
  const cases = {
    'invitations.preview': { user: null, input: record({ token: field(token) }) },
    'invitations.accept': {
      user: null,
      input: record({
        token: field(token),
        firstName: field(text),
        lastName: field(text),
        password: field(fc.string({ minLength: 6, maxLength: 30 })),
      }),
    },
    'team.invite': {
      user: 'admin',
      input: record({
        email: field(fc.emailAddress()),
        firstName: field(fc.constantFrom('Pat', ' Ada ')),
        lastName: field(fc.constantFrom('Lee', 'O\u2019Neil')),
        role: field(fc.constantFrom('admin', 'sales', 'dispatcher', 'treasury', 'driver', '')),
      }),
    },
    'team.changeRole': { user: 'admin', input: record({ userId: field(fc.uuid()), role: field(fc.constantFrom('sales', 'admin', 'x')) }) },
  } as const;

  it.each(Object.keys(cases) as (keyof typeof cases)[])('%s never answers INTERNAL_SERVER_ERROR', async (path) => {
    const { user, input } = cases[path];
    await fc.assert(
      fc.asyncProperty(input as fc.Arbitrary<unknown>, async (value) => {
        const caller = await as(user ? other.users[user] : null);
        const error = await settle(callPath(caller, path, value));
        if (error) {
          expect(error.code, `${error.code}: ${error.message}`).toBeOneOf([
            'BAD_REQUEST',
            'NOT_FOUND',
            'CONFLICT',
            'TOO_MANY_REQUESTS',
            'PRECONDITION_FAILED',
          ]);
          if (error.code === 'BAD_REQUEST') expect(userFacingError(error, path).data.field).toMatch(/\S/);
        }
      }),
      { numRuns: 30, endOnFailure: true },
    );
  });
});
