import { EventEmitter, on } from 'node:events';
import pg from 'pg';

export const EVENTS_CHANNEL = 'haulwise_events';

/** What database triggers send through pg_notify: small, and enough to route. */
export interface RealtimeEvent {
  table: string;
  op: 'INSERT' | 'UPDATE' | 'DELETE';
  id?: string;
  company_id?: string;
  user_id?: string;
  session?: string;
  [field: string]: unknown;
}

export interface RealtimeBus {
  /** Events as they commit, until the signal aborts. */
  events(signal: AbortSignal | undefined): AsyncIterable<RealtimeEvent>;
  onEvent(listener: (event: RealtimeEvent) => void): () => void;
  close(): Promise<void>;
}

/**
 * One dedicated LISTEN connection per app instance, fanned out in process. NOTIFY is
 * transactional, so only committed changes arrive; every instance listens, so instances
 * scale horizontally. The connection is re-opened when the database restarts.
 */
export async function startRealtimeBus(connectionString: string, log: (message: string) => void): Promise<RealtimeBus> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let client: pg.Client | null = null;
  let closed = false;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on('error', (error) => {
      log(`realtime connection error: ${error.message}`);
    });
    next.on('end', () => {
      if (!closed)
        setTimeout(() => void connect().catch((error: Error) => log(`realtime reconnect failed: ${error.message}`)), 1000).unref();
    });
    next.on('notification', (message) => {
      if (message.channel !== EVENTS_CHANNEL || !message.payload) return;
      try {
        emitter.emit('event', JSON.parse(message.payload) as RealtimeEvent);
      } catch {
        log('realtime: unreadable payload ignored');
      }
    });
    await next.connect();
    await next.query(`listen ${EVENTS_CHANNEL}`);
    client = next;
  };
  await connect();

  return {
    async *events(signal) {
      try {
        for await (const [event] of on(emitter, 'event', { signal })) {
          yield event as RealtimeEvent;
        }
      } catch (error) {
        if (signal?.aborted) return;
        throw error;
      }
    },
    onEvent(listener) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    async close() {
      closed = true;
      emitter.removeAllListeners();
      await client?.end().catch(() => {});
    },
  };
}
