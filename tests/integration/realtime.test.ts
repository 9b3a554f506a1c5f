import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { StartedServices } from '../../server/src/services/create-services.js';
import {
  createMasterAdmin,
  createTestCompany,
  listen,
  sessionFor,
  startTestServices,
  wsClientFor,
  type TestCompany,
  type TestUser,
} from '../support/harness.js';
import type { Persona } from './security/authorization-matrix.js';
import { insertLoad, setLoadStatus } from './security/matrix/dashboard.js';
import { LIVE_CHANGES, liveNotices, type LiveChange } from './security/matrix/realtime.js';
import { createWipRequest } from './security/matrix/wip.js';

type LiveTable = 'loads' | 'wipAssignments' | 'drivers';
interface Notice {
  table: LiveTable;
  op: string;
  id: string;
}

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

/**
 * A browser tab of this user subscribed to realtime.changes over a real WebSocket; resolves
 * once the server has started the subscription (it listens from then on).
 */
async function subscriber(user: TestUser, tables: LiveTable[]): Promise<Notice[]> {
  const { client, wsClient } = wsClientFor(wsUrl, await sessionFor(started.services, user), origin);
  const notices: Notice[] = [];
  await new Promise<void>((resolve, reject) => {
    const subscription = client.realtime.changes.subscribe(
      { tables },
      { onStarted: () => resolve(), onData: (notice) => 'table' in notice && notices.push(notice), onError: reject },
    );
    closers.push(() => {
      subscription.unsubscribe();
      void wsClient.close();
    });
  });
  // The 'started' answer and the bus listener are set up in the same tick; a short grace covers the rest.
  await new Promise((resolve) => setTimeout(resolve, 100));
  return notices;
}

const ids = (notices: Notice[]) => notices.map((notice) => notice.id);

describe('realtime.changes over a WebSocket', () => {
  let ours: TestCompany;
  let foreign: TestCompany;
  beforeAll(async () => {
    ours = await createTestCompany(started.services);
    foreign = await createTestCompany(started.services);
  });

  it("a load's creation and status change reach a subscriber of the same company within a second, and not one of another company", async () => {
    const dispatcher = await subscriber(ours.users.dispatcher, ['loads']);
    const stranger = await subscriber(foreign.users.dispatcher, ['loads']);

    const loadId = await insertLoad(started.services.db, ours.users.dispatcher, { status: 'pending' });
    await expect.poll(() => dispatcher, { timeout: 1000, interval: 20 }).toContainEqual({ table: 'loads', op: 'INSERT', id: loadId });

    await setLoadStatus(started.services.db, ours.users.dispatcher, loadId, 'in_transit');
    await expect.poll(() => dispatcher, { timeout: 1000, interval: 20 }).toContainEqual({ table: 'loads', op: 'UPDATE', id: loadId });

    // A change of the stranger's own company arrives after ours: by then ours would have too.
    const sentinel = await insertLoad(started.services.db, foreign.users.admin);
    await expect.poll(() => ids(stranger), { timeout: 2000 }).toContain(sentinel);
    expect(ids(stranger)).not.toContain(loadId);
    expect(ids(dispatcher)).not.toContain(sentinel);
  });

  it("a sales subscriber hears about their own loads only, not the company's others", async () => {
    const sales = await subscriber(ours.users.sales, ['loads']);
    const dispatcher = await subscriber(ours.users.dispatcher, ['loads']);
    const companyLoad = await insertLoad(started.services.db, ours.users.dispatcher);
    const ownLoad = await insertLoad(started.services.db, ours.users.dispatcher, { salesUserId: ours.users.sales.userId });
    await setLoadStatus(started.services.db, ours.users.dispatcher, companyLoad, 'assigned');
    await setLoadStatus(started.services.db, ours.users.dispatcher, ownLoad, 'picked');
    await expect.poll(() => sales, { timeout: 1000, interval: 20 }).toContainEqual({ table: 'loads', op: 'UPDATE', id: ownLoad });
    await expect.poll(() => ids(dispatcher), { timeout: 1000 }).toEqual([companyLoad, ownLoad, companyLoad, ownLoad]);
    expect(sales).toEqual([
      { table: 'loads', op: 'INSERT', id: ownLoad },
      { table: 'loads', op: 'UPDATE', id: ownLoad },
    ]);
  });

  it('only the tables asked for are sent', async () => {
    const loadsOnly = await subscriber(ours.users.admin, ['loads']);
    const wipOnly = await subscriber(ours.users.admin, ['wipAssignments']);
    const request = await createWipRequest(started.services.db, ours.users.dispatcher);
    const load = await insertLoad(started.services.db, ours.users.admin);
    await expect.poll(() => ids(loadsOnly), { timeout: 1000 }).toEqual([load]);
    await expect.poll(() => ids(wipOnly), { timeout: 1000 }).toEqual([request]);
  });
});

describe('who hears about which change (docs/permissions.md, "Live change notices")', () => {
  it('every persona is told exactly the changes the matrix lists, and nothing else', async () => {
    const ours = await createTestCompany(started.services);
    const foreign = await createTestCompany(started.services);
    const master = await createMasterAdmin(started.services);
    const personas = Object.keys(liveNotices) as Exclude<Persona, 'anonymous'>[];
    const users: Record<Exclude<Persona, 'anonymous'>, TestUser> = { ...ours.users, masterAdmin: master };
    const heard = Object.fromEntries(
      await Promise.all(personas.map(async (persona) => [persona, await subscriber(users[persona], ['loads', 'wipAssignments'])] as const)),
    ) as Record<Exclude<Persona, 'anonymous'>, Notice[]>;

    const db = started.services.db;
    const made: Record<LiveChange, string> = {
      ourLoad: await insertLoad(db, ours.users.dispatcher),
      ourSalesLoad: await insertLoad(db, ours.users.dispatcher, { salesUserId: ours.users.sales.userId }),
      ourDispatcherWip: await createWipRequest(db, ours.users.dispatcher),
      ourSalesWip: await createWipRequest(db, ours.users.sales),
      foreignLoad: await insertLoad(db, foreign.users.dispatcher),
      foreignWip: await createWipRequest(db, foreign.users.dispatcher),
    };
    // The master admin hears every company, the last change included: by then every other notice has been sent too.
    await expect.poll(() => LIVE_CHANGES.every((change) => ids(heard.masterAdmin).includes(made[change])), { timeout: 2000 }).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));

    const changeOf = new Map(Object.entries(made).map(([change, id]) => [id, change]));
    for (const persona of personas) {
      const told = ids(heard[persona])
        .map((id) => changeOf.get(id))
        .filter((change) => change !== undefined);
      expect(told, persona).toEqual([...liveNotices[persona]]);
    }
  });
});
