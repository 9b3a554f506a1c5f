import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { FastifyInstance } from 'fastify';
import type { SessionOutput } from '#shared/schemas/auth.js';
import type { LiveFrame } from '#shared/schemas/live.js';
import { SESSION_COOKIE } from '../../server/src/services/lucia.js';
import { LiveHub, type LiveSocket } from '../../server/src/domains/realtime/live-hub.js';
import type { RealtimeBus, RealtimeEvent, SessionRevokedNotice } from '../../server/src/services/realtime/bus.js';
import type { LiveLookups } from '../../server/src/domains/realtime/live-lookups.js';
import type { StartedServices } from '../../server/src/create-services.js';
import { SessionCache } from '../../server/src/trpc/session-cache.js';
import { createLoad, createTestCompany, type TestUser } from '../support/factories.js';
import { listen, sessionFor, startTestServices } from '../support/harness.js';

/**
 * Opening many live channels at once, and a change's way out (issue 16's fan-out): a socket
 * that opens reads its session once per session, not once per socket (single flight, then the
 * session cache), and the live hub sends a change that comes after a quiet spell at once,
 * batching only changes that follow each other closely.
 */

/** A bus in memory: the hub and the cache hear what the test emits. */
function fakeBus() {
  const listeners = new Set<(event: RealtimeEvent) => void>();
  let pid: number | null = 1;
  const bus = {
    events: () => (async function* () {})(),
    onEvent: (listener: (event: RealtimeEvent) => void) => (listeners.add(listener), () => void listeners.delete(listener)),
    onSessionsRevoked: (_listener: (notice: SessionRevokedNotice) => void) => () => {},
    revokeSessions: async () => {},
    listenerPid: () => pid,
    close: async () => {},
  } satisfies RealtimeBus;
  return {
    bus,
    emit: (event: RealtimeEvent) => listeners.forEach((listener) => listener(event)),
    setListening: (listening: boolean) => (pid = listening ? 1 : null),
  };
}

const deferred = <T>() => {
  let resolve: (value: T) => void = () => {};
  let reject: (error: Error) => void = () => {};
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
};

describe('reads of one session at the same time are one read (SessionCache.readOnce)', () => {
  it('callers asking while a read is in progress share it; after it ends the next caller reads again', async () => {
    const { bus } = fakeBus();
    const cache = new SessionCache(bus);
    const pending = deferred<string>();
    let reads = 0;
    const read = async () => {
      reads += 1;
      return pending.promise;
    };
    const answers = Promise.all(Array.from({ length: 10 }, () => cache.readOnce('s1', read)));
    const other = cache.readOnce('s2', async () => {
      reads += 1;
      return 'other';
    });
    pending.resolve('who');
    expect(await answers).toEqual(Array.from({ length: 10 }, () => 'who'));
    expect(await other).toBe('other');
    expect(reads).toBe(2);
    await cache.readOnce('s1', read);
    expect(reads).toBe(3);
  });

  it('a caller never joins a read that started before a revocation, nor while the bus is not listening', async () => {
    const fake = fakeBus();
    const cache = new SessionCache(fake.bus);
    const first = deferred<string>();
    const second = deferred<string>();
    const marks: number[] = [];
    const early = cache.readOnce('s1', async (mark) => (marks.push(mark), first.promise));
    cache.drop({ companyId: 'c1' });
    const late = cache.readOnce('s1', async (mark) => (marks.push(mark), second.promise));
    first.resolve('before');
    second.resolve('after');
    expect([await early, await late]).toEqual(['before', 'after']);
    // Each read was handed the mark of its start, so set() keeps only the one begun after the drop.
    expect(marks).toHaveLength(2);
    expect(marks[0]).not.toBe(marks[1]);

    fake.setListening(false);
    let reads = 0;
    const slow = deferred<string>();
    const both = Promise.all([0, 1].map(() => cache.readOnce('s2', async () => ((reads += 1), slow.promise))));
    slow.resolve('x');
    await both;
    expect(reads).toBe(2);
  });

  it('a failed read fails every caller that joined it and is not kept', async () => {
    const { bus } = fakeBus();
    const cache = new SessionCache(bus);
    const failing = deferred<string>();
    const joined = Promise.allSettled([0, 1, 2].map(() => cache.readOnce('s1', () => failing.promise)));
    failing.reject(new Error('timeout exceeded when trying to connect'));
    expect((await joined).map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(await cache.readOnce('s1', async () => 'again')).toBe('again');
  });
});

describe('sockets that open together', () => {
  let started: StartedServices;
  let app: FastifyInstance;
  let origin: string;
  let wsUrl: string;
  const reads = new Map<string, number>();
  const sockets: WebSocket[] = [];
  beforeAll(async () => {
    // A pool of two connections: a hundred sockets each reading their session would queue on it.
    started = await startTestServices({ poolSize: 2 });
    ({ app, origin, wsUrl } = await listen(started.services));
    const lucia = started.services.lucia;
    const validate = lucia.validateSession.bind(lucia);
    lucia.validateSession = async (sessionId) => {
      reads.set(sessionId, (reads.get(sessionId) ?? 0) + 1);
      return validate(sessionId);
    };
  });
  afterAll(async () => {
    for (const socket of sockets) socket.terminate();
    await app?.close();
    await started?.close();
  });

  /** A tab's channel on a raw socket: resolves with the first frame once it says 'active', or rejects with what came instead. */
  const openChannel = (sessionId: string) =>
    new Promise<void>((resolve, reject) => {
      const socket = new WebSocket(wsUrl, { headers: { cookie: `${SESSION_COOKIE}=${sessionId}`, origin } });
      sockets.push(socket);
      socket.once('error', reject);
      socket.once('close', (code, reason) => reject(new Error(`closed ${code} ${reason.toString()}`)));
      socket.once('open', () => socket.send(JSON.stringify({ id: 1, method: 'subscription', params: { path: 'realtime.changes' } })));
      socket.on('message', (data: Buffer) => {
        const text = data.toString();
        if (text.includes('"error"')) reject(new Error(text));
        if (text.includes('"active"')) resolve();
      });
    });

  it('ten sessions of ten sockets each, opened all at once, all listen; each session is read once', async () => {
    const company = await createTestCompany(started.services);
    const users: TestUser[] = [company.users.admin, company.users.dispatcher, company.users.sales, company.users.treasury];
    const sessions = await Promise.all(
      Array.from({ length: 10 }, (_, index) => sessionFor(started.services, users[index % 4] as TestUser)),
    );
    await Promise.all(sessions.flatMap((sessionId) => Array.from({ length: 10 }, () => openChannel(sessionId))));
    expect(sockets.filter((socket) => socket.readyState === WebSocket.OPEN)).toHaveLength(100);
    // The cookie's token is what lucia validates; every session was read exactly once for its ten sockets.
    expect([...reads.values()]).toHaveLength(10);
    expect([...reads.values()].every((count) => count === 1)).toBe(true);
  });

  it("a change reaches every real socket of a session as a frame ws's client parses, and tRPC's own answers on those sockets still follow whole", async () => {
    const company = await createTestCompany(started.services);
    const sessionId = await sessionFor(started.services, company.users.dispatcher);
    const frames: string[][] = [];
    const channels = await Promise.all(
      Array.from({ length: 5 }, (_, index) => {
        frames[index] = [];
        return new Promise<WebSocket>((resolve, reject) => {
          const socket = new WebSocket(wsUrl, { headers: { cookie: `${SESSION_COOKIE}=${sessionId}`, origin } });
          sockets.push(socket);
          socket.once('error', reject);
          socket.once('open', () => socket.send(JSON.stringify({ id: 7, method: 'subscription', params: { path: 'realtime.changes' } })));
          socket.on('message', (data: Buffer) => {
            const text = data.toString();
            frames[index]?.push(text);
            if (text.includes('"active"')) resolve(socket);
          });
        });
      }),
    );
    const loadIds = [
      await createLoad(started.services.db, company.users.admin),
      await createLoad(started.services.db, company.users.admin),
    ];
    const changesOf = (texts: string[]) =>
      texts
        .map((text) => JSON.parse(text) as { id: number; result?: { data?: { type?: string; changes?: { id: string }[] } } })
        .filter((frame) => frame.id === 7 && frame.result?.data?.type === 'changes')
        .flatMap((frame) => frame.result?.data?.changes ?? [])
        .map((change) => change.id);
    await expect
      .poll(() => frames.every((texts) => loadIds.every((loadId) => changesOf(texts).includes(loadId))), { timeout: 5_000 })
      .toBe(true);
    // Then a query on the same sockets: its answer, written by tRPC through ws after the hub's own writes, arrives whole.
    for (const socket of channels) socket.send(JSON.stringify({ id: 8, method: 'query', params: { path: 'auth.session' } }));
    await expect.poll(() => frames.every((texts) => texts.some((text) => text.startsWith('{"id":8'))), { timeout: 5_000 }).toBe(true);
    for (const texts of frames) {
      const answer = JSON.parse(texts.find((text) => text.startsWith('{"id":8')) ?? '{}') as {
        result?: { data?: { user?: { id: string } } };
      };
      expect(answer.result?.data?.user?.id).toBe(company.users.dispatcher.userId);
    }
    for (const socket of channels) expect(socket.readyState).toBe(WebSocket.OPEN);
  });
});

describe('a change after a quiet spell leaves at once; changes that follow closely share a frame', () => {
  const windowMs = 300;
  const companyId = '00000000-0000-4000-8000-0000000000c1';
  const session = {
    user: { id: '00000000-0000-4000-8000-0000000000a1', email: 'd@example.test', firstName: 'D', lastName: 'D' },
    company: { id: companyId, name: 'C', subscriptionStatus: 'active' },
    role: 'dispatcher',
    isMasterAdmin: false,
    portal: null,
    emailVerified: true,
  } as SessionOutput;
  const lookups: LiveLookups = {
    portalOf: async () => null,
    driverLoads: async () => [],
    carrierRows: async () => ({ drivers: new Set(), loads: new Set() }),
    liveSessions: async (ids) => new Set(ids),
  };
  const change = (id: string): RealtimeEvent => ({
    table: 'loads',
    op: 'UPDATE',
    id,
    companyId,
    actorId: '00000000-0000-4000-8000-0000000000a2',
    status: 'in_transit',
    oldStatus: 'assigned',
  });
  const ticks = async (count: number) => {
    for (let index = 0; index < count; index += 1) await new Promise((resolve) => setImmediate(resolve));
  };

  it('the first change goes out without waiting for a timer; the next ones wait for the end of the window, then leave together', async () => {
    const fake = fakeBus();
    const hub = new LiveHub(fake.bus, lookups, { windowMs, recheckMs: 60_000 });
    const sent: Buffer[] = [];
    const sentAt: number[] = [];
    const socket: LiveSocket = {
      bufferedAmount: 0,
      readyState: 1,
      send: (data) => {
        sent.push(data);
        sentAt.push(Date.now());
      },
      close: () => {},
    };
    const live = await hub.subscribe({ session, sessionId: 's', fingerprint: 'f', socket, envelope: { id: 1 } });
    const frames = () => sent.map((buffer) => (JSON.parse(buffer.toString()) as { result: { data: LiveFrame } }).result.data);
    const idsOf = (frame: LiveFrame | undefined) => (frame?.type === 'changes' ? frame.changes.map((item) => item.id) : []);
    try {
      // Three notices of one transaction reach the hub in one read: one frame, after that read only.
      fake.emit(change('a'));
      fake.emit(change('b'));
      fake.emit(change('c'));
      expect(sent).toHaveLength(0);
      await ticks(3);
      expect(frames().map(idsOf)).toEqual([['a', 'b', 'c']]);

      // Right after a frame: batched until the window that frame began is over.
      fake.emit(change('d'));
      await ticks(3);
      fake.emit(change('e'));
      await ticks(3);
      expect(sent).toHaveLength(1);
      await expect.poll(() => sent.length, { timeout: 5000, interval: 5 }).toBe(2);
      // The window counts from the last frame (its flush began just before it was written), not from the notice.
      expect((sentAt[1] ?? 0) - (sentAt[0] ?? 0)).toBeGreaterThanOrEqual(windowMs - 50);
      expect(idsOf(frames()[1])).toEqual(['d', 'e']);

      // Quiet for a window: at once again. The hub tells a quiet spell by the clock (Date.now), so
      // the test moves the clock past the window instead of waiting it out; timers stay real.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + windowMs + 20 });
      fake.emit(change('f'));
      await ticks(3);
      expect(frames().map(idsOf)).toEqual([['a', 'b', 'c'], ['d', 'e'], ['f']]);
    } finally {
      vi.useRealTimers();
      live.close();
      hub.close();
    }
  });

  it('under sustained traffic the window widens with the sockets told (LIVE_WRITES_PER_SECOND), up to its bound', async () => {
    const fake = fakeBus();
    // 20 sockets at 100 writes a second: 200 ms between frames while changes keep coming; at most 400.
    const hub = new LiveHub(fake.bus, lookups, { windowMs: 20, writesPerSecond: 100, maxWindowMs: 400, recheckMs: 60_000 });
    const sent: number[] = [];
    const subscriptions = await Promise.all(
      Array.from({ length: 20 }, (_, index) => {
        const socket: LiveSocket = {
          bufferedAmount: 0,
          readyState: 1,
          send: () => void (index === 0 && sent.push(Date.now())),
          close: () => {},
        };
        return hub.subscribe({ session, sessionId: `s${index}`, fingerprint: `f${index}`, socket, envelope: { id: 1 } });
      }),
    );
    try {
      expect(hub.window()).toBe(20);
      fake.emit(change('a'));
      await ticks(3);
      expect(sent).toHaveLength(1);
      expect(hub.window()).toBe(200);
      fake.emit(change('b'));
      await expect.poll(() => sent.length, { timeout: 5000, interval: 5 }).toBe(2);
      expect((sent[1] ?? 0) - (sent[0] ?? 0)).toBeGreaterThanOrEqual(180);
    } finally {
      for (const live of subscriptions) live.close();
      hub.close();
    }
    // Never wider than the bound, never narrower than the window.
    const many = new LiveHub(fakeBus().bus, lookups, { windowMs: 20, writesPerSecond: 1, maxWindowMs: 400 });
    expect(many.window()).toBe(20);
    many.close();
  });

  it('the frame is built once for every socket that shares it, and a socket of the user who made the change gets its own', async () => {
    const fake = fakeBus();
    const socketOf = () => {
      const sent: Buffer[] = [];
      return { sent, socket: { bufferedAmount: 0, readyState: 1, send: (data: Buffer) => void sent.push(data), close: () => {} } };
    };
    const others = Array.from({ length: 5 }, socketOf);
    const actor = socketOf();
    const traces: { frames: number; buffers: number }[] = [];
    const traced = new LiveHub(fake.bus, lookups, { windowMs, recheckMs: 60_000, onFlush: (trace) => traces.push(trace) });
    const subscriptions = await Promise.all([
      ...others.map(({ socket }, index) =>
        traced.subscribe({ session, sessionId: `s${index}`, fingerprint: `f${index}`, socket, envelope: { id: 1 } }),
      ),
      traced.subscribe({
        session: { ...session, user: { ...session.user, id: '00000000-0000-4000-8000-0000000000a2' } },
        sessionId: 'actor',
        fingerprint: 'fa',
        socket: actor.socket,
        envelope: { id: 1 },
      }),
    ]);
    try {
      fake.emit(change('a'));
      await ticks(3);
      expect(traces).toEqual([expect.objectContaining({ events: 1, frames: 6, buffers: 2 })]);
      const first = others[0]?.sent[0];
      expect(others.every(({ sent }) => sent.length === 1 && sent[0] === first)).toBe(true);
      expect(JSON.parse(actor.sent[0]?.toString() ?? '{}')).toMatchObject({ result: { data: { mine: [0] } } });
      expect(JSON.parse(first?.toString() ?? '{}')).toMatchObject({ result: { data: { mine: [] } } });
    } finally {
      for (const subscription of subscriptions) subscription.close();
      traced.close();
    }
  });

  it("a change that notifies people: each person's tabs share one frame holding the change and their own notification, in commit order", async () => {
    const fake = fakeBus();
    const traces: { frames: number; buffers: number }[] = [];
    const hub = new LiveHub(fake.bus, lookups, { windowMs, recheckMs: 60_000, onFlush: (trace) => traces.push(trace) });
    const people = ['00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-0000000000b2'];
    const tabs = people.flatMap((userId, person) => Array.from({ length: 3 }, () => ({ userId, person, sent: [] as Buffer[] })));
    const subscriptions = await Promise.all(
      tabs.map((tab, index) =>
        hub.subscribe({
          session: { ...session, user: { ...session.user, id: tab.userId } },
          sessionId: `s${index}`,
          fingerprint: `f${index}`,
          socket: { bufferedAmount: 0, readyState: 1, send: (data: Buffer) => void tab.sent.push(data), close: () => {} },
          envelope: { id: 1 },
        }),
      ),
    );
    const notification = (id: string, userId: string): RealtimeEvent => ({
      table: 'notifications',
      op: 'INSERT',
      id,
      companyId,
      userId,
      actorId: '00000000-0000-4000-8000-0000000000a2',
      status: null,
      oldStatus: null,
    });
    try {
      fake.emit(change('load'));
      fake.emit(notification('n1', people[0] ?? ''));
      fake.emit(notification('n2', people[1] ?? ''));
      await ticks(3);
      expect(traces).toEqual([expect.objectContaining({ events: 3, frames: 6, buffers: 2 })]);
      for (const person of [0, 1]) {
        const theirs = tabs.filter((tab) => tab.person === person);
        expect(theirs.every((tab) => tab.sent.length === 1 && tab.sent[0] === theirs[0]?.sent[0])).toBe(true);
        const frame = JSON.parse(theirs[0]?.sent[0]?.toString() ?? '{}') as { result: { data: LiveFrame } };
        const data = frame.result.data;
        expect(data.type === 'changes' && data.changes.map((item) => item.id)).toEqual(['load', person === 0 ? 'n1' : 'n2']);
      }
    } finally {
      for (const subscription of subscriptions) subscription.close();
      hub.close();
    }
  });
});
