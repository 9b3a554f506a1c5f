import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { hashSessionId, PRODUCTION_SESSION_COOKIE, SESSION_COOKIE } from '../../../server/src/services/lucia.js';
import { mailFilesTo } from '../../../server/src/services/mail/mail-files.js';
import type { StartedServices } from '../../../server/src/create-services.js';
import { sessionFingerprint } from '../../../server/src/trpc/context.js';
import { createTestCompany, type TestCompany } from '../../support/factories.js';
import { callerFor, listen, ownerDb, sessionFor, startTestServices, TEST_PASSWORD, uniqueEmail } from '../../support/harness.js';
import { request, settle, uniqueIp, type HttpAnswer } from '../../support/http.js';

/**
 * Issue 10, items 3 (session ids at rest), 9 (no lockout, no enumeration) and 10 (cookies and
 * headers), through the real HTTP stack.
 */

let started: StartedServices;
let app: FastifyInstance;
let origin: string;
let owner: Kysely<any>;
let company: TestCompany;
beforeAll(async () => {
  // Every request comes from 127.0.0.1: the per-IP limit (proven in auth.test.ts and the proxy test) stays out of the way.
  started = await startTestServices({ config: { SIGN_IN_MAX_PER_IP: '10000' } });
  ({ app, origin } = await listen(started.services));
  owner = ownerDb();
  company = await createTestCompany(started.services);
});
afterAll(async () => {
  await app?.close();
  await owner?.destroy();
  await started?.close();
});

const json = (answer: HttpAnswer) =>
  JSON.parse(answer.text) as { result?: { data: unknown }; error?: { message: string; data: { code: string } } };
const cookieOf = (answer: HttpAnswer, name = SESSION_COOKIE) =>
  answer.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`) && !/Max-Age=0/i.test(cookie)) ?? null;
const tokenOf = (cookie: string | null) => /=([^;]+)/.exec(cookie ?? '')?.[1] ?? '';

const signIn = (email: string, password: string, headers: Record<string, string> = {}) =>
  request(`${origin}/trpc/auth.signIn`, { headers: { origin, ...headers }, body: { email, password } });

describe('session ids at rest', () => {
  it('stores only the SHA-256 of the token the cookie carries', async () => {
    const answer = await signIn(company.users.sales.email, TEST_PASSWORD);
    expect(answer.status).toBe(200);
    const token = tokenOf(cookieOf(answer));
    expect(token).not.toBe('');
    const rows = await owner.selectFrom('sessions').select('id').where('userId', '=', company.users.sales.userId).execute();
    const ids = rows.map((row) => row.id);
    expect(ids).toContain(hashSessionId(token));
    expect(ids).not.toContain(token);
    // The fingerprint the realtime bus and the Security card use is the start of the stored id.
    expect(hashSessionId(token).slice(0, 32)).toBe(sessionFingerprint(token));
  });
});

describe('sign-in failures: a growing delay, never a block', () => {
  const backdate = (email: string, seconds: number) =>
    owner
      .updateTable('signInFailures')
      .set({ lastFailedAt: new Date(Date.now() - seconds * 1000) })
      .where('email', '=', email)
      .execute();

  it('makes the next try wait after 5 failures, longer each time, and lets the right password in once the wait is over', async () => {
    const victim = (await createTestCompany(started.services)).users.admin;
    // Five failures: no wait yet.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const answer = await signIn(victim.email, 'wrong-password');
      expect(json(answer).error?.message).toBe('Invalid login credentials');
    }
    // Now every try waits, the right password too, but only for a moment.
    const waiting = await signIn(victim.email, TEST_PASSWORD);
    expect(json(waiting).error?.data.code).toBe('TOO_MANY_REQUESTS');
    expect(json(waiting).error?.message).toMatch(/wait 1 seconds/);
    // The attacker keeps guessing as soon as each wait is over: the waits grow (1, 2, 4, ... s) ...
    const waits: number[] = [];
    for (let guess = 0; guess < 12; guess += 1) {
      await backdate(victim.email, 61);
      expect(json(await signIn(victim.email, 'wrong-password')).error?.message).toBe('Invalid login credentials');
      const message = json(await signIn(victim.email, 'another-guess')).error?.message ?? '';
      waits.push(Number(/wait (\d+) seconds/.exec(message)?.[1]));
    }
    expect(waits.slice(0, 6)).toEqual([2, 4, 8, 16, 32, 60]);
    // ... capped at a minute: 17 failures, and still no block.
    expect(Math.max(...waits)).toBe(60);
    await backdate(victim.email, 61);
    const entered = await signIn(victim.email, TEST_PASSWORD);
    expect(entered.status).toBe(200);
    expect(cookieOf(entered)).not.toBeNull();
    // The right password forgets the failures.
    expect(await owner.selectFrom('signInFailures').select('email').where('email', '=', victim.email).execute()).toHaveLength(0);
  });

  it('counts a try before checking the password: when a wait ends, parallel guesses get one try between them (issue 24, item 4)', async () => {
    for (const email of [(await createTestCompany(started.services)).users.admin.email, uniqueEmail('raced')]) {
      for (let attempt = 0; attempt < 5; attempt += 1) await signIn(email, 'wrong-password');
      await backdate(email, 2);
      // From as many client addresses (so no per-address count lines them up), all at once.
      const callers = await Promise.all(Array.from({ length: 8 }, () => callerFor(started.services, null, uniqueIp())));
      const answers = await Promise.all(
        callers.map((caller, guess) => settle(caller.auth.signIn({ email, password: `parallel-guess-${guess}` }))),
      );
      const messages = answers.map((error) => error?.message ?? 'signed in');
      expect(
        messages.filter((message) => message === 'Invalid login credentials'),
        email,
      ).toHaveLength(1);
      expect(
        messages.filter((message) => /^Too many failed sign-in attempts/.test(message)),
        email,
      ).toHaveLength(7);
      const row = await owner.selectFrom('signInFailures').select('failures').where('email', '=', email).executeTakeFirstOrThrow();
      expect(row.failures).toBe(6);
    }
  });

  it('treats an unknown address exactly like a known one', async () => {
    const unknown = uniqueEmail('nobody');
    for (let attempt = 0; attempt < 5; attempt += 1) await signIn(unknown, 'wrong-password');
    expect(json(await signIn(unknown, 'wrong-password')).error?.message).toMatch(/wait 1 seconds/);
  });
});

describe('sign-up does not tell that an address has an account', () => {
  const signUp = (email: string) =>
    request(`${origin}/trpc/auth.signUp`, {
      headers: { origin },
      body: { companyName: 'Echo Freight', firstName: 'Eve', lastName: 'Echo', email, password: 'another-secret' },
    });

  it('answers a taken address as a new one (status, body, no cookie) and mails its owner a note instead', async () => {
    const fresh = uniqueEmail('fresh');
    const taken = company.users.dispatcher.email;
    const [forFresh, forTaken] = [await signUp(fresh), await signUp(taken)];
    expect(forTaken.status).toBe(forFresh.status);
    expect(json(forTaken)).toEqual({ result: { data: { status: 'verification_sent', email: taken } } });
    expect(json(forFresh)).toEqual({ result: { data: { status: 'verification_sent', email: fresh } } });
    expect(forTaken.headers.getSetCookie()).toEqual(forFresh.headers.getSetCookie());
    const mailDir = path.join(started.services.config.dataDir, 'mail');
    await expect
      .poll(async () => (await mailFilesTo(mailDir, taken)).map((mail) => mail.subject))
      .toContain('You already have a Haulwise account');
    const [note] = await mailFilesTo(mailDir, taken);
    expect(note?.text).not.toMatch(/token=/);
    await expect
      .poll(async () => (await mailFilesTo(mailDir, fresh)).map((mail) => mail.subject))
      .toContain('Verify your email for Haulwise');
  });
});

describe('cookies and headers', () => {
  it('treats a malformed cookie value as no session instead of failing the call', async () => {
    for (const value of ['%', '%E0%A4%A', '%zz']) {
      const answer = await request(`${origin}/trpc/auth.session`, { headers: { cookie: `${SESSION_COOKIE}=${value}` } });
      expect(answer.status, value).toBe(200);
      expect(json(answer)).toEqual({ result: { data: null } });
    }
    // Another cookie's bad value does not matter either.
    const token = await sessionFor(started.services, company.users.admin);
    const answer = await request(`${origin}/trpc/auth.session`, { headers: { cookie: `other=%; ${SESSION_COOKIE}=${token}` } });
    expect(json(answer).result?.data).toMatchObject({ user: { id: company.users.admin.userId } });
  });

  it('ends the browser’s previous session when it signs in again, as the same or another account', async () => {
    const before = await sessionFor(started.services, company.users.treasury);
    const answer = await signIn(company.users.driver.email, TEST_PASSWORD, { cookie: `${SESSION_COOKIE}=${before}` });
    expect(answer.status).toBe(200);
    const stored = await owner.selectFrom('sessions').select('id').where('id', '=', hashSessionId(before)).execute();
    expect(stored).toHaveLength(0);
    const still = await request(`${origin}/trpc/auth.session`, { headers: { cookie: `${SESSION_COOKIE}=${before}` } });
    expect(json(still)).toEqual({ result: { data: null } });
  });

  it('in production: a __Host- cookie (Secure, HttpOnly, SameSite=Lax, Path=/, no Domain), HSTS and no referrer', async () => {
    const production = await startTestServices({
      config: {
        NODE_ENV: 'production',
        APP_ORIGIN: 'https://dispatch.example.com',
        APP_DB_PASSWORD: 'haulwise-app-test',
        SIGN_IN_MAX_PER_IP: '10000',
      },
    });
    const served = await listen(production.services);
    try {
      const answer = await request(`${served.origin}/trpc/auth.signIn`, {
        headers: { origin: served.origin },
        body: { email: company.users.sales.email, password: TEST_PASSWORD },
      });
      expect(answer.status).toBe(200);
      const cookie = cookieOf(answer, PRODUCTION_SESSION_COOKIE);
      expect(cookie).not.toBeNull();
      const attributes = (cookie ?? '').split(';').map((part) => part.trim().toLowerCase());
      expect(attributes).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite=lax', 'path=/']));
      expect(attributes.some((part) => part.startsWith('domain='))).toBe(false);
      expect(answer.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);
      expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
      // The production server reads only the __Host- cookie.
      const token = tokenOf(cookie);
      const asHost = await request(`${served.origin}/trpc/auth.session`, { headers: { cookie: `${PRODUCTION_SESSION_COOKIE}=${token}` } });
      expect(json(asHost).result?.data).toMatchObject({ user: { id: company.users.sales.userId } });
      const plain = await request(`${served.origin}/trpc/auth.session`, { headers: { cookie: `${SESSION_COOKIE}=${token}` } });
      expect(json(plain)).toEqual({ result: { data: null } });
    } finally {
      await served.app.close();
      await production.close();
    }
  });

  it('outside production: the cookie is HttpOnly, SameSite=Lax, Path=/, and there is no HSTS for plain HTTP', async () => {
    const answer = await signIn(company.users.dispatcher.email, TEST_PASSWORD);
    const attributes = (cookieOf(answer) ?? '').split(';').map((part) => part.trim().toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']));
    expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
    expect(answer.headers.get('strict-transport-security')).toBeNull();
  });
});
