import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { StartedServices } from '../../../server/src/create-services.js';
import { withCompany } from '../../../server/src/db/with-company.js';
import { createTestCompany, listen, ownerDb, sessionFor, startTestServices, type TestCompany } from '../../support/harness.js';
import { openRawSocket, subscribeMessage, type RawSocket } from './raw-socket.js';

/**
 * Live screens never go stale silently (issue 9, item 5): when the LISTEN connection is killed
 * (pg_terminate_backend from an owner connection), the bus reconnects and every live subscriber
 * is told to refetch with one `resync` event; changes after it arrive as before.
 */

let started: StartedServices;
let app: FastifyInstance;
let origin: string;
let wsUrl: string;
let owner: Kysely<unknown>;
const sockets: RawSocket[] = [];

beforeAll(async () => {
  started = await startTestServices();
  ({ app, origin, wsUrl } = await listen(started.services));
  owner = ownerDb();
});
afterAll(async () => {
  for (const raw of sockets) raw.socket.terminate();
  await app?.close();
  await started?.close();
  await owner?.destroy();
});

/** A committed load of the company: the change every staff subscriber of it hears about. */
async function insertLoad(company: TestCompany): Promise<string> {
  const scope = { companyId: company.companyId, userId: company.users.dispatcher.userId };
  return withCompany(started.services.db, scope, async (tx) => {
    const { rows } = await sql<{ id: string }>`
      insert into loads (company_id, load_number, pickup_location, pickup_city, pickup_state,
                         delivery_location, delivery_city, delivery_state, created_by)
      values (${scope.companyId}, ${`RESYNC-${Date.now()}`}, '1200 Industrial Pkwy', 'Dallas', 'TX',
              '88 Harbor Rd', 'Atlanta', 'GA', ${scope.userId})
      returning id`.execute(tx);
    return rows[0]?.id as string;
  });
}

const data = (raw: RawSocket) =>
  raw.frames.filter((frame) => frame.result?.type === 'data').map((frame) => frame.result?.data as Record<string, unknown>);
const resyncs = (raw: RawSocket) => data(raw).filter((notice) => notice.type === 'resync').length;
/** A frame holds the changes of one window (server/src/domains/realtime/live-hub.ts). */
const changedIds = (raw: RawSocket) =>
  data(raw).flatMap((notice) => (notice.type === 'changes' ? (notice.changes as { id: string }[]).map((change) => change.id) : []));

describe('the LISTEN connection killed', () => {
  it('reconnects and sends one resync event to every live subscriber; later changes arrive as before', async () => {
    const company = await createTestCompany(started.services);
    const subscribers = await Promise.all(
      [company.users.dispatcher, company.users.admin].map(async (user) => {
        const raw = await openRawSocket(wsUrl, origin, await sessionFor(started.services, user));
        sockets.push(raw);
        raw.send(subscribeMessage(1));
        await expect.poll(() => raw.started(), { timeout: 10_000 }).toEqual([1]);
        // The channel says 'active' once the live hub has it: from then on it hears the resync.
        await expect
          .poll(() => data(raw).some((notice) => notice.type === 'session' && notice.state === 'active'), { timeout: 10_000 })
          .toBe(true);
        return raw;
      }),
    );

    const listener = started.services.bus.listenerPid();
    expect(listener).not.toBeNull();
    const { rows } = await sql<{ terminated: boolean }>`select pg_terminate_backend(${listener}) as terminated`.execute(owner);
    expect(rows[0]?.terminated).toBe(true);

    for (const raw of subscribers) await expect.poll(() => resyncs(raw), { timeout: 10_000 }).toBe(1);
    const reconnected = started.services.bus.listenerPid();
    expect(reconnected).not.toBeNull();
    expect(reconnected).not.toBe(listener);

    const loadId = await insertLoad(company);
    for (const raw of subscribers) await expect.poll(() => changedIds(raw), { timeout: 5_000 }).toContain(loadId);
    for (const raw of subscribers) expect(resyncs(raw)).toBe(1);
  });
});
