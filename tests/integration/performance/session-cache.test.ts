import { describe, expect, it } from 'vitest';
import type { SessionOutput } from '#shared/schemas/auth.js';
import type { RealtimeBus, RealtimeEvent, SessionRevokedNotice } from '../../../server/src/services/realtime/bus.js';
import { SESSION_NEUTRAL_DOMAINS, SessionCache, writeMayChangeSessions } from '../../../server/src/trpc/session-cache.js';

/** A bus in memory: what the cache hears, and whether it is listening. */
function fakeBus() {
  const events = new Set<(event: RealtimeEvent) => void>();
  const notices = new Set<(notice: SessionRevokedNotice) => void>();
  const sent: SessionRevokedNotice[] = [];
  let pid: number | null = 1;
  const bus = {
    events: () => (async function* () {})(),
    onEvent: (listener: (event: RealtimeEvent) => void) => (events.add(listener), () => void events.delete(listener)),
    onSessionsRevoked: (listener: (notice: SessionRevokedNotice) => void) => (notices.add(listener), () => void notices.delete(listener)),
    revokeSessions: async (notice: SessionRevokedNotice) => {
      sent.push(notice);
    },
    listenerPid: () => pid,
    close: async () => {},
  } satisfies RealtimeBus;
  return {
    bus,
    sent,
    event: (event: RealtimeEvent) => events.forEach((listener) => listener(event)),
    notice: (notice: SessionRevokedNotice) => notices.forEach((listener) => listener(notice)),
    setListening: (listening: boolean) => (pid = listening ? 1 : null),
  };
}

const session = (userId: string, companyId: string, isMasterAdmin = false): SessionOutput =>
  ({
    user: { id: userId, email: `${userId}@example.test`, firstName: 'A', lastName: 'B' },
    company: { id: companyId, name: 'C', subscriptionStatus: 'active' },
    role: 'dispatcher',
    isMasterAdmin,
    portal: null,
    emailVerified: true,
  }) as SessionOutput;

describe('the session cache', () => {
  it('keeps a session for its lifetime, never past the session’s own end', () => {
    let now = 1_000;
    const { bus } = fakeBus();
    const cache = new SessionCache(bus, 5_000, () => now);
    cache.set(cache.mark(), 's1', 'f1', session('u1', 'c1'), null);
    cache.set(cache.mark(), 's2', 'f2', session('u2', 'c1'), now + 1_000);
    expect(cache.get('s1')?.user.id).toBe('u1');
    now += 1_500;
    expect(cache.get('s2')).toBeUndefined();
    expect(cache.get('s1')?.user.id).toBe('u1');
    now += 4_000;
    expect(cache.get('s1')).toBeUndefined();
  });

  it("drops on a session's end, a company's or a user's notice, a resync; a fill begun before a drop is not kept", () => {
    const fake = fakeBus();
    const cache = new SessionCache(fake.bus);
    const fill = () => {
      cache.set(cache.mark(), 's1', 'f1', session('u1', 'c1'), null);
      cache.set(cache.mark(), 's2', 'f2', session('u2', 'c2'), null);
    };
    fill();
    fake.event({ table: 'sessions', op: 'DELETE', session: 'f1' });
    expect(cache.get('s1')).toBeUndefined();
    expect(cache.get('s2')).toBeDefined();
    fill();
    fake.notice({ companyId: 'c2' });
    expect(cache.get('s1')).toBeDefined();
    expect(cache.get('s2')).toBeUndefined();
    fill();
    fake.notice({ userId: 'u1' });
    expect(cache.get('s1')).toBeUndefined();
    fill();
    fake.event({ table: '*', op: 'RESYNC' });
    expect(cache.get('s1')).toBeUndefined();
    expect(cache.get('s2')).toBeUndefined();

    const mark = cache.mark();
    fake.notice({ companyId: 'elsewhere' });
    cache.set(mark, 's1', 'f1', session('u1', 'c1'), null);
    expect(cache.get('s1')).toBeUndefined();
  });

  it('caches nothing while the bus is not listening', () => {
    const fake = fakeBus();
    const cache = new SessionCache(fake.bus);
    cache.set(cache.mark(), 's1', 'f1', session('u1', 'c1'), null);
    fake.setListening(false);
    expect(cache.get('s1')).toBeUndefined();
    cache.set(cache.mark(), 's1', 'f1', session('u1', 'c1'), null);
    fake.setListening(true);
    expect(cache.get('s1')).toBeUndefined();
  });

  it("a write drops its company's sessions here and tells the other instances; a master admin's or a visitor's, all", async () => {
    const fake = fakeBus();
    const cache = new SessionCache(fake.bus);
    cache.set(cache.mark(), 's1', 'f1', session('u1', 'c1'), null);
    cache.set(cache.mark(), 's2', 'f2', session('u2', 'c2'), null);
    await cache.afterWrite(session('u1', 'c1'));
    expect(cache.get('s1')).toBeUndefined();
    expect(cache.get('s2')).toBeDefined();
    await cache.afterWrite(session('admin', 'c1', true));
    expect(cache.get('s2')).toBeUndefined();
    await cache.afterWrite(null);
    expect(fake.sent).toEqual([{ companyId: 'c1' }, { all: true }, { all: true }]);
  });

  it('keeps sessions over writes that cannot change one (loads, brokers, ...); every other write, public ones too, drops', () => {
    expect(writeMayChangeSessions({ domain: 'loads', action: 'write' })).toBe(false);
    expect(writeMayChangeSessions({ domain: 'brokers', action: 'delete' })).toBe(false);
    // What a session says (names, company, role, portal, verification) is written by these.
    for (const access of [
      { domain: 'team', action: 'write' },
      { domain: 'companySettings', action: 'write' },
      { domain: 'drivers', action: 'write' },
      { domain: 'carriers', action: 'invite' },
      { domain: 'self', action: 'profile' },
      { domain: 'platform', action: 'write' },
      { domain: 'portal', action: 'write' },
      { domain: 'imports', action: 'run' },
    ] as const)
      expect(writeMayChangeSessions(access as never), access.domain).toBe(true);
    expect(writeMayChangeSessions({ public: 'a password' })).toBe(true);
    expect([...SESSION_NEUTRAL_DOMAINS]).not.toContain('team');
  });
});
