import type { RawData, WebSocket } from 'ws';

/** Open WebSocket connections by session fingerprint, so an ended session closes its sockets. */
export interface SocketRegistry {
  /** Tracks the socket under its session; closes it (and returns false) past the per-session limit. */
  track(fingerprint: string, socket: WebSocket): boolean;
  closeSession(fingerprint: string): number;
  /** Every open socket, closed with a reason (shutdown). */
  closeAll(code: number, reason: string): void;
}

export const SESSION_ENDED_CLOSE_CODE = 4401;
/** Policy close code for a socket refused because its session has too many open. */
export const TOO_MANY_CONNECTIONS_CLOSE_CODE = 4429;
/** "Going away": the server is shutting down. */
export const SHUTDOWN_CLOSE_CODE = 1001;
/** Policy close code for a socket that read too slowly: its live updates stayed behind past the grace (domains/realtime/live-delivery.ts). */
export const TOO_SLOW_CLOSE_CODE = 4408;

export function createSocketRegistry(options: { maxPerSession?: number } = {}): SocketRegistry {
  const maxPerSession = options.maxPerSession ?? 10;
  const bySession = new Map<string, Set<WebSocket>>();
  const all = new Set<WebSocket>();
  return {
    track(fingerprint, socket) {
      let sockets = bySession.get(fingerprint);
      if (sockets?.has(socket)) return true;
      if (sockets && sockets.size >= maxPerSession) {
        socket.close(TOO_MANY_CONNECTIONS_CLOSE_CODE, `Too many open connections for this session (at most ${maxPerSession})`);
        return false;
      }
      if (!sockets) {
        sockets = new Set();
        bySession.set(fingerprint, sockets);
      }
      const tracked = sockets;
      tracked.add(socket);
      all.add(socket);
      socket.once('close', () => {
        all.delete(socket);
        tracked.delete(socket);
        if (tracked.size === 0 && bySession.get(fingerprint) === tracked) bySession.delete(fingerprint);
      });
      return true;
    },
    closeSession(fingerprint) {
      const sockets = bySession.get(fingerprint);
      if (!sockets) return 0;
      for (const socket of sockets) socket.close(SESSION_ENDED_CLOSE_CODE, 'Session ended');
      return sockets.size;
    },
    closeAll(code, reason) {
      for (const socket of all) socket.close(code, reason);
    },
  };
}

export interface SocketLimits {
  /** Requests in one frame (a tRPC batch). */
  maxBatchSize: number;
  /** Live subscriptions on one connection. */
  maxSubscriptions: number;
  /** Requests per connection per minute (a token bucket: bursts up to this many, refilled evenly). */
  maxMessagesPerMinute: number;
  /** Deadline of one request: its answer (or a subscription's start) comes by then, or an error does. */
  timeoutMs: number;
}

export type Refusal = 'TOO_MANY_REQUESTS' | 'BAD_REQUEST' | 'SERVICE_UNAVAILABLE';

/** How the guard answers a refused request: an error message for that id, in the router's own error shape. */
export type RefuseFn = (id: number | string | null, code: Refusal, message: string) => string;

type Listener = (data: RawData, isBinary: boolean) => void;
type RequestId = number | string;

interface ClientMessage {
  id?: RequestId | null;
  method?: string;
  jsonrpc?: string;
  params?: { path?: unknown };
}

/** A subscription this socket started: its id and envelope, so a frame can be written for it directly (domains/realtime/live-delivery.ts). */
export interface OpenSubscription {
  id: RequestId;
  jsonrpc?: string;
}

const guards = new WeakMap<WebSocket, SocketGuard>();

/** The guard in front of a socket, if any (a tRPC caller in tests has no socket). */
export function socketGuardOf(socket: WebSocket | null): SocketGuard | undefined {
  return socket ? guards.get(socket) : undefined;
}

/**
 * Bounds what one WebSocket can ask of the server, in front of the tRPC handler: at most
 * maxBatchSize requests per frame, maxSubscriptions live subscriptions, maxMessagesPerMinute
 * requests, and a deadline per request. Refused requests get a clear error for their id; the
 * socket and everyone else go on. Installed by wrapping the 'message' listener tRPC registers
 * (see installSocketGuard) and watching what it sends back, so subscriptions that end on the
 * server side free their place.
 */
export class SocketGuard {
  private readonly live = new Set<RequestId>();
  /** Requests not yet answered, with their deadline timers. */
  private readonly pending = new Map<RequestId, { timer: NodeJS.Timeout; subscription: boolean }>();
  /** Requests answered by the guard's deadline: the handler's late answer is dropped. */
  private readonly expired = new Map<RequestId, boolean>();
  private tokens: number;
  private refilledAt = Date.now();
  private inner: Listener | null = null;
  /** Subscriptions started on this socket and not yet claimed by their procedure, per path, in arrival order. */
  private readonly unclaimed = new Map<string, OpenSubscription[]>();

  constructor(
    private readonly socket: WebSocket,
    private readonly limits: SocketLimits,
    private readonly refuse: RefuseFn,
  ) {
    this.tokens = limits.maxMessagesPerMinute;
    guards.set(socket, this);
    socket.once('close', () => {
      this.unclaimed.clear();
      for (const { timer } of this.pending.values()) clearTimeout(timer);
      this.pending.clear();
    });
  }

  /** Subscriptions started and not yet ended on this connection. */
  get subscriptions(): number {
    return this.live.size;
  }

  /**
   * The oldest started, still live and unclaimed subscription of this path on the socket: a
   * subscription procedure claims its own when it starts (tRPC starts them in arrival order), so
   * it can write its frames to the socket itself, in tRPC's own envelope.
   */
  claimSubscription(path: string): OpenSubscription | null {
    const queue = this.unclaimed.get(path);
    while (queue && queue.length > 0) {
      const next = queue.shift();
      if (next && this.live.has(next.id)) return next;
    }
    return null;
  }

  wrap(listener: Listener): Listener {
    this.inner = listener;
    return (data, isBinary) => this.onMessage(data, isBinary);
  }

  private onMessage(data: RawData, isBinary: boolean): void {
    const inner = this.inner;
    if (!inner) return;
    const text = isBinary ? null : rawText(data);
    // Keep-alive pings and anything that is not JSON text go to tRPC as they are (it answers bad frames itself).
    if (text === null || text === 'PING' || text === 'PONG') return inner(data, isBinary);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return inner(data, isBinary);
    }
    const messages = (Array.isArray(parsed) ? parsed : [parsed]) as ClientMessage[];
    if (messages.length > this.limits.maxBatchSize) {
      this.send(this.refuse(null, 'BAD_REQUEST', `Too many calls in one message: at most ${this.limits.maxBatchSize}.`));
      return;
    }
    const allowed: unknown[] = [];
    for (const message of messages) {
      if (!isObject(message) || message.method === 'connectionParams') {
        allowed.push(message);
        continue;
      }
      const id = message.id ?? null;
      if (!this.takeToken()) {
        this.send(
          this.refuse(
            id,
            'TOO_MANY_REQUESTS',
            `Too many messages on this connection: at most ${this.limits.maxMessagesPerMinute} a minute.`,
          ),
        );
        continue;
      }
      if (message.method === 'subscription.stop') {
        allowed.push(message);
        continue;
      }
      if (id !== null && (this.live.has(id) || this.pending.has(id) || this.expired.has(id))) {
        this.send(this.refuse(id, 'BAD_REQUEST', `Duplicate id ${String(id)}`));
        continue;
      }
      const subscription = message.method === 'subscription';
      if (subscription && this.live.size >= this.limits.maxSubscriptions) {
        this.send(
          this.refuse(id, 'TOO_MANY_REQUESTS', `Too many live subscriptions on this connection: at most ${this.limits.maxSubscriptions}.`),
        );
        continue;
      }
      if (id !== null) {
        if (subscription) {
          this.live.add(id);
          const path = message.params?.path;
          if (typeof path === 'string') {
            const queue = this.unclaimed.get(path) ?? [];
            queue.push(message.jsonrpc === undefined ? { id } : { id, jsonrpc: message.jsonrpc });
            this.unclaimed.set(path, queue);
          }
        }
        this.startDeadline(id, subscription);
      }
      allowed.push(message);
    }
    if (allowed.length === 0) return;
    const forwarded = allowed.length === messages.length ? data : Buffer.from(JSON.stringify(allowed));
    inner(forwarded, false);
  }

  private startDeadline(id: RequestId, subscription: boolean): void {
    const timer = setTimeout(() => {
      this.pending.delete(id);
      this.expired.set(id, subscription);
      this.send(this.refuse(id, 'SERVICE_UNAVAILABLE', 'The server took too long to answer. Please try again.'));
    }, this.limits.timeoutMs);
    timer.unref();
    this.pending.set(id, { timer, subscription });
  }

  /** Called with each frame the tRPC handler sends; returns false when the frame must be dropped. */
  observeOutgoing(frame: unknown): boolean {
    if (typeof frame !== 'string' || frame.length === 0 || frame[0] !== '{') return true;
    if (this.pending.size === 0 && this.expired.size === 0) {
      // The common case, a live subscription's data: nothing to track, not worth parsing.
      if (this.live.size === 0 || !(frame.includes('"stopped"') || frame.includes('"error"'))) return true;
    }
    let message: { id?: RequestId | null; error?: unknown; result?: { type?: string } };
    try {
      message = JSON.parse(frame) as typeof message;
    } catch {
      return true;
    }
    const id = message.id;
    if (id === undefined || id === null) return true;
    const type = message.result?.type;
    const final = message.error !== undefined || type === 'stopped' || (type === 'data' && !this.live.has(id));
    const waiting = this.pending.get(id);
    if (waiting) {
      clearTimeout(waiting.timer);
      this.pending.delete(id);
    }
    if (this.expired.has(id)) {
      // A subscription that started after its deadline: stop it at once (tRPC registered it just before saying so).
      if (this.expired.get(id) && type === 'started') this.inner?.(Buffer.from(JSON.stringify({ id, method: 'subscription.stop' })), false);
      if (final) {
        this.expired.delete(id);
        this.live.delete(id);
      }
      return false;
    }
    if (message.error !== undefined || type === 'stopped') this.live.delete(id);
    return true;
  }

  private takeToken(): boolean {
    const now = Date.now();
    const perMs = this.limits.maxMessagesPerMinute / 60_000;
    this.tokens = Math.min(this.limits.maxMessagesPerMinute, this.tokens + (now - this.refilledAt) * perMs);
    this.refilledAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Sends the guard's own answers, around the observation of the handler's frames. */
  rawSend: (frame: string) => void = (frame) => this.socket.send(frame);

  private send(frame: string): void {
    if (this.socket.readyState === this.socket.OPEN) this.rawSend(frame);
  }
}

/**
 * Runs `connect` (the tRPC connection handler) with the socket's 'message' listener routed
 * through a SocketGuard, and the socket's outgoing frames observed by it.
 */
export function installSocketGuard(socket: WebSocket, guard: SocketGuard, connect: () => void): void {
  const realOn = socket.on;
  const realSend = socket.send as (this: WebSocket, ...args: unknown[]) => void;
  guard.rawSend = (frame) => realSend.call(socket, frame);
  socket.send = function send(this: WebSocket, ...args: unknown[]) {
    if (!guard.observeOutgoing(args[0])) return;
    realSend.apply(this, args);
  } as WebSocket['send'];
  // Only the listener tRPC registers while connecting is wrapped; keep-alive and others see every frame.
  socket.on = function on(this: WebSocket, event: string, listener: Listener) {
    if (event === 'message') return realOn.call(this, event, guard.wrap(listener));
    return realOn.call(this, event as 'close', listener as never);
  } as unknown as WebSocket['on'];
  try {
    connect();
  } finally {
    socket.on = realOn;
  }
}

function rawText(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

function isObject(value: unknown): value is ClientMessage {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
