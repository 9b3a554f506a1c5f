import type { Access, Domain } from '#shared/permissions.js';
import type { SessionOutput } from '#shared/schemas/auth.js';
import type { RealtimeBus, RealtimeEvent, SessionRevokedNotice } from '../services/realtime/bus.js';

/**
 * Domains whose writes cannot change what a session says (its user's name and address, its
 * company's name and status, its role, master-admin flag, portal and verification): their
 * mutations keep the cache. Every other write, public ones included, drops as before (safe by
 * default: a domain not listed here drops). Under `make soak` every load write (80 a second)
 * dropped the company's sessions here and on every instance, and a fifth of the calls read their
 * session again (four statements each) plus a notice round trip per write.
 */
export const SESSION_NEUTRAL_DOMAINS: ReadonlySet<Domain> = new Set<Domain>([
  'loads',
  'brokers',
  'trucks',
  'trailers',
  'documents',
  'invoices',
  'settlements',
  'messages',
  'trackingLinks',
  'ifta',
  'wip',
]);

/** Whether a write call with this access may change sessions (and so must drop them from the caches). */
export const writeMayChangeSessions = (access: Access): boolean => 'public' in access || !SESSION_NEUTRAL_DOMAINS.has(access.domain);

/** How long a resolved session is trusted without reading it again (revocations reach it at once regardless). */
export const SESSION_CACHE_MS = 5_000;
/** Past this many cached sessions the cache starts over (a bound on memory, not a tuning knob). */
const MAX_ENTRIES = 20_000;

interface Entry {
  session: SessionOutput;
  fingerprint: string;
  /** Date.now() past which the entry is read again: the cache lifetime, or the session's own end if sooner. */
  until: number;
}

/**
 * Who a session cookie belongs to, kept for a few seconds per instance, so a call costs no
 * session round trips while its session is warm (issue 16). Revocation stays immediate:
 * - a session ended anywhere (sign-out, revoke, suspension, password change, expiry) deletes its
 *   row, whose trigger tells every instance's bus: the entry goes on the notice;
 * - every write call (tRPC mutation) outside SESSION_NEUTRAL_DOMAINS drops, on this instance
 *   before it is answered, what it may have changed (its company's sessions; everything for a master admin's or a visitor's write),
 *   and sends a "session revoked" notice that does the same on every other instance
 *   (a role change, a suspension, a profile edit: notices, not the cache lifetime, bound them);
 * - while the bus is not listening (a database restart), nothing is cached and a resync empties it.
 * A fill that started before a revocation is not stored (generation count).
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** Reads in progress, by cookie value, with the generation they started in (readOnce). */
  private readonly reading = new Map<string, { mark: number; result: Promise<unknown> }>();
  private generation = 0;
  private readonly stop: (() => void)[] = [];

  constructor(
    private readonly bus: RealtimeBus,
    private readonly ttlMs = SESSION_CACHE_MS,
    private readonly now: () => number = Date.now,
  ) {
    this.stop.push(bus.onEvent((event) => this.onEvent(event)));
    this.stop.push(bus.onSessionsRevoked((notice) => this.drop(notice)));
  }

  /** The cached session of this cookie value, or undefined when it must be read. */
  get(sessionId: string): SessionOutput | undefined {
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    if (entry.until <= this.now() || this.bus.listenerPid() === null) {
      this.entries.delete(sessionId);
      return undefined;
    }
    return entry.session;
  }

  /** Marks the start of a read: pass the mark to set(), which stores nothing if a revocation came in between. */
  mark(): number {
    return this.generation;
  }

  set(mark: number, sessionId: string, fingerprint: string, session: SessionOutput, sessionEndsAt: number | null): void {
    if (mark !== this.generation || this.bus.listenerPid() === null) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    const until = Math.min(this.now() + this.ttlMs, sessionEndsAt ?? Number.POSITIVE_INFINITY);
    this.entries.set(sessionId, { session, fingerprint, until });
  }

  /**
   * One read of a session however many ask for it at the same time (single flight): a tab
   * opening several sockets, every channel of an instance opening at once after a restart. A
   * caller joins a read in progress only while the bus listens and no revocation came since that
   * read started (the rule set() keeps); otherwise it reads again itself. `read` gets the mark to
   * pass to set().
   */
  readOnce<T>(sessionId: string, read: (mark: number) => Promise<T>): Promise<T> {
    const mark = this.generation;
    const running = this.reading.get(sessionId);
    if (running && running.mark === mark && this.bus.listenerPid() !== null) return running.result as Promise<T>;
    const result = Promise.resolve().then(() => read(mark));
    const entry = { mark, result };
    this.reading.set(sessionId, entry);
    const forget = () => {
      if (this.reading.get(sessionId) === entry) this.reading.delete(sessionId);
    };
    result.then(forget, forget);
    return result;
  }

  /** Drops what a notice names, on this instance only. */
  drop(notice: SessionRevokedNotice & { fingerprint?: string }): void {
    this.generation += 1;
    if (notice.all) {
      this.entries.clear();
      return;
    }
    for (const [key, entry] of this.entries) {
      if (
        (notice.companyId !== undefined && entry.session.company.id === notice.companyId) ||
        (notice.userId !== undefined && entry.session.user.id === notice.userId) ||
        (notice.fingerprint !== undefined && entry.fingerprint === notice.fingerprint)
      ) {
        this.entries.delete(key);
      }
    }
  }

  /**
   * After a write call: drops here what it may have changed, then tells every other instance.
   * A notice that cannot be sent (the bus is reconnecting) leaves the others to the cache lifetime
   * and their own resync; the write itself stands.
   */
  async afterWrite(session: SessionOutput | null): Promise<void> {
    const notice: SessionRevokedNotice = session && !session.isMasterAdmin ? { companyId: session.company.id } : { all: true };
    this.drop(notice);
    await this.bus.revokeSessions(notice).catch(() => {});
  }

  close(): void {
    for (const stop of this.stop) stop();
    this.entries.clear();
  }

  private onEvent(event: RealtimeEvent): void {
    if (event.op === 'RESYNC') this.drop({ all: true });
    else if (event.table === 'sessions' && event.op === 'DELETE' && typeof event.session === 'string') {
      this.drop({ fingerprint: event.session });
    }
  }
}

const caches = new WeakMap<RealtimeBus, SessionCache>();

/** The one cache of an instance (one per bus, so two instances in one process keep two). */
export function sessionCacheOf(bus: RealtimeBus): SessionCache {
  let cache = caches.get(bus);
  if (!cache) {
    cache = new SessionCache(bus);
    caches.set(bus, cache);
  }
  return cache;
}
