import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expandLiveEvent, type LiveFeedItem } from '#shared/schemas/live.js';
import { hashSessionId, SESSION_COOKIE } from '../../../server/src/services/lucia.js';
import { SESSION_RECHECK_MS } from '../../../server/src/domains/realtime/session-check.js';
import { EVENTS_CHANNEL } from '../../../server/src/services/realtime/bus.js';
import { createTestCompany, listen, ownerDb, sessionFor, startTestServices, wsClientFor, type TestCompany } from '../../support/harness.js';
import { openLiveTab } from '../../support/live.js';

/**
 * Issue 10, item 6: live feeds die with their session. tRPC 11 would also serve subscriptions as
 * server-sent events over plain HTTP, streams no socket guard closes: they are off. And the live
 * channel re-checks its session before each event it delivers, so an ended session hears nothing
 * more even when the "session ended" notice never arrives.
 */

let started: Awaited<ReturnType<typeof startTestServices>>;
let owner: Kysely<any>;
let company: TestCompany;
let app: FastifyInstance;
let origin: string;
let wsUrl: string;
const closers: (() => void)[] = [];

beforeAll(async () => {
  started = await startTestServices();
  owner = ownerDb();
  company = await createTestCompany(started.services);
  ({ app, origin, wsUrl } = await listen(started.services));
});

afterAll(async () => {
  for (const close of closers) close();
  await app?.close();
  await started?.close();
  await owner?.destroy();
});

describe('server-sent events', () => {
  it('are not served: an SSE request for the live channel gets no stream and no event', async () => {
    const session = await sessionFor(started.services, company.users.dispatcher);
    const response = await fetch(`${origin}/trpc/realtime.changes`, {
      headers: { cookie: `${SESSION_COOKIE}=${session}`, accept: 'text/event-stream', origin },
      // A stream that stayed open would be cut here, and the test would see it did not end.
      signal: AbortSignal.timeout(5_000),
    });
    const body = await response.text();
    expect(body).not.toContain('"active"');
    expect(body).toContain('METHOD_NOT_SUPPORTED');
  });
});

describe('the live channel over WebSocket', () => {
  it(`stops within ${SESSION_RECHECK_MS / 1000} s of a sign-out whose notice never came, and delivers nothing after`, async () => {
    const user = company.users.dispatcher;
    const session = await sessionFor(started.services, user);
    const { client, wsClient } = wsClientFor(wsUrl, session, origin);
    const events: LiveFeedItem[] = [];
    let ended = false;
    await new Promise<void>((resolve, reject) => {
      const subscription = client.realtime.changes.subscribe(undefined, {
        onData: (event) => {
          events.push(...expandLiveEvent(event));
          // 'active' comes once the live hub has the channel: the change below reaches it.
          if (event.type === 'session' && event.state === 'active') resolve();
        },
        onComplete: () => (ended = true),
        onError: reject,
      });
      closers.push(() => {
        subscription.unsubscribe();
        void wsClient.close();
      });
    });

    // A change the dispatcher may hear of is delivered while the session lives.
    const change = (id: string) =>
      sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify({ table: 'loads', op: 'INSERT', id, company_id: company.companyId, status: 'pending' })})`.execute(
        owner,
      );
    const before = randomUUID();
    await change(before);
    await expect.poll(() => events.some((event) => event.type === 'change' && event.id === before)).toBe(true);

    // The session row goes without its trigger (so no "ended" notice reaches the bus).
    await owner.transaction().execute(async (tx) => {
      await sql`set local session_replication_role = replica`.execute(tx);
      await tx.deleteFrom('sessions').where('id', '=', hashSessionId(session)).execute();
    });
    // The channel was told something, so the background sweep checks its session again within
    // SESSION_RECHECK_MS (a second of slack for a busy machine) and ends the channel.
    await expect
      .poll(() => events.some((event) => event.type === 'session' && event.state === 'ended'), {
        timeout: SESSION_RECHECK_MS + 1_000,
        interval: 20,
      })
      .toBe(true);
    await expect.poll(() => ended, { timeout: 1_000 }).toBe(true);

    // Nothing after: a change that another live session hears of (so it has been through the hub) never reaches the ended channel.
    const witness = await openLiveTab({ wsUrl, origin }, await sessionFor(started.services, company.users.admin));
    closers.push(witness.close);
    const after = randomUUID();
    await change(after);
    await expect.poll(() => witness.changes().some((event) => event.id === after)).toBe(true);
    expect(events.some((event) => event.type === 'change' && event.id === after)).toBe(false);
  });
});
