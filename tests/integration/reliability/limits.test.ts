import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { StartedServices } from '../../../server/src/create-services.js';
import { TOO_MANY_CONNECTIONS_CLOSE_CODE } from '../../../server/src/services/sockets.js';
import { createTestCompany, listen, sessionFor, startTestServices, type TestCompany } from '../../support/harness.js';
import { request } from '../../support/http.js';
import { openRawSocket, subscribeMessage, type RawSocket } from './raw-socket.js';

/**
 * Bounded fan-in (issue 9, item 3): one socket or one client cannot take the server's memory
 * or its time. Past each limit the request is refused with a clear error and everyone else
 * goes on being served.
 */

const LIMITS = {
  MAX_BATCH_SIZE: '50',
  WS_MAX_SUBSCRIPTIONS: '20',
  WS_MAX_CONNECTIONS_PER_SESSION: '3',
  WS_MAX_MESSAGES_PER_MINUTE: '600',
  RATE_LIMIT_PER_MINUTE: '40',
};

let started: StartedServices;
let app: FastifyInstance;
let origin: string;
let wsUrl: string;
let company: TestCompany;
const sockets: RawSocket[] = [];

beforeAll(async () => {
  started = await startTestServices({ config: LIMITS });
  ({ app, origin, wsUrl } = await listen(started.services));
  company = await createTestCompany(started.services);
});
afterAll(async () => {
  for (const raw of sockets) raw.socket.terminate();
  await app?.close();
  await started?.close();
});

async function socketFor(sessionId: string): Promise<RawSocket> {
  const raw = await openRawSocket(wsUrl, origin, sessionId);
  sockets.push(raw);
  return raw;
}

/** Resolves when the socket has received at least `count` frames. */
const framesArrived = (raw: RawSocket, count: number) =>
  expect.poll(() => raw.frames.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(count);

describe('WebSocket limits', () => {
  it('a frame of 5,000 subscribe messages starts none of them and is refused with a clear error', async () => {
    const raw = await socketFor(await sessionFor(started.services, company.users.dispatcher));
    raw.send(Array.from({ length: 5000 }, (_, index) => subscribeMessage(index + 1)));
    await framesArrived(raw, 1);
    expect(raw.started()).toEqual([]);
    expect(raw.errors()).toHaveLength(1);
    expect(raw.errors()[0]?.error?.message).toBe('Too many calls in one message: at most 50.');
    expect(raw.errors()[0]?.error?.data?.code).toBe('BAD_REQUEST');
    // The socket is still usable: a single subscription starts.
    raw.send(subscribeMessage(9001));
    await expect.poll(() => raw.started(), { timeout: 10_000 }).toEqual([9001]);
  });

  it(
    '5,000 subscribe messages in frames of 50 start exactly the per-connection limit; the rest are refused',
    { timeout: 90_000 },
    async () => {
      const raw = await socketFor(await sessionFor(started.services, company.users.dispatcher));
      for (let frame = 0; frame < 100; frame++) {
        raw.send(Array.from({ length: 50 }, (_, index) => subscribeMessage(frame * 50 + index + 1)));
      }
      // Every message gets its answer: started, or refused (other frames, such as pings, may come in between).
      await expect.poll(() => raw.started().length + raw.errors().length, { timeout: 60_000 }).toBe(5000);
      expect(raw.started()).toHaveLength(20);
      const messages = new Set(raw.errors().map((frame) => frame.error?.message));
      expect(messages).toEqual(
        new Set([
          'Too many live subscriptions on this connection: at most 20.',
          'Too many messages on this connection: at most 600 a minute.',
        ]),
      );
      expect(raw.errors().every((frame) => frame.error?.data?.code === 'TOO_MANY_REQUESTS')).toBe(true);
      expect(raw.started().length + raw.errors().length).toBe(5000);

      // Another user's socket is served as usual, and the server is ready.
      const other = await socketFor(await sessionFor(started.services, company.users.admin));
      other.send(subscribeMessage(1));
      await expect.poll(() => other.started(), { timeout: 10_000 }).toEqual([1]);
      expect((await request(`${origin}/health/ready`)).status).toBe(200);
    },
  );

  it('a stopped subscription frees its place for a new one', async () => {
    const raw = await socketFor(await sessionFor(started.services, company.users.admin));
    raw.send(Array.from({ length: 21 }, (_, index) => subscribeMessage(index + 1)));
    await framesArrived(raw, 21);
    expect(raw.started()).toHaveLength(20);
    raw.send({ id: 1, method: 'subscription.stop' });
    await expect.poll(() => raw.frames.some((frame) => frame.id === 1 && frame.result?.type === 'stopped'), { timeout: 10_000 }).toBe(true);
    raw.send(subscribeMessage(100));
    await expect.poll(() => raw.started(), { timeout: 10_000 }).toContain(100);
    expect(raw.started()).toHaveLength(21);
  });

  it('a session opens at most WS_MAX_CONNECTIONS_PER_SESSION sockets; the next is closed with the reason', async () => {
    const sessionId = await sessionFor(started.services, company.users.treasury);
    const open = [await socketFor(sessionId), await socketFor(sessionId), await socketFor(sessionId)];
    for (const [index, raw] of open.entries()) raw.send(subscribeMessage(index + 1));
    for (const raw of open) await expect.poll(() => raw.started(), { timeout: 10_000 }).toHaveLength(1);
    const extra = await socketFor(sessionId);
    expect(await extra.closed).toEqual({
      code: TOO_MANY_CONNECTIONS_CLOSE_CODE,
      reason: 'Too many open connections for this session (at most 3)',
    });
    // The others stay open; once one closes, a new one may connect.
    open[0]?.socket.close();
    await open[0]?.closed;
    const replacement = await socketFor(sessionId);
    replacement.send(subscribeMessage(7));
    await expect.poll(() => replacement.started(), { timeout: 10_000 }).toEqual([7]);
  });
});

describe('HTTP limits', () => {
  it('a batch over MAX_BATCH_SIZE is refused with a clear error; one at the limit is answered', async () => {
    const paths = (count: number) => Array.from({ length: count }, () => 'auth.session').join(',');
    const input = (count: number) =>
      encodeURIComponent(JSON.stringify(Object.fromEntries(Array.from({ length: count }, (_, i) => [i, null]))));
    const over = await request(`${origin}/trpc/${paths(51)}?batch=1&input=${input(51)}`);
    expect(over.status).toBe(400);
    expect(over.text).toContain('Batch call exceeds maximum size');
    const atLimit = await request(`${origin}/trpc/${paths(50)}?batch=1&input=${input(50)}`);
    expect(atLimit.status).toBe(200);
    expect(JSON.parse(atLimit.text)).toHaveLength(50);
  });

  it('health checks are never rate limited; other requests from the same address are, past RATE_LIMIT_PER_MINUTE', async () => {
    const address = { 'x-probe': 'load-balancer' };
    for (let index = 0; index < 120; index++) {
      const path = index % 2 ? '/health/live' : '/health/ready';
      const answer = await request(`${origin}${path}`, { headers: address });
      expect(answer.status, `${path} answered ${answer.status} on probe ${index + 1}`).toBe(200);
    }
    const answers = [];
    for (let index = 0; index < 60; index++) answers.push(await request(`${origin}/trpc/auth.session`));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses).toContain(429);
    // No limit headers on an allowed call; the plugin's 429 answer (headers and body) on a refused one.
    expect(answers[0]?.headers.get('x-ratelimit-limit')).toBeNull();
    const refused = answers[answers.length - 1] as (typeof answers)[number];
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-ratelimit-limit')).toBe('40');
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.get('x-ratelimit-reset')).toBe(String(retryAfter));
    expect(refused.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(JSON.parse(refused.text)).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: expect.stringMatching(/^Rate limit exceeded, retry in \d+ (second|minute)s?$/),
    });
    expect((await request(`${origin}/health/ready`)).status).toBe(200);
    expect((await request(`${origin}/health/demo`)).status).toBe(200);
  });

  it('an address no route answers is not rate limited (the not-found handler), as before', async () => {
    // The calls above used up this address's minute.
    expect((await request(`${origin}/trpc/auth.session`)).status).toBe(429);
    expect((await request(`${origin}/no-such-address`, { method: 'POST', body: {} })).status).toBe(404);
  });
});
