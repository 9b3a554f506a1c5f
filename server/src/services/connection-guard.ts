import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';

/**
 * One connection per call. A call that holds a pooled connection (its transaction) and asks the
 * same pool for another waits for a connection that other such calls hold: under load the pool
 * deadlocks. The guard makes that visible where it starts: each call (a tRPC procedure, a job)
 * runs in its own async context that counts the connections it holds or is waiting for, and
 * the pool refuses, or reports, a second one.
 */

interface Call {
  label: string;
  connections: number;
}

const calls = new AsyncLocalStorage<Call>();

/** Runs `fn` as one call: from here on, it may hold one pooled connection at a time. */
export function asOneCall<T>(label: string, fn: () => T): T {
  return calls.run({ label, connections: 0 }, fn);
}

export class SecondConnectionError extends Error {
  constructor(label: string) {
    super(
      `${label} asked for a second database connection while holding one; run its database work on the call's own transaction (ctx.db)`,
    );
    this.name = 'SecondConnectionError';
  }
}

/**
 * Wraps the pool's connect(): outside any call it is unchanged; inside one, a second connection
 * while the first is held (or awaited) is refused with SecondConnectionError when `refuse` is
 * true (development and tests), or reported once per call site and allowed (production, where a
 * refusal would turn a risk into a certain error).
 */
export function guardPool(pool: pg.Pool, options: { refuse: boolean; report: (error: SecondConnectionError) => void }): pg.Pool {
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const reported = new Set<string>();
  const guarded = (async (): Promise<pg.PoolClient> => {
    const call = calls.getStore();
    if (!call) return connect();
    if (call.connections > 0) {
      const error = new SecondConnectionError(call.label);
      if (options.refuse) throw error;
      if (!reported.has(call.label)) {
        reported.add(call.label);
        options.report(error);
      }
    }
    call.connections += 1;
    let client: pg.PoolClient;
    try {
      client = await connect();
    } catch (error) {
      call.connections -= 1;
      throw error;
    }
    const release = client.release.bind(client);
    let released = false;
    client.release = (destroy?: boolean | Error) => {
      if (!released) {
        released = true;
        call.connections -= 1;
      }
      return release(destroy);
    };
    return client;
  }) as pg.Pool['connect'];
  pool.connect = guarded;
  return pool;
}
