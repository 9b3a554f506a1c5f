import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { POSITION_BATCH_MAX, POSITION_MAX_AGE_DAYS, type PositionReport } from '#shared/schemas/positions.js';

/**
 * The driver portal's offline queue of positions, in IndexedDB: every position is queued first and
 * leaves the queue only once the server has answered that it stored it (or had it already), so
 * nothing is lost when the phone is offline, the tab closes or a send fails. Positions go in the
 * order they were taken (an auto-increment key), in batches of at most 100, one flush at a time
 * per queue; each keeps the idempotency key it was given when taken, so a batch sent again after a
 * lost answer is stored once by the server. Positions older than the server accepts are dropped.
 */

export type QueuedPosition = Required<Pick<PositionReport, 'idempotencyKey' | 'recordedAt' | 'lat' | 'lng'>> & { accuracy: number | null };

interface QueueSchema extends DBSchema {
  positions: { key: number; value: QueuedPosition };
}

/** What a send answers: stored (leave the queue), retry later (offline, server busy), or refused for good (drop the batch). */
export type SendOutcome = 'stored' | 'retry' | 'refused';

export interface PositionQueue {
  enqueue(position: QueuedPosition): Promise<void>;
  /** Everything still queued, oldest first. */
  pending(): Promise<QueuedPosition[]>;
  count(): Promise<number>;
  /** Sends the queue in order, batch after batch, until it is empty or a send fails; answers how many left the queue. */
  flush(send: (batch: QueuedPosition[]) => Promise<SendOutcome>): Promise<number>;
  clear(): Promise<void>;
  close(): void;
}

const MAX_AGE_MS = POSITION_MAX_AGE_DAYS * 24 * 60 * 60 * 1000;
/** Keep a margin so a position is not refused as too old on its way. */
const DROP_AFTER_MS = MAX_AGE_MS - 60 * 60 * 1000;

export function openPositionQueue(name = 'haulwise-positions', options: { batchSize?: number; now?: () => number } = {}): PositionQueue {
  const batchSize = Math.min(options.batchSize ?? POSITION_BATCH_MAX, POSITION_BATCH_MAX);
  const now = options.now ?? Date.now;
  const db: Promise<IDBPDatabase<QueueSchema>> = openDB<QueueSchema>(name, 1, {
    upgrade(database) {
      database.createObjectStore('positions', { autoIncrement: true });
    },
  });
  let flushing: Promise<number> | null = null;

  async function dropStale(database: IDBPDatabase<QueueSchema>) {
    const tx = database.transaction('positions', 'readwrite');
    for (let cursor = await tx.store.openCursor(); cursor; cursor = await cursor.continue()) {
      if (Date.parse(cursor.value.recordedAt) < now() - DROP_AFTER_MS) await cursor.delete();
    }
    await tx.done;
  }

  async function firstBatch(database: IDBPDatabase<QueueSchema>) {
    const keys: number[] = [];
    const values: QueuedPosition[] = [];
    const tx = database.transaction('positions', 'readonly');
    for (let cursor = await tx.store.openCursor(); cursor && keys.length < batchSize; cursor = await cursor.continue()) {
      keys.push(cursor.key);
      values.push(cursor.value);
    }
    await tx.done;
    return { keys, values };
  }

  async function runFlush(send: (batch: QueuedPosition[]) => Promise<SendOutcome>): Promise<number> {
    const database = await db;
    await dropStale(database);
    let sent = 0;
    for (;;) {
      const { keys, values } = await firstBatch(database);
      if (keys.length === 0) return sent;
      let outcome: SendOutcome;
      try {
        outcome = await send(values);
      } catch {
        outcome = 'retry';
      }
      if (outcome === 'retry') return sent;
      const tx = database.transaction('positions', 'readwrite');
      await Promise.all(keys.map((key) => tx.store.delete(key)));
      await tx.done;
      if (outcome === 'stored') sent += keys.length;
    }
  }

  return {
    async enqueue(position) {
      await (await db).add('positions', position);
    },
    async pending() {
      return (await db).getAll('positions');
    },
    async count() {
      return (await db).count('positions');
    },
    flush(send) {
      // One flush at a time: a second caller waits for the running one, then finds what is left.
      const previous = flushing ?? Promise.resolve(0);
      const next = previous.catch(() => 0).then(() => runFlush(send));
      flushing = next;
      void next.finally(() => {
        if (flushing === next) flushing = null;
      });
      return next;
    },
    async clear() {
      await (await db).clear('positions');
    },
    close() {
      void db.then((database) => database.close());
    },
  };
}
