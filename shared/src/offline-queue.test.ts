import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openPositionQueue, type QueuedPosition, type SendOutcome } from '../../client/src/lib/offline-queue.js';

/** The driver portal's offline queue (client/src/lib/offline-queue.ts) on fake-indexeddb: order, no loss, no duplicates. */

let counter = 0;
const position = (minutesAgo = 1): QueuedPosition => ({
  idempotencyKey: randomUUID(),
  recordedAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
  lat: 30 + (counter += 1) / 1000,
  lng: -97,
  accuracy: 5,
});

/** A server that stores by idempotency key, and can be offline. */
function fakeServer() {
  const stored = new Map<string, QueuedPosition>();
  const order: string[] = [];
  let online = true;
  let calls = 0;
  return {
    stored,
    order,
    get calls() {
      return calls;
    },
    setOnline(value: boolean) {
      online = value;
    },
    send: async (batch: QueuedPosition[]): Promise<SendOutcome> => {
      calls += 1;
      if (!online) throw new Error('Failed to fetch');
      for (const item of batch) {
        if (!stored.has(item.idempotencyKey)) order.push(item.idempotencyKey);
        stored.set(item.idempotencyKey, item);
      }
      return 'stored';
    },
  };
}

describe('the offline position queue', () => {
  it('sends everything queued offline, in the order taken, in batches of at most 100, once online', async () => {
    const queue = openPositionQueue(`queue-${randomUUID()}`);
    const server = fakeServer();
    server.setOnline(false);
    const taken = Array.from({ length: 250 }, () => position());
    for (const item of taken) await queue.enqueue(item);
    expect(await queue.flush(server.send)).toBe(0);
    expect(await queue.count()).toBe(250);
    server.setOnline(true);
    expect(await queue.flush(server.send)).toBe(250);
    expect(server.order).toEqual(taken.map((item) => item.idempotencyKey));
    expect(server.calls).toBe(1 + 3);
    expect(await queue.count()).toBe(0);
    queue.close();
  });

  it('loses nothing and duplicates nothing across reconnects, lost answers and concurrent flushes', async () => {
    const name = `queue-${randomUUID()}`;
    let queue = openPositionQueue(name, { batchSize: 7 });
    const server = fakeServer();
    const taken: QueuedPosition[] = [];
    // The answer to the second send is lost: the server stored the batch, the phone does not know.
    let sends = 0;
    const flaky = async (batch: QueuedPosition[]) => {
      sends += 1;
      const outcome = await server.send(batch);
      if (sends === 2) throw new Error('connection reset');
      return outcome;
    };
    for (let round = 0; round < 5; round += 1) {
      for (let index = 0; index < 9; index += 1) {
        const item = position();
        taken.push(item);
        await queue.enqueue(item);
      }
      server.setOnline(round % 2 === 1);
      await Promise.all([queue.flush(flaky), queue.flush(flaky)]);
      if (round === 2) {
        // The tab closes and opens again: the queue is still there.
        queue.close();
        queue = openPositionQueue(name, { batchSize: 7 });
      }
    }
    server.setOnline(true);
    await queue.flush(flaky);
    expect(await queue.count()).toBe(0);
    expect([...server.stored.keys()].sort()).toEqual(taken.map((item) => item.idempotencyKey).sort());
    // First arrival order follows the order taken.
    expect(server.order).toEqual(taken.map((item) => item.idempotencyKey));
    queue.close();
  });

  it('drops a batch the server refuses for good, and positions older than the server accepts', async () => {
    const queue = openPositionQueue(`queue-${randomUUID()}`);
    await queue.enqueue(position(8 * 24 * 60));
    await queue.enqueue(position(1));
    const seen: QueuedPosition[][] = [];
    await queue.flush(async (batch) => {
      seen.push(batch);
      return 'refused';
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toHaveLength(1);
    expect(await queue.count()).toBe(0);
    queue.close();
  });
});
