import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { expandLiveEvent, type LiveChange, type LiveFrame } from '#shared/schemas/live.js';
import { withCompany } from '../../server/src/db/with-company.js';
import { LiveHub, type LiveSocket } from '../../server/src/domains/realtime/live-hub.js';
import { createLiveLookups } from '../../server/src/domains/realtime/live-lookups.js';
import { TOO_SLOW_CLOSE_CODE } from '../../server/src/services/sockets.js';
import type { StartedServices } from '../../server/src/create-services.js';
import {
  createCarrier,
  createDriver,
  createLoad,
  createMember,
  createTestCompany,
  setLoadStatus,
  type TestCompany,
  type TestUser,
} from '../support/factories.js';
import { listen, ownerDb, sessionFor, startTestServices } from '../support/harness.js';
import { openLiveTab, type LiveTab } from '../support/live.js';

/**
 * The live feed's delivery (server/src/domains/realtime/live-hub.ts): batches of one window,
 * drivers' and carrier users' own records, and a socket that reads too slowly.
 */

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

async function tab(user: TestUser): Promise<LiveTab> {
  const opened = await openLiveTab({ wsUrl, origin }, await sessionFor(started.services, user));
  closers.push(opened.close);
  return opened;
}

const changeFrames = (opened: LiveTab) => opened.frames.filter((frame) => frame.type === 'changes');
/** The ids of the loads and drivers changed (a status change also notifies people: notifications are not what these tests look at). */
const ids = (changes: LiveChange[]) => changes.filter((change) => change.table !== 'notifications').map((change) => change.id);
const records = (opened: LiveTab) => opened.changes().filter((change) => change.table !== 'notifications');

/**
 * Forgets what the tabs heard so far, once everything committed before has reached them: each tab
 * waits for its mark, the last change committed that it hears of (a load). One LISTEN connection
 * hears the notices in commit order and the hub writes each socket's frames in that order, so
 * whatever was committed before the mark has landed when it does.
 */
async function afterLanding(marks: [LiveTab, string][]): Promise<void> {
  for (const [opened, id] of marks) await expect.poll(() => ids(opened.changes()), { timeout: 10_000, interval: 20 }).toContain(id);
  for (const [opened] of marks) opened.events.length = 0;
}

describe('batches: the changes of one window in one frame', () => {
  let company: TestCompany;
  beforeAll(async () => {
    company = await createTestCompany(started.services);
  });

  it('many changes committed together arrive in one frame (two when their notices reach the hub in two reads), all of them, in order', async () => {
    const dispatcher = await tab(company.users.dispatcher);
    const created = await withCompany(started.services.db, company.users.admin, async (tx) => {
      const made: string[] = [];
      for (let index = 0; index < 25; index += 1) {
        const row = await tx
          .insertInto('loads')
          .values({
            companyId: company.companyId,
            loadNumber: `BATCH-${index}-${Date.now()}`,
            pickupLocation: '1 A St',
            pickupCity: 'Dallas',
            pickupState: 'TX',
            deliveryLocation: '2 B St',
            deliveryCity: 'Atlanta',
            deliveryState: 'GA',
            status: 'pending',
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        made.push(row.id);
      }
      return made;
    });
    await expect.poll(() => ids(dispatcher.changes()), { timeout: 10_000, interval: 20 }).toEqual(created);
    // The hub sends what the first read of notices held at once and the rest at the window's end
    // (live-hub.ts): PostgreSQL sends a transaction's notices together, but 25 of them may reach
    // us in two socket reads.
    const frames = changeFrames(dispatcher);
    expect(frames.length).toBeGreaterThanOrEqual(1);
    expect(frames.length).toBeLessThanOrEqual(2);
    for (const frame of frames) expect(frame).toMatchObject({ type: 'changes', mine: [] });
    expect(frames.flatMap((frame) => (frame.type === 'changes' ? frame.changes.map((change) => change.id) : []))).toEqual(created);
  });

  it('a row changed several times in one window is one item: the op that sums it up, its latest status, the status before the first', async () => {
    const dispatcher = await tab(company.users.dispatcher);
    const existing = await createLoad(started.services.db, company.users.admin, { status: 'pending' });
    await expect.poll(() => ids(dispatcher.changes()), { timeout: 10_000, interval: 20 }).toContain(existing);
    const before = records(dispatcher).length;
    const fresh = await withCompany(started.services.db, company.users.admin, async (tx) => {
      await tx.updateTable('loads').set({ status: 'assigned' }).where('id', '=', existing).execute();
      await tx.updateTable('loads').set({ status: 'in_transit' }).where('id', '=', existing).execute();
      const row = await tx
        .insertInto('loads')
        .values({
          companyId: company.companyId,
          loadNumber: `FRESH-${Date.now()}`,
          pickupLocation: '1 A St',
          pickupCity: 'Dallas',
          pickupState: 'TX',
          deliveryLocation: '2 B St',
          deliveryCity: 'Atlanta',
          deliveryState: 'GA',
          status: 'pending',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx.updateTable('loads').set({ status: 'assigned' }).where('id', '=', row.id).execute();
      return row.id;
    });
    await expect.poll(() => records(dispatcher).length, { timeout: 10_000, interval: 20 }).toBe(before + 2);
    expect(records(dispatcher).slice(before)).toEqual([
      { type: 'change', table: 'loads', op: 'UPDATE', id: existing, status: 'in_transit', previousStatus: 'pending', mine: false },
      { type: 'change', table: 'loads', op: 'INSERT', id: fresh, status: 'assigned', previousStatus: null, mine: false },
    ]);
  });

  it('changes committed one after another in quick succession share frames, in commit order', async () => {
    const dispatcher = await tab(company.users.dispatcher);
    const made: string[] = [];
    for (let index = 0; index < 12; index += 1) made.push(await createLoad(started.services.db, company.users.admin));
    await expect.poll(() => ids(dispatcher.changes()), { timeout: 10_000, interval: 20 }).toEqual(made);
    expect(changeFrames(dispatcher).length).toBeLessThan(made.length);
  });

  it("marks the user's own changes in a batch by their position", async () => {
    const admin = await tab(company.users.admin);
    const theirs = await createLoad(started.services.db, company.users.dispatcher);
    const own = await createLoad(started.services.db, company.users.admin);
    await expect.poll(() => ids(admin.changes()), { timeout: 10_000, interval: 20 }).toEqual([theirs, own]);
    expect(admin.changes().map((change) => change.mine)).toEqual([false, true]);
  });
});

describe('drivers and carrier users hear of their own records only', () => {
  let company: TestCompany;
  let driverA: { user: TestUser; id: string };
  let driverB: { user: TestUser; id: string };
  let carrierUser: TestUser;
  /** A driver whose record has the carrier: a driver, not the carrier's user (issue 24, item 3). */
  let carrierDriverAccount: { user: TestUser; id: string };
  let carrierId: string;
  let carrierDriver: string;
  beforeAll(async () => {
    company = await createTestCompany(started.services);
    const owner = ownerDb();
    const linked = async (carrier: string | null) => {
      const user = await createMember(started.services, company.companyId, { role: null });
      const id = await createDriver(started.services.db, company.users.admin);
      await owner.updateTable('drivers').set({ userId: user.userId, carrierId: carrier }).where('id', '=', id).execute();
      return { user, id };
    };
    carrierId = await createCarrier(started.services.db, company.users.admin);
    driverA = await linked(null);
    driverB = await linked(null);
    carrierUser = await createMember(started.services, company.companyId, { role: null });
    await owner.insertInto('carrierUsers').values({ companyId: company.companyId, userId: carrierUser.userId, carrierId }).execute();
    carrierDriverAccount = await linked(carrierId);
    carrierDriver = await createDriver(started.services.db, company.users.admin);
    await owner.updateTable('drivers').set({ carrierId }).where('id', '=', carrierDriver).execute();
  });

  it('a driver hears of the loads assigned to them and of their own row, a second driver of the same company of none of it', async () => {
    const a = await tab(driverA.user);
    const b = await tab(driverB.user);
    const dispatcher = await tab(company.users.dispatcher);
    // The set-up's own changes (linking the driver records) may still be on their way when the
    // channels open: count from a clean slate once they have landed.
    const ofA = await createLoad(started.services.db, company.users.dispatcher, { driverId: driverA.id });
    const ofB = await createLoad(started.services.db, company.users.dispatcher, { driverId: driverB.id });
    await afterLanding([
      [a, ofA],
      [b, ofB],
      [dispatcher, ofB],
    ]);

    // Two changes of a row that land in one window are one item (the batch rule), so what is
    // checked is the row's latest state as told, and that nothing of others' rows is told.
    const latest = (opened: LiveTab, id: string) =>
      records(opened)
        .filter((change) => change.id === id)
        .at(-1);
    const load = await createLoad(started.services.db, company.users.dispatcher, { driverId: driverA.id, status: 'assigned' });
    await expect.poll(() => ids(a.changes()), { timeout: 10_000, interval: 20 }).toEqual([load]);
    await setLoadStatus(started.services.db, company.users.dispatcher, load, 'in_transit');
    await expect.poll(() => ids(a.changes()), { timeout: 10_000, interval: 20 }).toEqual([load, load]);
    expect(records(a)[1]).toMatchObject({ table: 'loads', op: 'UPDATE', status: 'in_transit', previousStatus: 'assigned', mine: false });

    // Their own row; someone else's load and row are not theirs.
    const unassigned = await createLoad(started.services.db, company.users.dispatcher);
    await withCompany(started.services.db, company.users.dispatcher, (tx) =>
      tx.updateTable('drivers').set({ status: 'on_route' }).where('id', 'in', [driverA.id, driverB.id]).execute(),
    );
    await expect.poll(() => ids(a.changes()), { timeout: 10_000, interval: 20 }).toEqual([load, load, driverA.id]);
    await expect.poll(() => ids(b.changes()), { timeout: 10_000, interval: 20 }).toEqual([driverB.id]);
    await expect.poll(() => ids(dispatcher.changes()), { timeout: 10_000, interval: 20 }).toContain(unassigned);

    // Moved to driver B: A hears that it stopped being theirs (once), then nothing more of it; B hears of it from then on.
    await withCompany(started.services.db, company.users.dispatcher, (tx) =>
      tx.updateTable('loads').set({ driverId: driverB.id }).where('id', '=', load).execute(),
    );
    await expect.poll(() => ids(a.changes()), { timeout: 10_000, interval: 20 }).toEqual([load, load, driverA.id, load]);
    await expect.poll(() => ids(b.changes()), { timeout: 10_000, interval: 20 }).toEqual([driverB.id, load]);
    await setLoadStatus(started.services.db, company.users.dispatcher, load, 'delivered');
    await expect.poll(() => latest(b, load)?.status, { timeout: 10_000, interval: 20 }).toBe('delivered');
    expect(ids(a.changes())).toEqual([load, load, driverA.id, load]);
    expect(ids(a.changes())).not.toContain(unassigned);
    expect(ids(b.changes())).not.toContain(unassigned);
  });

  it("a carrier user hears of their carrier's drivers, those drivers' loads and the carrier's loads, and of no other driver's", async () => {
    const carrier = await tab(carrierUser);
    const a = await tab(driverA.user);
    const colleague = await tab(carrierDriverAccount.user);
    // The previous test's changes may still be on their way: count from a clean slate once they have landed.
    const ofA = await createLoad(started.services.db, company.users.dispatcher, { driverId: driverA.id });
    const ofColleague = await createLoad(started.services.db, company.users.dispatcher, { driverId: carrierDriverAccount.id });
    const ofCarrierDriverFirst = await createLoad(started.services.db, company.users.dispatcher, { driverId: carrierDriver });
    await afterLanding([
      [carrier, ofCarrierDriverFirst],
      [a, ofA],
      [colleague, ofColleague],
    ]);

    const ofCarrierDriver = await createLoad(started.services.db, company.users.dispatcher, { driverId: carrierDriver });
    const ofDriverA = await createLoad(started.services.db, company.users.dispatcher, { driverId: driverA.id });
    const ofCarrier = await withCompany(started.services.db, company.users.dispatcher, async (tx) => {
      const row = await tx
        .insertInto('loads')
        .values({
          companyId: company.companyId,
          loadNumber: `CARRIER-${Date.now()}`,
          pickupLocation: '1 A St',
          pickupCity: 'Dallas',
          pickupState: 'TX',
          deliveryLocation: '2 B St',
          deliveryCity: 'Atlanta',
          deliveryState: 'GA',
          status: 'pending',
          carrierId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
    await withCompany(started.services.db, company.users.dispatcher, (tx) =>
      tx.updateTable('drivers').set({ status: 'off_duty' }).where('id', 'in', [carrierDriver, driverA.id]).execute(),
    );
    await expect
      .poll(() => ids(carrier.changes()).sort(), { timeout: 10_000, interval: 20 })
      .toEqual([ofCarrierDriver, ofCarrier, carrierDriver].sort());
    await expect.poll(() => ids(a.changes()), { timeout: 10_000, interval: 20 }).toEqual([ofDriverA, driverA.id]);
    expect(ids(carrier.changes())).not.toContain(ofDriverA);
    expect(ids(carrier.changes())).not.toContain(driverA.id);
    expect(ids(a.changes())).not.toContain(ofCarrier);
    // The carrier's feed is its user's only: a driver whose record has the carrier hears none of it
    // (the carrier, its other drivers, their loads, the carrier's loads), only their own row.
    await expect.poll(() => ids(carrier.changes()).length, { timeout: 10_000, interval: 20 }).toBe(3);
    const own = await createLoad(started.services.db, company.users.dispatcher, { driverId: carrierDriverAccount.id });
    await expect.poll(() => ids(colleague.changes()), { timeout: 10_000, interval: 20 }).toEqual([own]);
    for (const foreign of [ofCarrierDriver, ofCarrier, carrierDriver, ofDriverA]) expect(ids(colleague.changes())).not.toContain(foreign);
  });
});

/** A socket stand-in whose unsent data the test sets. */
function standInSocket() {
  const socket = {
    bufferedAmount: 0,
    readyState: 1,
    sent: [] as Buffer[],
    closed: null as { code: number; reason: string } | null,
    send(data: Buffer) {
      socket.sent.push(data);
    },
    close(code: number, reason: string) {
      socket.closed = { code, reason };
      socket.readyState = 3;
    },
  };
  return socket satisfies LiveSocket;
}

const framesOf = (socket: ReturnType<typeof standInSocket>) =>
  socket.sent.map((buffer) => (JSON.parse(buffer.toString('utf8')) as { id: number; result: { data: LiveFrame } }).result.data);

describe('a socket that reads too slowly', () => {
  let company: TestCompany;
  let hub: LiveHub;
  beforeAll(async () => {
    company = await createTestCompany(started.services);
    // A hub of its own on the same bus, with a small bound and a short grace, writing to stand-in sockets.
    hub = new LiveHub(started.services.bus, createLiveLookups(started.services.db), { maxBufferedBytes: 1000, behindGraceMs: 600 });
  });
  afterAll(() => hub?.close());

  async function subscribe(user: TestUser, socket: LiveSocket) {
    const sessionId = await sessionFor(started.services, user);
    const session = (await (await import('../../server/src/auth/session-context.js')).loadSessionContext(started.services, sessionId))
      ?.session;
    if (!session) throw new Error('no session');
    const live = await hub.subscribe({
      session,
      sessionId,
      fingerprint: sessionId.slice(0, 8),
      socket,
      envelope: { id: 7, jsonrpc: '2.0' },
    });
    closers.push(live.close);
  }

  it('gets no frames while over the bound, then one resync once drained, then frames again; the same buffer goes to every socket of a group', async () => {
    const slow = standInSocket();
    const quick = standInSocket();
    await subscribe(company.users.dispatcher, slow);
    await subscribe(company.users.admin, quick);

    const first = await createLoad(started.services.db, company.users.treasury);
    await expect.poll(() => framesOf(slow).length, { timeout: 10_000, interval: 20 }).toBe(1);
    expect(framesOf(slow)[0]).toEqual({
      type: 'changes',
      changes: [{ table: 'loads', op: 'INSERT', id: first, status: 'pending', previousStatus: null }],
      mine: [],
    });
    expect(JSON.parse(slow.sent[0]?.toString() ?? '{}')).toMatchObject({ id: 7, jsonrpc: '2.0', result: { type: 'data' } });

    slow.bufferedAmount = 5000;
    const missed = [
      await createLoad(started.services.db, company.users.treasury),
      await createLoad(started.services.db, company.users.treasury),
    ];
    await expect
      .poll(
        () =>
          ids(
            framesOf(quick)
              .flatMap((frame) => expandLiveEvent(frame))
              .filter((event) => event.type === 'change'),
          ),
        {
          timeout: 2000,
          interval: 20,
        },
      )
      .toEqual([first, ...missed]);
    expect(slow.sent).toHaveLength(1);

    slow.bufferedAmount = 0;
    await expect.poll(() => framesOf(slow), { timeout: 10_000, interval: 20 }).toEqual([expect.anything(), { type: 'resync' }]);
    const after = await createLoad(started.services.db, company.users.treasury);
    await expect.poll(() => framesOf(slow).length, { timeout: 10_000, interval: 20 }).toBe(3);
    expect(framesOf(slow)[2]).toMatchObject({ type: 'changes', changes: [{ id: after }] });

    // Two dispatchers of one company with the same subscription id get the very same buffer.
    const twin = standInSocket();
    const other = standInSocket();
    await subscribe(company.users.dispatcher, twin);
    await subscribe(company.users.dispatcher, other);
    await createLoad(started.services.db, company.users.treasury);
    await expect.poll(() => twin.sent.length + other.sent.length, { timeout: 10_000, interval: 20 }).toBe(2);
    expect(twin.sent[0]).toBe(other.sent[0]);
  });

  it(`is closed with code ${TOO_SLOW_CLOSE_CODE} and a reason when it stays over the bound past the grace`, async () => {
    const stuck = standInSocket();
    await subscribe(company.users.dispatcher, stuck);
    stuck.bufferedAmount = 5000;
    await createLoad(started.services.db, company.users.treasury);
    await expect
      .poll(() => stuck.closed, { timeout: 5000, interval: 50 })
      .toEqual({
        code: TOO_SLOW_CLOSE_CODE,
        reason: 'Live updates fell too far behind; reconnect to re-read',
      });
    expect(stuck.sent).toHaveLength(0);
  });
});
