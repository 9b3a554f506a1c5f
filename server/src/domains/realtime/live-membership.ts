import type WebSocket from 'ws';
import type { SessionOutput } from '#shared/schemas/auth.js';
import type { LiveFrame } from '#shared/schemas/live.js';
import type { RealtimeEvent } from '../../services/realtime/bus.js';
import type { LiveLookups, PortalOwner } from './live-lookups.js';
import { socketGuardOf, type OpenSubscription } from '../../services/sockets.js';
import { liveAudienceOf, type LiveAudience } from './live-audience.js';
import type { Batch } from './live-batching.js';
import type { LiveSocket } from './live-delivery.js';

/**
 * Who listens to the live feed (live-hub.ts), and in which groups.
 *
 * - **Groups.** Subscribers with the same audience rule (company, role, master admin, the tables
 *   they read) form a staff group, so a notice is authorized once per group (live-batching.ts).
 *   A driver or carrier user is also in a portal group: a driver's driver record, a carrier
 *   user's carrier (carrier_users; a driver whose record has a carrier is still a driver), with
 *   the rows known to be its own.
 * - **Sessions.** A session ended anywhere ends its channels at once (the sessions trigger's
 *   notice, see end). As a safety net for a notice that never came, the sessions of the channels
 *   told something are checked again in the background within SESSION_RECHECK_MS (one query for
 *   all of them, see sweep); a channel idle for twice that is checked before it is told anything
 *   (live-delivery.ts).
 */

export interface StaffGroup {
  kind: 'staff';
  key: string;
  companyId: string;
  masterAdmin: boolean;
  audience: LiveAudience;
  members: Set<Subscriber>;
  batch: Batch | null;
  /** The notices of this window its rule passed: the per-person check skips them. */
  passed: Set<RealtimeEvent>;
}

export interface PortalGroup {
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

export interface Subscriber {
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

export interface JoinInput {
  session: SessionOutput;
  sessionId: string;
  fingerprint: string;
  socket: WebSocket | LiveSocket | null;
  /** The subscription's envelope when the socket has no guard to claim it from (tests, benchmarks). */
  envelope?: OpenSubscription;
}

/** The group's stand-in user: matches no owner column, so what depends on the person is left to the per-person check. */
export const NO_USER = 'live-group';

export class LiveMembership {
  readonly subscribers = new Set<Subscriber>();
  /** Subscribers by session fingerprint (a session's end) and by user (what names them). */
  readonly byFingerprint = new Map<string, Set<Subscriber>>();
  readonly byUser = new Map<string, Set<Subscriber>>();
  readonly staffByCompany = new Map<string, Set<StaffGroup>>();
  readonly masterGroups = new Set<StaffGroup>();
  readonly portalGroups = new Map<string, PortalGroup>();
  readonly portalByCompany = new Map<string, Set<PortalGroup>>();
  private readonly staffGroups = new Map<string, StaffGroup>();
  /** Channels told something since their session was last checked: what the sweep looks at. */
  private readonly told = new Set<Subscriber>();
  private sweepTimer: NodeJS.Timeout | null = null;
  private sweeping = false;

  constructor(
    private readonly lookups: LiveLookups,
    private readonly options: { recheckMs: number; log: (message: string) => void },
    /** Told when a subscriber leaves, so the other parts forget it too. */
    private readonly onLeave: (subscriber: Subscriber) => void,
  ) {}

  /** A new subscriber of the session, in its groups (a portal group's rows read first, if new). */
  async join(input: JoinInput): Promise<Subscriber> {
    const { session } = input;
    const audience = liveAudienceOf(session);
    const group = this.staffGroupFor(session, audience);
    let portal: PortalGroup | null = null;
    // Someone who does not read loads hears of their own records: a driver through their driver record,
    // a carrier user through their carrier (never a driver through the carrier their record names).
    if (!audience.loads) {
      const owner = await this.lookups.portalOf(session.company.id, session.user.id);
      if (owner) portal = this.portalGroupFor(session, owner);
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
    return subscriber;
  }

  /** The subscriber was told something: the background sweep checks its session again. */
  markTold(subscriber: Subscriber): void {
    if (subscriber.toldSinceCheck) return;
    subscriber.toldSinceCheck = true;
    this.told.add(subscriber);
  }

  /** Tells the channel its session ended; its procedure says so and stops. */
  end(subscriber: Subscriber): void {
    if (subscriber.done) return;
    subscriber.queue.push({ type: 'session', state: 'ended' });
    subscriber.done = true;
    subscriber.wake?.();
    this.remove(subscriber);
  }

  remove(subscriber: Subscriber): void {
    if (!this.subscribers.delete(subscriber)) return;
    indexDelete(this.byFingerprint, subscriber.fingerprint, subscriber);
    indexDelete(this.byUser, subscriber.userId, subscriber);
    this.onLeave(subscriber);
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

  /** Reads which rows are the group's now (at its start and after a resync). */
  async reload(group: PortalGroup, userId: string): Promise<void> {
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

  /** Stops the sweep and ends every channel. */
  close(): void {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    for (const subscriber of [...this.subscribers]) this.end(subscriber);
  }

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

  private portalGroupFor(session: SessionOutput, owner: PortalOwner): PortalGroup {
    const { kind, id: ownerId } = owner;
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
   * before it is told anything (live-delivery.ts).
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
