import type WebSocket from 'ws';
import type { SessionOutput } from '#shared/schemas/auth.js';
import { LIVE_TABLES, type LiveFrame } from '#shared/schemas/live.js';
import { isResync, type RealtimeBus, type RealtimeEvent } from '../../services/realtime/bus.js';
import type { LiveLookups } from './live-lookups.js';
import type { OpenSubscription } from '../../services/sockets.js';
import { LiveBatching } from './live-batching.js';
import { LiveDelivery, type LiveSocket } from './live-delivery.js';
import { LiveMembership } from './live-membership.js';
import { SESSION_RECHECK_MS } from './session-check.js';

export type { LiveSocket } from './live-delivery.js';

/**
 * The live feed of one server instance: every signed-in tab's channel (realtime.changes) is a
 * subscriber here, fed by the instance's one LISTEN connection (services/realtime/bus.ts). This
 * file takes the notices in and decides when a window's frame leaves; the rest is in three parts:
 *
 * - live-membership.ts: who listens, in which groups, and the sessions behind them (a session
 *   ended anywhere ends its channels at once; a background sweep checks the busy ones again);
 * - live-batching.ts: who may hear of what, decided once per group (and per person only where the
 *   notice names them), each group's changes serialised once;
 * - live-delivery.ts: one buffer per distinct frame, written to the sockets, with backpressure
 *   (a socket that reads too slowly gets a resync, or is closed).
 *
 * **Batched only when busy.** A notice that comes when no frame left in the last window
 * (LIVE_WINDOW_MS) leaves at once: right after the notices that reached us in the same read
 * (setImmediate; PostgreSQL sends a transaction's notices together at commit, so its changes
 * stay in one frame) plus LIVE_LEAD_MS, 0 by default. Notices that follow closely leave together
 * at the end of the window that began with the last frame; under sustained traffic the window
 * widens with the number of sockets told (LIVE_WRITES_PER_SECOND, at most LIVE_MAX_WINDOW_MS), so
 * a few hundred tabs cost a bounded number of writes a second. Each socket gets at most one frame
 * per window, holding every change it may hear of, in commit order, one item per row (table, id).
 * A transaction of several hundred changes may reach us in several reads: its first read leaves
 * at once, the rest at the window's end (two frames, still in order).
 */

export const LIVE_WINDOW_MS = 50;
export const LIVE_LEAD_MS = 0;
/**
 * Under sustained traffic the window widens so that the hub writes about this many frames a
 * second in all (each frame is a system call per socket): 200 listening tabs get a frame every
 * 200 ms rather than every 50, and the server's CPU goes to answering calls (`make soak` found
 * a quarter of it in socket writes). Never wider than LIVE_MAX_WINDOW_MS; a change after a quiet
 * spell still leaves at once.
 */
export const LIVE_WRITES_PER_SECOND = 1000;
export const LIVE_MAX_WINDOW_MS = 250;
export const LIVE_MAX_BUFFERED_BYTES = 1024 * 1024;
export const LIVE_BEHIND_GRACE_MS = 30_000;

export interface LiveHubOptions {
  windowMs: number;
  leadMs: number;
  /** The window widens up to maxWindowMs so that about this many frames a second are written in all. */
  writesPerSecond: number;
  maxWindowMs: number;
  maxBufferedBytes: number;
  behindGraceMs: number;
  recheckMs: number;
  log: (message: string) => void;
  /** Told after each batch was written (benchmarks: where the time goes); times are epoch milliseconds with fractions. */
  onFlush?: (trace: LiveFlushTrace) => void;
}

export interface LiveFlushTrace {
  /** Notices in the batch. */
  events: number;
  /** When the batch's first notice reached the hub. */
  firstNoticeAt: number;
  startedAt: number;
  /** When the last frame was handed to its socket. */
  writtenAt: number;
  /** Frames written, and distinct buffers built for them. */
  frames: number;
  buffers: number;
  /** Channels whose session was checked before they were told (idle for long). */
  checkedFirst: number;
}

/** Epoch milliseconds with fractions (the trace). */
const epochNow = () => performance.timeOrigin + performance.now();

export interface LiveSubscription {
  /** What the procedure yields itself: the session's end, and every frame when it has no socket to write to. */
  events: AsyncIterable<LiveFrame>;
  close(): void;
}

const isLiveTable = (table: string) => (LIVE_TABLES as readonly string[]).includes(table);

export class LiveHub {
  private readonly options: LiveHubOptions;
  private readonly members: LiveMembership;
  private readonly batching: LiveBatching;
  private readonly delivery: LiveDelivery;
  private pending: RealtimeEvent[] = [];
  private pendingSince = 0;
  /** Cancels the flush that is scheduled, if any. */
  private timer: (() => void) | null = null;
  private lastFlushAt = 0;
  /** Flushes run one after another, so frames keep their order. */
  private flushing: Promise<void> = Promise.resolve();
  private readonly stopListening: () => void;

  constructor(bus: RealtimeBus, lookups: LiveLookups, options: Partial<LiveHubOptions> = {}) {
    this.options = {
      windowMs: LIVE_WINDOW_MS,
      leadMs: LIVE_LEAD_MS,
      writesPerSecond: LIVE_WRITES_PER_SECOND,
      maxWindowMs: LIVE_MAX_WINDOW_MS,
      maxBufferedBytes: LIVE_MAX_BUFFERED_BYTES,
      behindGraceMs: LIVE_BEHIND_GRACE_MS,
      recheckMs: SESSION_RECHECK_MS,
      log: () => {},
      ...options,
    };
    this.members = new LiveMembership(lookups, this.options, (subscriber) => this.delivery.forget(subscriber));
    this.batching = new LiveBatching(this.members, lookups, this.options.log);
    this.delivery = new LiveDelivery(this.members, lookups, this.options);
    this.stopListening = bus.onEvent((event) => this.onEvent(event));
  }

  /** Subscribers now listening (tests, benchmarks). */
  get size(): number {
    return this.members.subscribers.size;
  }

  /** Registers a tab's channel; it hears of every change committed from now on. */
  async subscribe(input: {
    session: SessionOutput;
    sessionId: string;
    fingerprint: string;
    socket: WebSocket | LiveSocket | null;
    signal?: AbortSignal;
    /** The subscription's envelope when the socket has no guard to claim it from (tests, benchmarks). */
    envelope?: OpenSubscription;
  }): Promise<LiveSubscription> {
    const subscriber = await this.members.join(input);
    const close = () => {
      subscriber.done = true;
      subscriber.wake?.();
      this.members.remove(subscriber);
    };
    input.signal?.addEventListener('abort', close, { once: true });
    if (input.signal?.aborted) close();
    const events: AsyncIterable<LiveFrame> = {
      [Symbol.asyncIterator]: () => ({
        next: async (): Promise<IteratorResult<LiveFrame>> => {
          while (subscriber.queue.length === 0 && !subscriber.done) {
            await new Promise<void>((resolve) => (subscriber.wake = resolve));
            subscriber.wake = null;
          }
          const event = subscriber.queue.shift();
          return event ? { value: event, done: false } : { value: undefined, done: true };
        },
        return: async (): Promise<IteratorResult<LiveFrame>> => {
          close();
          return { value: undefined, done: true };
        },
      }),
    };
    return { events, close };
  }

  close(): void {
    this.stopListening();
    this.timer?.();
    this.timer = null;
    this.delivery.close();
    this.members.close();
  }

  private onEvent(event: RealtimeEvent): void {
    if (isResync(event)) {
      // Notices went unheard: every channel re-reads everything, every session is checked again
      // before its next frame, and the portal groups read their rows again.
      for (const group of this.members.portalGroups.values()) group.stale = true;
      for (const subscriber of this.members.subscribers) {
        subscriber.checkedAt = 0;
        this.delivery.deliverResync(subscriber);
      }
      return;
    }
    if (event.table === 'sessions' && event.op === 'DELETE' && typeof event.session === 'string') {
      for (const subscriber of [...(this.members.byFingerprint.get(event.session) ?? [])]) this.members.end(subscriber);
      return;
    }
    if (!isLiveTable(event.table) || this.members.subscribers.size === 0) return;
    if (this.pending.length === 0) this.pendingSince = epochNow();
    this.pending.push(event);
    if (this.timer) return;
    // Idle (no frame in the last window): at once, after the rest of this read. Busy: at the window's end.
    const wait = Math.max(this.options.leadMs, this.lastFlushAt + this.window() - Date.now());
    const run = () => {
      this.timer = null;
      this.flushing = this.flushing
        .then(() => this.flush())
        .catch((error: Error) => this.options.log(`live: a batch failed: ${error.message}`));
    };
    if (wait <= 0) {
      const immediate = setImmediate(run);
      this.timer = () => clearImmediate(immediate);
    } else {
      const timeout = setTimeout(run, wait);
      this.timer = () => clearTimeout(timeout);
    }
  }

  /** The batching window: LIVE_WINDOW_MS, wider while many sockets are told (LIVE_WRITES_PER_SECOND), at most maxWindowMs. */
  window(): number {
    const { windowMs, maxWindowMs, writesPerSecond } = this.options;
    const paced = (this.delivery.lastReceivers * 1000) / writesPerSecond;
    return Math.max(windowMs, Math.min(maxWindowMs, paced));
  }

  /** The window's notices: authorized per group (live-batching.ts), then written (live-delivery.ts). */
  private async flush(): Promise<void> {
    const events = this.pending;
    this.pending = [];
    this.lastFlushAt = Date.now();
    if (events.length === 0) return;
    const startedAt = epochNow();
    this.delivery.startCounting();
    const authorized = await this.batching.authorize(events);
    const checkedFirst = await this.delivery.deliverWindow(authorized);
    if (checkedFirst === null) return;
    this.options.onFlush?.({
      events: events.length,
      firstNoticeAt: this.pendingSince,
      startedAt,
      writtenAt: epochNow(),
      frames: this.delivery.written,
      buffers: this.delivery.built,
      checkedFirst,
    });
  }
}
