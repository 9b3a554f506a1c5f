import { EventEmitter, on } from 'node:events';
import pg from 'pg';

export const EVENTS_CHANNEL = 'haulwise_events';

/** What database triggers send through pg_notify: small, and enough to route. */
export interface RealtimeEvent {
  table: string;
  /** RESYNC (table '*'): notices may have been missed; every subscriber should re-read everything. */
  op: 'INSERT' | 'UPDATE' | 'DELETE' | 'RESYNC';
  id?: string;
  companyId?: string;
  userId?: string;
  session?: string;
  [field: string]: unknown;
}

const camelCase = (name: string) => name.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

/** Triggers speak SQL's snake_case; the wire speaks camelCase, table names included (as Kysely names them). */
function toCamelCase(payload: Record<string, unknown>): RealtimeEvent {
  const event = Object.fromEntries(Object.entries(payload).map(([key, value]) => [camelCase(key), value]));
  return { ...event, table: camelCase(String(event.table)) } as RealtimeEvent;
}

/** Sent to every listener after the LISTEN connection was lost and is back: whatever changed meanwhile went unheard. */
export const RESYNC_EVENT: RealtimeEvent = Object.freeze({ table: '*', op: 'RESYNC' });

export const isResync = (event: RealtimeEvent): boolean => event.op === 'RESYNC';

const NOT_LISTENING = 'realtime: not listening; the session notice was not sent';
const NOTICES_PER_STATEMENT = 500;

/** Where "session revoked" notices travel: a channel of their own, so live subscribers never wake for them. */
export const SESSIONS_CHANNEL = 'haulwise_sessions';

/**
 * A "session revoked" notice: what an instance may have cached about these sessions (who they
 * are, their role, their company's status) must be read again. A company's sessions, one user's,
 * or all of them.
 */
export interface SessionRevokedNotice {
  companyId?: string;
  userId?: string;
  all?: boolean;
}

export interface RealtimeBus {
  /** Events as they commit, until the signal aborts; a RESYNC event after a reconnect. */
  events(signal: AbortSignal | undefined): AsyncIterable<RealtimeEvent>;
  onEvent(listener: (event: RealtimeEvent) => void): () => void;
  /** Sends a "session revoked" notice to every instance, this one included; rejects while the LISTEN connection is down. */
  revokeSessions(notice: SessionRevokedNotice): Promise<void>;
  onSessionsRevoked(listener: (notice: SessionRevokedNotice) => void): () => void;
  /** The PostgreSQL backend of the LISTEN connection while it is up (health and fault tests). */
  listenerPid(): number | null;
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
  let pid: number | null = null;
  let closed = false;
  let attempt = 0;
  let reconnectTimer: NodeJS.Timeout | null = null;

  // Reconnects with backoff (100 ms doubling to 2 s) until it is listening again, then tells every
  // subscriber to refetch: notices sent while it was away are lost for good.
  const scheduleReconnect = () => {
    if (closed || reconnectTimer) return;
    const delay = Math.min(100 * 2 ** attempt, 2000);
    attempt += 1;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      connect().then(
        () => {
          attempt = 0;
          log('realtime: listening again; live subscribers are told to refetch');
          emitter.emit('event', RESYNC_EVENT);
        },
        (error: Error) => {
          log(`realtime reconnect failed: ${error.message}`);
          scheduleReconnect();
        },
      );
    }, delay);
    reconnectTimer.unref();
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString, connectionTimeoutMillis: 5000, application_name: 'haulwise realtime' });
    next.on('error', (error) => {
      log(`realtime connection error: ${error.message}`);
    });
    next.on('end', () => {
      if (client !== next) return;
      client = null;
      pid = null;
      scheduleReconnect();
    });
    next.on('notification', (message) => {
      if (message.channel === SESSIONS_CHANNEL && message.payload) {
        try {
          emitter.emit('revoked', JSON.parse(message.payload) as SessionRevokedNotice);
        } catch {
          log('realtime: unreadable session notice ignored');
        }
        return;
      }
      if (message.channel !== EVENTS_CHANNEL || !message.payload) return;
      try {
        emitter.emit('event', toCamelCase(JSON.parse(message.payload) as Record<string, unknown>));
      } catch {
        log('realtime: unreadable payload ignored');
      }
    });
    try {
      await next.connect();
      await next.query(`listen ${EVENTS_CHANNEL}; listen ${SESSIONS_CHANNEL}`);
      const { rows } = await next.query<{ pid: number }>('select pg_backend_pid() as pid');
      pid = rows[0]?.pid ?? null;
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
  };
  await connect();

  // Session notices go out on the LISTEN connection one statement at a time (a pg client runs one
  // query at a time; queueing a second is deprecated and pg@9 refuses it): the notices of calls that
  // finish meanwhile wait and leave together in the next statement, at most NOTICES_PER_STATEMENT.
  let pending: { payload: string; resolve: () => void; reject: (error: Error) => void }[] = [];
  let sending = false;
  const sendPending = async () => {
    sending = true;
    while (pending.length > 0) {
      const batch = pending.slice(0, NOTICES_PER_STATEMENT);
      pending = pending.slice(batch.length);
      try {
        if (!client) throw new Error(NOT_LISTENING);
        const payloads = [...new Set(batch.map((item) => item.payload))];
        await client.query('select pg_notify($1, notice) from unnest($2::text[]) as notice', [SESSIONS_CHANNEL, payloads]);
        for (const item of batch) item.resolve();
      } catch (error) {
        for (const item of batch) item.reject(error instanceof Error ? error : new Error(String(error)));
      }
    }
    sending = false;
  };

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
    revokeSessions(notice) {
      if (!client) return Promise.reject(new Error(NOT_LISTENING));
      return new Promise<void>((resolve, reject) => {
        pending.push({ payload: JSON.stringify(notice), resolve, reject });
        if (!sending) void sendPending();
      });
    },
    onSessionsRevoked(listener) {
      emitter.on('revoked', listener);
      return () => emitter.off('revoked', listener);
    },
    listenerPid() {
      return pid;
    },
    async close() {
      closed = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      emitter.removeAllListeners();
      await client?.end().catch(() => {});
    },
  };
}
