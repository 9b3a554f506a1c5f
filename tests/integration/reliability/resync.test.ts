import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { LiveEvent } from '#shared/schemas/live.js';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { StartedServices } from '../../../server/src/services/create-services.js';
import { createTestCompany, listen, ownerDb, sessionFor, startTestServices, wsClientFor } from '../../support/harness.js';
import { insertLoad } from '../security/matrix/dashboard.js';

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
const closers: (() => void)[] = [];

beforeAll(async () => {
  started = await startTestServices();
  ({ app, origin, wsUrl } = await listen(started.services));
  owner = ownerDb();
});
afterAll(async () => {
  for (const close of closers) close();
  await app?.close();
  await started?.close();
  await owner?.destroy();
});

type Notice = LiveEvent;

describe('the LISTEN connection killed', () => {
  it('reconnects and sends one resync event to every live subscriber; later changes arrive as before', async () => {
    const company = await createTestCompany(started.services);
    const subscribers = await Promise.all(
      [company.users.dispatcher, company.users.admin].map(async (user) => {
        const { client, wsClient } = wsClientFor(wsUrl, await sessionFor(started.services, user), origin);
        const notices: Notice[] = [];
        await new Promise<void>((resolve, reject) => {
          const subscription = client.realtime.changes.subscribe(undefined, {
            onStarted: () => resolve(),
            onData: (notice) => notices.push(notice),
            onError: reject,
          });
          closers.push(() => {
            subscription.unsubscribe();
            void wsClient.close();
          });
        });
        return notices;
      }),
    );

    const listener = started.services.bus.listenerPid();
    expect(listener).not.toBeNull();
    const { rows } = await sql<{ terminated: boolean }>`select pg_terminate_backend(${listener}) as terminated`.execute(owner);
    expect(rows[0]?.terminated).toBe(true);

    for (const notices of subscribers) await expect.poll(() => notices, { timeout: 10_000 }).toContainEqual({ type: 'resync' });
    const reconnected = started.services.bus.listenerPid();
    expect(reconnected).not.toBeNull();
    expect(reconnected).not.toBe(listener);
    for (const notices of subscribers) expect(notices.filter((notice) => notice.type === 'resync')).toHaveLength(1);

    const loadId = await insertLoad(started.services.db, company.users.dispatcher);
    for (const notices of subscribers) {
      await expect
        .poll(() => notices, { timeout: 5_000 })
        .toContainEqual(expect.objectContaining({ table: 'loads', op: 'INSERT', id: loadId }));
    }
  });
});
