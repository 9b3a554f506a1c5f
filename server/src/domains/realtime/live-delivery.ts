import WebSocket from 'ws';
import type { LiveChangeItem, LiveFrame } from '#shared/schemas/live.js';
import type { LiveLookups } from './live-lookups.js';
import { TOO_SLOW_CLOSE_CODE } from '../../services/sockets.js';
import type { AuthorizedWindow, Batch } from './live-batching.js';
import type { LiveMembership, Subscriber } from './live-membership.js';

/**
 * Writing a window's batches (live-batching.ts) to the sockets of the live feed (live-hub.ts).
 *
 * - **Serialised once.** A frame is a batch's text inside tRPC's envelope for the socket's
 *   subscription; sockets whose subscription carries the same id (every tab's channel, in
 *   practice) are written the very same buffer.
 * - **Sessions first when idle.** A channel told nothing for twice SESSION_RECHECK_MS has its
 *   session checked before it is told anything (busy ones are kept checked by the membership's
 *   background sweep, live-membership.ts).
 * - **Backpressure.** A socket whose unsent data is over LIVE_MAX_BUFFERED_BYTES gets no more
 *   frames: once it has drained it gets one `resync` (re-read everything) instead of what it
 *   missed; still over the bound after LIVE_BEHIND_GRACE_MS it is closed with code 4408 and a
 *   reason (the client reconnects and re-reads).
 */

/** What the hub needs of a socket (ws's WebSocket; a test may pass a stand-in). */
export interface LiveSocket {
  readonly bufferedAmount: number;
  readonly readyState: number;
  send(data: Buffer, options: { binary: boolean }): void;
  close(code: number, reason: string): void;
}

export interface LiveDeliveryOptions {
  maxBufferedBytes: number;
  behindGraceMs: number;
  recheckMs: number;
  log: (message: string) => void;
}

const OPEN = 1;
const TEXT = { binary: false } as const;
const sendText = WebSocket.prototype.send;

export class LiveDelivery {
  /** Frames written, and buffers built, since startCounting (the flush's trace). */
  written = 0;
  built = 0;
  /** Sockets the last window went to: the window after it is sized by them (LIVE_WRITES_PER_SECOND). */
  lastReceivers = 0;
  private readonly behind = new Set<Subscriber>();
  private behindTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly members: LiveMembership,
    private readonly lookups: LiveLookups,
    private readonly options: LiveDeliveryOptions,
  ) {}

  startCounting(): void {
    this.written = 0;
    this.built = 0;
  }

  /**
   * Tells each receiver of the window once: at once to channels checked recently, after one
   * session check to those idle for long. The receivers: the members of the groups told
   * something, then those of the portal groups whose staff group was not, then the people named
   * whose groups were not. Returns how many channels were checked first, or null when their
   * sessions could not be checked (they are told nothing; the resync after covers it).
   */
  async deliverWindow(window: AuthorizedWindow): Promise<number | null> {
    const { groups, portals, named, ownOf } = window;
    const now = Date.now();
    const due: Subscriber[] = [];
    const buffers = new Map<string, Buffer>();
    let receivers = 0;
    const visit = (subscriber: Subscriber) => {
      receivers += 1;
      if (subscriber.done) return;
      if (now - subscriber.checkedAt >= this.options.recheckMs * 2) due.push(subscriber);
      else this.deliver(subscriber, ownOf(subscriber), buffers);
    };
    try {
      for (const group of groups) if (group.batch) for (const subscriber of group.members) visit(subscriber);
      for (const group of portals) {
        if (group.batch) for (const subscriber of group.members) if (!subscriber.group.batch) visit(subscriber);
      }
      for (const subscriber of named.keys()) if (!subscriber.group.batch && !subscriber.portal?.batch) visit(subscriber);
      this.lastReceivers = receivers;
      if (due.length > 0) {
        let valid: Set<string>;
        try {
          valid = await this.lookups.liveSessions([...new Set(due.map((subscriber) => subscriber.sessionId))]);
        } catch (error) {
          // The session cannot be checked (the database is away): nothing is told until it can be; the resync after covers it.
          this.options.log(`live: sessions could not be checked: ${(error as Error).message}`);
          return null;
        }
        const checkedAt = Date.now();
        for (const subscriber of due) {
          if (subscriber.done) continue;
          if (!valid.has(subscriber.sessionId)) {
            this.members.end(subscriber);
            continue;
          }
          subscriber.checkedAt = checkedAt;
          this.deliver(subscriber, ownOf(subscriber), buffers);
        }
      }
    } finally {
      // A batch is told once: a group whose delivery was cut short keeps nothing for the next window.
      for (const group of groups) group.batch = null;
      for (const group of portals) group.batch = null;
    }
    return due.length;
  }

  /** Notices went unheard, or the socket fell behind: the channel re-reads everything. */
  deliverResync(subscriber: Subscriber): void {
    if (!subscriber.raw) this.push(subscriber, { type: 'resync' });
    else this.write(subscriber, Buffer.from(`${subscriber.raw.prefix}{"type":"resync"}}}`));
  }

  /** The subscriber left: it is no longer waited on to drain. */
  forget(subscriber: Subscriber): void {
    this.behind.delete(subscriber);
  }

  close(): void {
    if (this.behindTimer) clearInterval(this.behindTimer);
  }

  private deliver(subscriber: Subscriber, own: Batch | null, buffers: Map<string, Buffer>): void {
    this.members.markTold(subscriber);
    const { raw, userId } = subscriber;
    const group = subscriber.group.batch;
    const portal = subscriber.portal?.batch ?? null;
    // The frame depends on the parts, on the subscription's envelope and, only for someone who
    // made one of the changes, on who they are (`mine`). Tabs that share those share one buffer,
    // built once, so the work per tab is a lookup and a write. A staff tab's frame without `mine`
    // is kept on the person's own batch (all their tabs share their group's batch) or, when the
    // group's batch is all there is, on that batch.
    const personal = !!group?.actorSet.has(userId) || !!portal?.actorSet.has(userId) || !!own?.actorSet.has(userId);
    const holder = personal || portal ? null : (own ?? group);
    const kept = raw && holder ? holder.frames.get(raw.prefix) : undefined;
    if (kept) {
      this.write(subscriber, kept);
      return;
    }
    const parts: Batch[] = [];
    if (group) parts.push(group);
    if (portal) parts.push(portal);
    if (own) parts.push(own);
    if (parts.length === 0) return;
    const key = raw && !holder ? `${raw.prefix}\u0000${parts.map((part) => part.serial).join(',')}\u0000${personal ? userId : ''}` : '';
    const built = key ? buffers.get(key) : undefined;
    if (built) {
      this.write(subscriber, built);
      return;
    }
    // One part (the common case): its text as serialised once. Several (the group's, the portal's,
    // the person's own): their items merged back into commit order.
    const merged =
      parts.length === 1
        ? null
        : parts
            .flatMap((part) => part.items.map((item, index) => ({ part, index, order: part.orders[index] ?? 0 })))
            .sort((a, b) => a.order - b.order);
    const mine: number[] = [];
    if (personal && merged) {
      merged.forEach(({ part, index }, position) => {
        if (part.actors[index] === userId) mine.push(position);
      });
    } else if (personal) {
      parts[0]?.actors.forEach((actor, index) => {
        if (actor === userId) mine.push(index);
      });
    }
    if (!raw) {
      const changes = merged ? merged.map(({ part, index }) => part.items[index] as LiveChangeItem) : (parts[0]?.items ?? []);
      this.push(subscriber, { type: 'changes', changes, mine });
      return;
    }
    const body = merged ? merged.map(({ part, index }) => part.itemJson[index]).join(',') : (parts[0]?.json ?? '');
    const buffer = Buffer.from(`${raw.prefix}{"type":"changes","changes":[${body}],"mine":[${mine.join(',')}]}}}`);
    this.built += 1;
    if (holder) holder.frames.set(raw.prefix, buffer);
    else buffers.set(key, buffer);
    this.write(subscriber, buffer);
  }

  /** For a subscription with no socket of its own: its generator yields the frame. */
  private push(subscriber: Subscriber, event: LiveFrame): void {
    subscriber.queue.push(event);
    subscriber.wake?.();
  }

  private write(subscriber: Subscriber, buffer: Buffer): void {
    const socket = subscriber.raw?.socket;
    if (!socket || socket.readyState !== OPEN) return;
    // Behind: nothing more until it drains, then one resync in place of what it missed.
    if (subscriber.behindSince !== null) return;
    if (socket.bufferedAmount > this.options.maxBufferedBytes) {
      subscriber.behindSince = Date.now();
      this.behind.add(subscriber);
      this.behindTimer ??= setInterval(() => this.checkBehind(), 100);
      this.behindTimer.unref();
      return;
    }
    // A text frame, as tRPC's own (the buffer is UTF-8 JSON). A ws socket is written through
    // ws's own send: the SocketGuard's wrapper on the instance (services/sockets.ts) passes
    // buffers through untouched, as it only watches tRPC's own text answers.
    if (socket instanceof WebSocket) sendText.call(socket, buffer, TEXT);
    else socket.send(buffer, TEXT);
    this.written += 1;
  }

  private checkBehind(): void {
    const now = Date.now();
    for (const subscriber of this.behind) {
      const socket = subscriber.raw?.socket;
      if (!socket || socket.readyState !== OPEN || subscriber.done) {
        this.behind.delete(subscriber);
      } else if (socket.bufferedAmount <= this.options.maxBufferedBytes) {
        this.behind.delete(subscriber);
        subscriber.behindSince = null;
        this.deliverResync(subscriber);
      } else if (now - (subscriber.behindSince ?? now) >= this.options.behindGraceMs) {
        this.behind.delete(subscriber);
        socket.close(TOO_SLOW_CLOSE_CODE, 'Live updates fell too far behind; reconnect to re-read');
      }
    }
    if (this.behind.size === 0 && this.behindTimer) {
      clearInterval(this.behindTimer);
      this.behindTimer = null;
    }
  }
}
