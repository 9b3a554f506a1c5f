import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { createDocument } from './documents/document-factory.js';
import type { LiveChange, LiveTable } from '#shared/schemas/live.js';
import type { StartedServices } from '../../server/src/create-services.js';
import {
  createBroker,
  createCarrier,
  createDriver,
  createLoad,
  createMasterAdmin,
  createTestCompany,
  createWipRequest,
  setLoadStatus,
  type TestCompany,
  type TestUser,
} from '../support/factories.js';
import { callerFor, listen, ownerDb, sessionFor, startTestServices } from '../support/harness.js';
import { openLiveTab, type LiveTab } from '../support/live.js';
import type { Persona } from '../support/personas.js';
import { sendTestMessage } from './security/matrix/messages.js';
import { latestNotificationOf } from './security/matrix/notifications.js';
import { createInvoice } from './security/matrix/invoices.js';
import { createTrailer, createTruck, createTruckAssignment } from './security/matrix/equipment.js';
import { LIVE_CHANGES, liveNotices, type LiveChange as MatrixChange } from './security/matrix/realtime.js';
import { createSettlementRow } from './security/matrix/settlements.js';

let started: StartedServices;
let app: FastifyInstance;
let origin: string;
let wsUrl: string;
const closers: (() => void)[] = [];

beforeAll(async () => {
  started = await startTestServices();
  ({ app, origin, wsUrl } = await listen(started.services));
});
afterAll(async () => {
  for (const close of closers) close();
  await app?.close();
  await started?.close();
});

/** A signed-in browser tab's live channel (tests/support/live.ts), closed after the file. */
async function tab(user: TestUser, sessionId?: string): Promise<LiveTab> {
  const opened = await openLiveTab({ wsUrl, origin }, sessionId ?? (await sessionFor(started.services, user)));
  closers.push(opened.close);
  return opened;
}

const ids = (changes: LiveChange[], table?: LiveTable) =>
  changes.filter((change) => !table || change.table === table).map((change) => change.id);

describe('realtime.changes: one channel per tab', () => {
  let ours: TestCompany;
  let foreign: TestCompany;
  beforeAll(async () => {
    ours = await createTestCompany(started.services);
    foreign = await createTestCompany(started.services);
  });

  it("carries a load's creation and status change, with the status before and after, to the same company only", async () => {
    const dispatcher = await tab(ours.users.dispatcher);
    const stranger = await tab(foreign.users.dispatcher);

    const loadId = await createLoad(started.services.db, ours.users.dispatcher, { status: 'pending' });
    await expect
      .poll(() => dispatcher.changes(), { timeout: 1000, interval: 20 })
      .toContainEqual(expect.objectContaining({ table: 'loads', op: 'INSERT', id: loadId, status: 'pending', previousStatus: null }));

    await setLoadStatus(started.services.db, ours.users.dispatcher, loadId, 'in_transit');
    await expect
      .poll(() => dispatcher.changes(), { timeout: 1000, interval: 20 })
      .toContainEqual(
        expect.objectContaining({ table: 'loads', op: 'UPDATE', id: loadId, status: 'in_transit', previousStatus: 'pending' }),
      );

    // A change of the stranger's own company arrives after ours: by then ours would have too.
    const sentinel = await createLoad(started.services.db, foreign.users.admin);
    await expect.poll(() => ids(stranger.changes()), { timeout: 2000 }).toContain(sentinel);
    expect(ids(stranger.changes())).not.toContain(loadId);
    expect(ids(dispatcher.changes())).not.toContain(sentinel);
  });

  it('multiplexes every table the user may read on the one subscription, and no other', async () => {
    const admin = await tab(ours.users.admin);
    const treasury = await tab(ours.users.treasury);
    const db = started.services.db;
    const made = {
      loads: await createLoad(db, ours.users.dispatcher),
      drivers: await createDriver(db, ours.users.dispatcher),
      brokers: await createBroker(db, ours.users.dispatcher),
      carriers: await createCarrier(db, ours.users.sales),
      wipAssignments: await createWipRequest(db, ours.users.dispatcher),
      // A message to the admin, then the notification it made them (the recipient's alone: tests/integration/messages.test.ts).
      messages: await sendTestMessage(db, ours.users.dispatcher, ours.users.admin),
      notifications: await latestNotificationOf(db, ours.users.admin),
      documents: (await createDocument(db, ours.users.dispatcher, { visibility: 'dispatcher' })).id,
      invoices: await createInvoice(db, ours.users.treasury),
      trucks: await createTruck(db, ours.users.dispatcher),
      trailers: await createTrailer(db, ours.users.dispatcher),
      truckAssignments: '',
      settlements: '',
    } satisfies Record<LiveTable, string>;
    made.truckAssignments = await createTruckAssignment(db, ours.users.dispatcher, { truckId: made.trucks, driverId: made.drivers });
    made.settlements = await createSettlementRow(db, ours.users.treasury, made.drivers);
    await expect.poll(() => admin.changes().map((change) => [change.table, change.id]), { timeout: 1000 }).toEqual(Object.entries(made));
    // Treasury reads no carriers and no documents (shared/src/permissions.ts) and sees only their own WIP requests.
    const sentinel = await createLoad(db, ours.users.admin);
    await expect.poll(() => ids(treasury.changes()), { timeout: 1000 }).toContain(sentinel);
    expect(treasury.changes().map((change) => change.table)).toEqual([
      'loads',
      'drivers',
      'brokers',
      'invoices',
      'trucks',
      'trailers',
      'truckAssignments',
      'settlements',
      'loads',
    ]);
  });

  it("marks the user's own changes as theirs (the client then does not re-read twice)", async () => {
    const dispatcher = await tab(ours.users.dispatcher);
    const own = (await (await callerFor(started.services, ours.users.dispatcher)).brokers.create({ name: 'Own Broker' })).id;
    const others = (await (await callerFor(started.services, ours.users.admin)).brokers.create({ name: 'Admin Broker' })).id;
    await expect.poll(() => ids(dispatcher.changes()), { timeout: 1000 }).toEqual([own, others]);
    expect(dispatcher.changes().map((change) => change.mine)).toEqual([true, false]);
    expect(dispatcher.changes().every((change) => !('actorId' in change))).toBe(true);
  });

  it('says when the session ends, then stops', async () => {
    const sessionId = await sessionFor(started.services, ours.users.sales);
    const sales = await tab(ours.users.sales, sessionId);
    await started.services.lucia.invalidateSession(sessionId);
    await expect
      .poll(() => sales.events.filter((event) => event.type === 'session'), { timeout: 1000 })
      .toEqual([
        { type: 'session', state: 'active' },
        { type: 'session', state: 'ended' },
      ]);
  });

  it('tells every tab to re-read everything after the server may have missed changes', async () => {
    const admin = await tab(ours.users.admin);
    const pid = started.services.bus.listenerPid();
    await withOwner((owner) => sql`select pg_terminate_backend(${pid})`.execute(owner));
    await expect.poll(() => admin.events.some((event) => event.type === 'resync'), { timeout: 5000 }).toBe(true);
  });
});

describe('session notices', () => {
  it('many at once leave in few statements on the one LISTEN connection, and every one is heard', async () => {
    const bus = started.services.bus;
    const heard: string[] = [];
    const stop = bus.onSessionsRevoked((notice) => {
      if (notice.companyId?.startsWith('notice-test-')) heard.push(notice.companyId);
    });
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    try {
      const sent = Array.from({ length: 200 }, (_, index) => `notice-test-${index % 150}`);
      await Promise.all(sent.map((companyId) => bus.revokeSessions({ companyId })));
      await expect.poll(() => new Set(heard).size, { timeout: 5000 }).toBe(150);
      // pg queues a query sent while another runs, deprecated and refused by pg@9: none was.
      expect(warnings.filter((message) => message.includes('already executing a query'))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
      stop();
    }
  });
});

describe("one ownership rule: a sales user's list, dashboard and live feed agree", () => {
  it('counts, lists and hears of exactly the loads they sell or created and the drivers they brought in', async () => {
    const company = await createTestCompany(started.services);
    const sales = company.users.sales;
    const feed = await tab(sales);
    const db = started.services.db;
    const sold = await createLoad(db, company.users.dispatcher, { salesUserId: sales.userId });
    const created = await createLoad(db, sales, { salesUserId: null });
    const others = await createLoad(db, company.users.dispatcher);
    const ownDriver = await createDriver(db, sales, { salesAgentId: sales.userId });
    const otherDriver = await createDriver(db, company.users.dispatcher);
    // A load that stops being theirs: they hear that it changed, and then no longer see it.
    const handedOver = await createLoad(db, company.users.dispatcher, { salesUserId: sales.userId });
    await withOwner((owner) =>
      owner.updateTable('loads').set({ salesUserId: company.users.dispatcher.userId }).where('id', '=', handedOver).execute(),
    );

    const caller = await callerFor(started.services, sales);
    const own = [created, sold].sort();
    expect((await caller.loads.list()).items.map((load) => load.id).sort()).toEqual(own);
    expect((await caller.drivers.list()).items.map((driver) => driver.id)).toEqual([ownDriver]);
    const summary = await caller.dashboard.summary();
    expect(summary).toMatchObject({ totalLoads: own.length, drivers: 1 });
    expect(summary.recentLoads.map((load) => load.id).sort()).toEqual(own);

    // One item per row and window: the hand-over is told as its own UPDATE, or within the
    // INSERT when both land in one window (server/src/domains/realtime/live-hub.ts).
    await expect
      .poll(() => [...new Set(feed.changes().map((change) => `${change.table}:${change.id}`))], { timeout: 2000 })
      .toEqual([`loads:${sold}`, `loads:${created}`, `drivers:${ownDriver}`, `loads:${handedOver}`]);
    expect(feed.changes().map((change) => [change.table, change.op, change.id])).toEqual(
      expect.arrayContaining([
        ['loads', 'INSERT', sold],
        ['loads', 'INSERT', created],
        ['drivers', 'INSERT', ownDriver],
        ['loads', 'INSERT', handedOver],
      ]),
    );
    expect(ids(feed.changes())).not.toContain(others);
    expect(ids(feed.changes())).not.toContain(otherDriver);
  });
});

async function withOwner<T>(work: (owner: ReturnType<typeof ownerDb>) => Promise<T>): Promise<T> {
  const owner = ownerDb();
  try {
    return await work(owner);
  } finally {
    await owner.destroy();
  }
}

describe('who hears about which change (docs/permissions.md, "Live change notices")', () => {
  it('every persona is told exactly the changes the matrix lists, and nothing else', async () => {
    const ours = await createTestCompany(started.services);
    const foreign = await createTestCompany(started.services);
    const master = await createMasterAdmin(started.services);
    const personas = Object.keys(liveNotices) as Exclude<Persona, 'anonymous'>[];
    const users: Record<Exclude<Persona, 'anonymous'>, TestUser> = { ...ours.users, masterAdmin: master };
    const heard = Object.fromEntries(
      await Promise.all(personas.map(async (persona) => [persona, await tab(users[persona])] as const)),
    ) as Record<Exclude<Persona, 'anonymous'>, LiveTab>;

    const db = started.services.db;
    const made: Record<MatrixChange, string> = {
      ourLoad: await createLoad(db, ours.users.dispatcher),
      ourSalesLoad: await createLoad(db, ours.users.dispatcher, { salesUserId: ours.users.sales.userId }),
      ourDispatcherWip: await createWipRequest(db, ours.users.dispatcher),
      ourSalesWip: await createWipRequest(db, ours.users.sales),
      foreignLoad: await createLoad(db, foreign.users.dispatcher),
      foreignWip: await createWipRequest(db, foreign.users.dispatcher),
    };
    // The admin of the other company hears its last change: by then the hub has written every
    // earlier notice to every socket (it writes in commit order), and a round trip on each tab's
    // own socket makes sure those frames have arrived.
    const foreignAdmin = await tab(foreign.users.admin);
    const last = await createLoad(db, foreign.users.dispatcher);
    await expect.poll(() => ids(foreignAdmin.changes()), { timeout: 2000 }).toContain(last);
    await Promise.all(personas.map((persona) => heard[persona].sync()));

    const changeOf = new Map(Object.entries(made).map(([change, id]) => [id, change]));
    for (const persona of personas) {
      const told = ids(heard[persona].changes())
        .map((id) => changeOf.get(id))
        .filter((change) => change !== undefined);
      expect(told, persona).toEqual(LIVE_CHANGES.filter((change) => liveNotices[persona].includes(change)));
    }
  });
});
