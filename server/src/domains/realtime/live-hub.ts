import WebSocket from 'ws';
import type { SessionOutput } from '#shared/schemas/auth.js';
import { LIVE_TABLES, type LiveChangeItem, type LiveFrame } from '#shared/schemas/live.js';
import { isResync, type RealtimeBus, type RealtimeEvent } from '../../services/realtime/bus.js';
import type { LiveLookups } from '../../services/realtime/live-lookups.js';
import { socketGuardOf, TOO_SLOW_CLOSE_CODE, type OpenSubscription } from '../../services/sockets.js';
import { liveAudienceOf, toLiveChange, type LiveAudience } from './live-audience.js';
import { SESSION_RECHECK_MS } from './session-check.js';

/**
 * The live feed of one server instance: every signed-in tab's channel (realtime.changes) is a
 * subscriber here, fed by the instance's one LISTEN connection (services/realtime/bus.ts).
 *
 * - **Batched only when busy.** A notice that comes when no frame left in the last window
 *   (LIVE_WINDOW_MS) leaves at once: right after the notices that reached us in the same read
 *   (setImmediate; PostgreSQL sends a transaction's notices together at commit, so its changes
 *   stay in one frame) plus LIVE_LEAD_MS, 0 by default. Notices that follow closely leave
 *   together at the end of the window that began with the last frame; under sustained traffic the window
 *   widens with the number of sockets told (LIVE_WRITES_PER_SECOND, at most LIVE_MAX_WINDOW_MS),
 *   so a few hundred tabs cost a bounded number of writes a second. Each socket gets at most
 *   one frame per window, holding every change it may hear of, in commit order, one item per row
 *   (table, id). A transaction of several hundred changes may reach us in several reads: its
 *   first read leaves at once, the rest at the window's end (two frames, still in order).
 * - **Authorized per group.** Subscribers with the same audience rule (company, role, master
 *   admin, the tables they read) form a group: each notice is checked once per group, not once
 *   per subscriber. What depends on the person (their messages and notifications, a sales user's
 *   own loads, a document they uploaded) is checked only for the subscribers the notice names.
 *   A driver's group is their driver record (their loads and their own row), a carrier user's
 *   their carrier (its drivers, their loads and the carrier's own); a carrier group asks the
 *   database once per batch which of the rows it names are the carrier's.
 * - **Serialised once.** A group's batch is turned into JSON once; the frame for a socket is that
 *   text inside tRPC's envelope for the socket's subscription, and sockets whose subscription
 *   carries the same id (every tab's channel, in practice) are written the very same buffer.
 * - **Backpressure.** A socket whose unsent data is over LIVE_MAX_BUFFERED_BYTES gets no more
 *   frames: once it has drained it gets one `resync` (re-read everything) instead of what it
 *   missed; still over the bound after LIVE_BEHIND_GRACE_MS it is closed with code 4408 and a
 *   reason (the client reconnects and re-reads).
 * - **Sessions.** A session ended anywhere ends its channels at once (the sessions trigger's
 *   notice). As a safety net for a notice that never came, the sessions of the channels told
 *   something are checked again in the background within SESSION_RECHECK_MS (one query for all
 *   of them, see sweep), and a channel idle for twice that is checked before it is told anything.
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

/** What the hub needs of a socket (ws's WebSocket; a test may pass a stand-in). */
export interface LiveSocket {
  readonly bufferedAmount: number;
  readonly readyState: number;
  send(data: Buffer, options: { binary: boolean }): void;
  close(code: number, reason: string): void;
}

const OPEN = 1;
const TEXT = { binary: false } as const;
const sendText = WebSocket.prototype.send;
/** Epoch milliseconds with fractions (the trace). */
const epochNow = () => performance.timeOrigin + performance.now();
/** The group's stand-in user: matches no owner column, so what depends on the person is left to the per-person check. */
const NO_USER = 'live-group';

/** A batch of changes of one group (or one person), serialised once. */
interface Batch {
  items: LiveChangeItem[];
  actors: (string | null)[];
  /** The users who made a change of it: only their frames differ (`mine`). */
  actorSet: Set<string>;
  /** Each item's place in the window (its first notice), so parts of a frame keep commit order. */
  orders: number[];
  itemJson: string[];
  json: string;
  serial: number;
  /** The frame of this batch alone, for someone who made none of its changes, by subscription envelope (built once). */
  frames: Map<string, Buffer>;
}

interface StaffGroup {
  kind: 'staff';
  key: string;
  companyId: string;
  masterAdmin: boolean;
  audience: LiveAudience;
  members: Set<Subscriber>;
  batch: Batch | null;
  passed: Set<RealtimeEvent>;
}

interface PortalGroup {
  kind: 'driver' | 'carrier';
  key: string;
  companyId: string;
  /** The driver record, or the carrier. */
  ownerId: string;
  members: Set<Subscriber>;
  /** Rows known to be the group's (loads; a carrier's drivers too): told when they stop being theirs. */
  loads: Set<string>;
  drivers: Set<string>;
  ready: Promise<void>;
  stale: boolean;
  batch: Batch | null;
}

interface Subscriber {
  userId: string;
  sessionId: string;
  fingerprint: string;
  audience: LiveAudience;
  group: StaffGroup;
  /** The person (group and user): what depends on the person is decided once per person, whatever their number of tabs. */
  person: string;
  portal: PortalGroup | null;
  /** Frames written to the socket directly, in tRPC's envelope for this subscription. */
  raw: { socket: LiveSocket; prefix: string } | null;
  /** Events for the subscription's generator: everything when there is no socket, else only 'ended'. */
  queue: LiveFrame[];
  wake: (() => void) | null;
  done: boolean;
  checkedAt: number;
  /** Told something since its session was last checked: the background sweep checks it again. */
  toldSinceCheck: boolean;
  behindSince: number | null;
}

export interface LiveSubscription {
  /** What the procedure yields itself: the session's end, and every frame when it has no socket to write to. */
  events: AsyncIterable<LiveFrame>;
  close(): void;
}

const isLiveTable = (table: string) => (LIVE_TABLES as readonly string[]).includes(table);
const text = (value: unknown) => (typeof value === 'string' ? value : null);

export class LiveHub {
  private readonly options: LiveHubOptions;
  private readonly subscribers = new Set<Subscriber>();
  private readonly byFingerprint = new Map<string, Set<Subscriber>>();
  private readonly byUser = new Map<string, Set<Subscriber>>();
  private readonly staffGroups = new Map<string, StaffGroup>();
  private readonly staffByCompany = new Map<string, Set<StaffGroup>>();
  private readonly masterGroups = new Set<StaffGroup>();
  private readonly portalGroups = new Map<string, PortalGroup>();
  private readonly portalByCompany = new Map<string, Set<PortalGroup>>();
  private readonly behind = new Set<Subscriber>();
  /** Channels told something since their session was last checked: what the sweep looks at. */
  private readonly told = new Set<Subscriber>();
  private behindTimer: NodeJS.Timeout | null = null;
  private sweepTimer: NodeJS.Timeout | null = null;
  private sweeping = false;
  private pending: RealtimeEvent[] = [];
  private pendingSince = 0;
  /** Frames written, and buffers built, during the flush in progress (the trace). */
  private written = 0;
  private built = 0;
  /** The place of each notice of the batch being flushed. */
  private order = new Map<RealtimeEvent, number>();
  /** Cancels the flush that is scheduled, if any. */
  private timer: (() => void) | null = null;
  private lastFlushAt = 0;
  /** Sockets the last batch went to: the window after it is sized by them (LIVE_WRITES_PER_SECOND). */
  private lastReceivers = 0;
  private serial = 0;
  /** Flushes run one after another, so frames keep their order. */
  private flushing: Promise<void> = Promise.resolve();
  private readonly stopListening: () => void;

  constructor(
    bus: RealtimeBus,
    private readonly lookups: LiveLookups,
    options: Partial<LiveHubOptions> = {},
  ) {
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
    this.stopListening = bus.onEvent((event) => this.onEvent(event));
  }

  /** Subscribers now listening (tests, benchmarks). */
  get size(): number {
    return this.subscribers.size;
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
    const { session } = input;
    const audience = liveAudienceOf(session);
    const group = this.staffGroupFor(session, audience);
    let portal: PortalGroup | null = null;
    // Someone who does not read loads (a driver, a carrier user) hears of their own records through their driver record.
    if (!audience.loads) {
      const own = await this.lookups.ownDriver(session.company.id, session.user.id);
      if (own) portal = this.portalGroupFor(session, own);
    }
    if (portal) await portal.ready;
    const claimed =
      input.envelope ?? (input.socket && 'on' in input.socket ? socketGuardOf(input.socket)?.claimSubscription('realtime.changes') : null);
    const subscriber: Subscriber = {
      userId: session.user.id,
      sessionId: input.sessionId,
      fingerprint: input.fingerprint,
      audience,
      group,
      person: `${group.key}\u0000${session.user.id}`,
      portal,
      raw:
        claimed && input.socket
          ? {
              socket: input.socket,
              prefix: `{"id":${JSON.stringify(claimed.id)},${claimed.jsonrpc === undefined ? '' : `"jsonrpc":${JSON.stringify(claimed.jsonrpc)},`}"result":{"type":"data","data":`,
            }
          : null,
      queue: [],
      wake: null,
      done: false,
      checkedAt: Date.now(),
      toldSinceCheck: false,
      behindSince: null,
    };
    this.add(subscriber);
    const close = () => {
      subscriber.done = true;
      subscriber.wake?.();
      this.remove(subscriber);
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
    if (this.behindTimer) clearInterval(this.behindTimer);
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    for (const subscriber of [...this.subscribers]) this.end(subscriber);
  }

  // --- membership ---------------------------------------------------------------------------

  private staffGroupFor(session: SessionOutput, audience: LiveAudience): StaffGroup {
    const tables = Object.keys(audience).join(',');
    const key = `${session.company.id}|${session.role ?? ''}|${session.isMasterAdmin ? 'master' : ''}|${tables}`;
    let group = this.staffGroups.get(key);
    if (!group) {
      const stand = { ...session, user: { ...session.user, id: NO_USER } };
      group = {
        kind: 'staff',
        key,
        companyId: session.company.id,
        masterAdmin: session.isMasterAdmin,
        audience: liveAudienceOf(stand),
        members: new Set(),
        batch: null,
        passed: new Set(),
      };
      this.staffGroups.set(key, group);
      indexAdd(this.staffByCompany, group.companyId, group);
      if (group.masterAdmin) this.masterGroups.add(group);
    }
    return group;
  }

  private portalGroupFor(session: SessionOutput, own: { id: string; carrierId: string | null }): PortalGroup {
    const kind = own.carrierId ? 'carrier' : 'driver';
    const ownerId = own.carrierId ?? own.id;
    const key = `${session.company.id}|${kind}|${ownerId}`;
    let group = this.portalGroups.get(key);
    if (!group) {
      const created: PortalGroup = {
        kind,
        key,
        companyId: session.company.id,
        ownerId,
        members: new Set(),
        loads: new Set(),
        drivers: new Set(),
        ready: Promise.resolve(),
        stale: true,
        batch: null,
      };
      created.ready = this.reload(created, session.user.id);
      this.portalGroups.set(key, created);
      indexAdd(this.portalByCompany, created.companyId, created);
      group = created;
    }
    return group;
  }

  /** Reads which rows are the group's now (at its start and after a resync). */
  private async reload(group: PortalGroup, userId: string): Promise<void> {
    group.stale = false;
    try {
      if (group.kind === 'driver') {
        group.loads = new Set(await this.lookups.driverLoads(group.companyId, userId, group.ownerId));
      } else {
        const rows = await this.lookups.carrierRows(group.companyId, userId, group.ownerId, null);
        group.loads = rows.loads;
        group.drivers = rows.drivers;
      }
    } catch (error) {
      group.stale = true;
      this.options.log(`live: could not read the rows of ${group.kind} ${group.ownerId}: ${(error as Error).message}`);
    }
  }

  private add(subscriber: Subscriber): void {
    this.subscribers.add(subscriber);
    indexAdd(this.byFingerprint, subscriber.fingerprint, subscriber);
    indexAdd(this.byUser, subscriber.userId, subscriber);
    subscriber.group.members.add(subscriber);
    subscriber.portal?.members.add(subscriber);
    this.sweepTimer ??= setInterval(() => void this.sweep(), this.options.recheckMs / 2);
    this.sweepTimer.unref();
  }

  /**
   * In the background, every half of SESSION_RECHECK_MS: the sessions of the channels told
   * something since their last check, in one query. A channel whose session is gone is ended,
   * so one that stays busy is never held up by the check; one that was idle long is checked
   * before it is told anything (flush).
   */
  private async sweep(): Promise<void> {
    if (this.sweeping) return;
    if (this.subscribers.size === 0) {
      if (this.sweepTimer) clearInterval(this.sweepTimer);
      this.sweepTimer = null;
      return;
    }
    const now = Date.now();
    const chosen: Subscriber[] = [];
    for (const subscriber of this.told) if (now - subscriber.checkedAt >= this.options.recheckMs / 2) chosen.push(subscriber);
    if (chosen.length === 0) return;
    this.sweeping = true;
    try {
      const valid = await this.lookups.liveSessions([...new Set(chosen.map((subscriber) => subscriber.sessionId))]);
      for (const subscriber of chosen) {
        if (!valid.has(subscriber.sessionId)) this.end(subscriber);
        else if (subscriber.checkedAt <= now) {
          subscriber.checkedAt = now;
          subscriber.toldSinceCheck = false;
          this.told.delete(subscriber);
        }
      }
    } catch (error) {
      this.options.log(`live: sessions could not be checked: ${(error as Error).message}`);
    } finally {
      this.sweeping = false;
    }
  }

  private remove(subscriber: Subscriber): void {
    if (!this.subscribers.delete(subscriber)) return;
    indexDelete(this.byFingerprint, subscriber.fingerprint, subscriber);
    indexDelete(this.byUser, subscriber.userId, subscriber);
    this.behind.delete(subscriber);
    this.told.delete(subscriber);
    const { group, portal } = subscriber;
    group.members.delete(subscriber);
    if (group.members.size === 0) {
      this.staffGroups.delete(group.key);
      indexDelete(this.staffByCompany, group.companyId, group);
      this.masterGroups.delete(group);
    }
    if (portal) {
      portal.members.delete(subscriber);
      if (portal.members.size === 0) {
        this.portalGroups.delete(portal.key);
        indexDelete(this.portalByCompany, portal.companyId, portal);
      }
    }
  }

  /** Tells the channel its session ended; its procedure says so and stops. */
  private end(subscriber: Subscriber): void {
    if (subscriber.done) return;
    subscriber.queue.push({ type: 'session', state: 'ended' });
    subscriber.done = true;
    subscriber.wake?.();
    this.remove(subscriber);
  }

  // --- events -------------------------------------------------------------------------------

  private onEvent(event: RealtimeEvent): void {
    if (isResync(event)) {
      // Notices went unheard: every channel re-reads everything, every session is checked again
      // before its next frame, and the portal groups read their rows again.
      for (const group of this.portalGroups.values()) group.stale = true;
      for (const subscriber of this.subscribers) {
        subscriber.checkedAt = 0;
        this.deliverResync(subscriber);
      }
      return;
    }
    if (event.table === 'sessions' && event.op === 'DELETE' && typeof event.session === 'string') {
      for (const subscriber of [...(this.byFingerprint.get(event.session) ?? [])]) this.end(subscriber);
      return;
    }
    if (!isLiveTable(event.table) || this.subscribers.size === 0) return;
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
    const paced = (this.lastReceivers * 1000) / writesPerSecond;
    return Math.max(windowMs, Math.min(maxWindowMs, paced));
  }

  private async flush(): Promise<void> {
    const events = this.pending;
    this.pending = [];
    this.order = new Map(events.map((event, index) => [event, index]));
    this.lastFlushAt = Date.now();
    if (events.length === 0) return;
    const startedAt = epochNow();
    this.written = 0;
    this.built = 0;
    const byCompany = new Map<string, RealtimeEvent[]>();
    for (const event of events) {
      if (typeof event.companyId === 'string') indexPush(byCompany, event.companyId, event);
    }

    // 1. Once per staff group: the changes its rule lets everyone of it hear of.
    const groups = new Set<StaffGroup>(this.masterGroups);
    for (const companyId of byCompany.keys()) for (const group of this.staffByCompany.get(companyId) ?? []) groups.add(group);
    for (const group of groups) {
      group.passed = new Set();
      const chosen: RealtimeEvent[] = [];
      for (const event of group.masterAdmin ? events : (byCompany.get(group.companyId) ?? [])) {
        if (toLiveChange(group.audience, NO_USER, event)) {
          chosen.push(event);
          group.passed.add(event);
        }
      }
      group.batch = this.batchOf(chosen);
    }

    // 2. What depends on the person: only for the people a notice names, when their group did not
    //    pass it; decided once per person (user and group), whatever their number of tabs.
    const named = new Map<Subscriber, string>();
    const decided = new Map<string, Map<RealtimeEvent, boolean>>();
    const personal = new Map<string, RealtimeEvent[]>();
    for (const event of events) {
      for (const [field, value] of Object.entries(event)) {
        if (field === 'id' || field === 'companyId' || field === 'actorId' || typeof value !== 'string') continue;
        for (const subscriber of this.byUser.get(value) ?? []) {
          if (subscriber.group.passed.has(event)) continue;
          const { person } = subscriber;
          let seen = decided.get(person);
          if (!seen) {
            seen = new Map();
            decided.set(person, seen);
          }
          let told = seen.get(event);
          if (told === undefined) {
            told = toLiveChange(subscriber.audience, subscriber.userId, event) !== null;
            seen.set(event, told);
            // Events are walked in commit order, so each person's list is in commit order.
            if (told) indexPush(personal, person, event);
          }
          if (told) named.set(subscriber, person);
        }
      }
    }
    const ownBatches = new Map<string, Batch | null>();
    for (const [person, chosen] of personal) ownBatches.set(person, this.batchOf(chosen));
    const ownOf = (subscriber: Subscriber) => {
      const person = named.get(subscriber);
      return person === undefined ? null : (ownBatches.get(person) ?? null);
    };

    // 3. Drivers and carrier users: their own records.
    const portals: PortalGroup[] = [];
    for (const companyId of byCompany.keys()) for (const group of this.portalByCompany.get(companyId) ?? []) portals.push(group);
    await Promise.all(portals.map((group) => this.portalBatch(group, byCompany.get(group.companyId) ?? [])));

    // 4. Deliver: at once to channels checked recently (the sweep keeps busy ones so), after one
    //    session check to those idle for long.
    //    Each receiver once: the members of the groups told something, then those of the portal
    //    groups whose staff group was not, then the people named whose groups were not.
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
          return;
        }
        const checkedAt = Date.now();
        for (const subscriber of due) {
          if (subscriber.done) continue;
          if (!valid.has(subscriber.sessionId)) {
            this.end(subscriber);
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
    this.options.onFlush?.({
      events: events.length,
      firstNoticeAt: this.pendingSince,
      startedAt,
      writtenAt: epochNow(),
      frames: this.written,
      buffers: this.built,
      checkedFirst: due.length,
    });
  }

  /** A driver's loads (assigned to them now, or until this batch) and own row; a carrier's drivers, their loads and the carrier. */
  private async portalBatch(group: PortalGroup, events: RealtimeEvent[]): Promise<void> {
    group.batch = null;
    const relevant = events.filter((event) => event.table === 'loads' || event.table === 'drivers' || event.table === 'carriers');
    if (relevant.length === 0) return;
    const anyMember = group.members.values().next().value;
    if (!anyMember) return;
    if (group.stale) await this.reload(group, anyMember.userId);
    const chosen: RealtimeEvent[] = [];
    if (group.kind === 'driver') {
      for (const event of relevant) {
        const id = String(event.id);
        if (event.table === 'drivers' && id === group.ownerId) chosen.push(event);
        if (event.table !== 'loads') continue;
        const theirs = event.op !== 'DELETE' && event.driverId === group.ownerId;
        if (theirs || group.loads.has(id)) chosen.push(event);
        if (theirs) group.loads.add(id);
        else group.loads.delete(id);
      }
    } else {
      const ids = [
        ...new Set(relevant.filter((event) => event.table !== 'carriers' && event.op !== 'DELETE').map((event) => String(event.id))),
      ];
      let now: { drivers: Set<string>; loads: Set<string> } = { drivers: new Set(), loads: new Set() };
      if (ids.length > 0) {
        try {
          now = await this.lookups.carrierRows(group.companyId, anyMember.userId, group.ownerId, ids);
        } catch (error) {
          this.options.log(`live: could not read the rows of carrier ${group.ownerId}: ${(error as Error).message}`);
          group.stale = true;
        }
      }
      for (const event of relevant) {
        const id = String(event.id);
        if (event.table === 'carriers') {
          if (id === group.ownerId) chosen.push(event);
          continue;
        }
        const known = event.table === 'loads' ? group.loads : group.drivers;
        const theirs = (event.table === 'loads' ? now.loads : now.drivers).has(id);
        if (theirs || known.has(id)) chosen.push(event);
        if (theirs) known.add(id);
        else known.delete(id);
      }
    }
    group.batch = this.batchOf(chosen);
  }

  /** The notices as one item per row, in order of first appearance, serialised once. */
  private batchOf(events: RealtimeEvent[]): Batch | null {
    if (events.length === 0) return null;
    const rows = new Map<string, { item: LiveChangeItem; actor: string | null; order: number }>();
    for (const event of events) {
      const op = event.op as LiveChangeItem['op'];
      const key = `${event.table}:${String(event.id)}`;
      const actor = text(event.actorId);
      const seen = rows.get(key);
      if (!seen) {
        rows.set(key, {
          item: {
            table: event.table as LiveChangeItem['table'],
            op,
            id: String(event.id),
            status: text(event.status),
            previousStatus: text(event.oldStatus),
          },
          actor,
          order: this.order.get(event) ?? 0,
        });
        continue;
      }
      // A row changed again in the same window: the op that sums it up, its latest status, the status before the first change.
      seen.item.op = op === 'DELETE' ? 'DELETE' : seen.item.op === 'INSERT' ? 'INSERT' : op;
      seen.item.status = text(event.status);
      if (seen.item.op === 'INSERT') seen.item.previousStatus = null;
      if (seen.actor !== actor) seen.actor = null;
    }
    const items = [...rows.values()].map((row) => row.item);
    const itemJson = items.map((item) => JSON.stringify(item));
    return {
      items,
      actors: [...rows.values()].map((row) => row.actor),
      actorSet: new Set([...rows.values()].flatMap((row) => (row.actor === null ? [] : [row.actor]))),
      orders: [...rows.values()].map((row) => row.order),
      itemJson,
      json: itemJson.join(','),
      serial: ++this.serial,
      frames: new Map(),
    };
  }

  // --- delivery -----------------------------------------------------------------------------

  private deliver(subscriber: Subscriber, own: Batch | null, buffers: Map<string, Buffer>): void {
    if (!subscriber.toldSinceCheck) {
      subscriber.toldSinceCheck = true;
      this.told.add(subscriber);
    }
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

  private deliverResync(subscriber: Subscriber): void {
    if (!subscriber.raw) this.push(subscriber, { type: 'resync' });
    else this.write(subscriber, Buffer.from(`${subscriber.raw.prefix}{"type":"resync"}}}`));
  }

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

function indexAdd<K, V>(index: Map<K, Set<V>>, key: K, value: V): void {
  let set = index.get(key);
  if (!set) {
    set = new Set();
    index.set(key, set);
  }
  set.add(value);
}

function indexDelete<K, V>(index: Map<K, Set<V>>, key: K, value: V): void {
  const set = index.get(key);
  if (!set) return;
  set.delete(value);
  if (set.size === 0) index.delete(key);
}

function indexPush<K, V>(index: Map<K, V[]>, key: K, value: V): void {
  const list = index.get(key);
  if (list) list.push(value);
  else index.set(key, [value]);
}
