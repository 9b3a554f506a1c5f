import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationItem } from '#shared/schemas/notifications.js';
import { withCompany } from '../../server/src/db/with-company.js';
import type { StartedServices } from '../../server/src/services/create-services.js';
import {
  createDriver,
  createLoad,
  createMasterAdmin,
  createTestCompany,
  createWipRequest,
  setLoadStatus,
  type TestCompany,
  type TestUser,
} from '../support/factories.js';
import { callerFor, startTestServices } from '../support/harness.js';
import { expectTrpcError, userFacingError } from '../support/http.js';
import type { PersonaName } from '../support/personas.js';
import { expectSameAsMissing } from './security/authorization-matrix.js';
import { sendTestMessage } from './security/matrix/messages.js';
import { notifyTestUser } from './security/matrix/notifications.js';

let started: StartedServices;
beforeAll(async () => {
  started = await startTestServices();
});
afterAll(async () => {
  await started?.close();
});

const as = (user: TestUser) => callerFor(started.services, user);
const db = () => started.services.db;

/** The user's notifications about one record, newest first. */
async function about(user: TestUser, entityId: string): Promise<NotificationItem[]> {
  const { items } = await (await as(user)).notifications.list({ limit: 100 });
  return items.filter((item) => item.entityId === entityId);
}

/** A driver record of the company linked to its driver member's account (as the driver portal has it). */
async function linkedDriver(company: TestCompany): Promise<string> {
  const driverId = await createDriver(db(), company.users.dispatcher, { firstName: 'Dri', lastName: 'Driver' });
  await withCompany(db(), company.users.admin, (tx) =>
    tx.updateTable('drivers').set({ userId: company.users.driver.userId }).where('id', '=', driverId).execute(),
  );
  return driverId;
}

describe('fan-out per event kind and role', () => {
  let company: TestCompany;
  let driverId: string;
  beforeAll(async () => {
    company = await createTestCompany(started.services);
    driverId = await linkedDriver(company);
  });

  it('a load becoming assigned tells its driver; its status change tells the staff who may see it, never the one who made it', async () => {
    const loadNumber = `LD-${randomUUID().slice(0, 6)}`;
    const loadId = await createLoad(db(), company.users.dispatcher, { loadNumber, driverId, status: 'pending' });
    await setLoadStatus(db(), company.users.dispatcher, loadId, 'assigned');

    const driverSees = await about(company.users.driver, loadId);
    expect(driverSees).toEqual([
      expect.objectContaining({
        kind: 'load_assigned',
        title: `Load ${loadNumber} assigned to you`,
        link: '/driver-portal',
        isRead: false,
      }),
    ]);
    const expected = `Load ${loadNumber} status changed from Pending to Assigned`;
    for (const persona of ['admin', 'treasury'] as const) {
      expect(await about(company.users[persona], loadId), persona).toEqual([
        expect.objectContaining({ kind: 'load_status', body: expected, link: `/loads?search=${loadNumber}` }),
      ]);
    }
    // The dispatcher made the change; the sales member neither sells nor created this load.
    expect(await about(company.users.dispatcher, loadId)).toEqual([]);
    expect(await about(company.users.sales, loadId)).toEqual([]);

    await setLoadStatus(db(), company.users.admin, loadId, 'in_transit');
    expect((await about(company.users.driver, loadId)).map((item) => [item.kind, item.body])).toEqual([
      ['load_status', `Load ${loadNumber} status changed from Assigned to In Transit`],
      ['load_assigned', 'Dallas, TX to Atlanta, GA'],
    ]);
    expect((await about(company.users.dispatcher, loadId)).map((item) => item.body)).toEqual([
      `Load ${loadNumber} status changed from Assigned to In Transit`,
    ]);
  });

  it("a sales member hears of the status of the loads they sell, and another company's users of nothing", async () => {
    const other = await createTestCompany(started.services);
    const loadId = await createLoad(db(), company.users.dispatcher, { salesUserId: company.users.sales.userId });
    await setLoadStatus(db(), company.users.dispatcher, loadId, 'picked');
    expect((await about(company.users.sales, loadId)).map((item) => item.kind)).toEqual(['load_status']);
    for (const persona of ['admin', 'dispatcher', 'sales', 'treasury', 'driver'] as PersonaName[]) {
      expect(await about(other.users[persona], loadId)).toEqual([]);
    }
  });

  it('a master admin hears of the loads of their own company only', async () => {
    const platform = await createTestCompany(started.services, 'Platform Freight', { masterAdmin: true });
    const ownLoad = await createLoad(db(), platform.users.dispatcher);
    await setLoadStatus(db(), platform.users.dispatcher, ownLoad, 'cancelled');
    expect((await about(platform.users.admin, ownLoad)).map((item) => item.kind)).toEqual(['load_status']);
    const master = await createMasterAdmin(started.services);
    const foreignLoad = await createLoad(db(), company.users.dispatcher);
    await setLoadStatus(db(), company.users.dispatcher, foreignLoad, 'cancelled');
    expect(await about(master, foreignLoad)).toEqual([]);
  });

  it('a new message tells its recipient, and nobody else', async () => {
    const id = await sendTestMessage(db(), company.users.treasury, company.users.admin, { subject: 'Invoice 1042' });
    expect(await about(company.users.admin, id)).toEqual([
      expect.objectContaining({
        kind: 'message',
        title: 'New message from Tre treasury',
        body: 'Invoice 1042',
        link: `/messages?id=${id}`,
      }),
    ]);
    for (const persona of ['treasury', 'dispatcher', 'sales', 'driver'] as const)
      expect(await about(company.users[persona], id)).toEqual([]);
  });

  it('a WIP request decided tells the user who asked', async () => {
    const requestId = await createWipRequest(db(), company.users.sales);
    await (await as(company.users.admin)).wip.reject({ id: requestId, notes: 'Not this week' });
    expect(await about(company.users.sales, requestId)).toEqual([
      expect.objectContaining({ kind: 'wip_decided', title: 'Assignment request rejected', body: 'Not this week' }),
    ]);
    expect(await about(company.users.admin, requestId)).toEqual([]);
  });

  it('the invoice payment hook tells treasury and admins (the invoices trigger calls notify_company_roles)', async () => {
    const invoiceId = randomUUID();
    await withCompany(db(), company.users.dispatcher, (tx) =>
      sql`select notify_company_roles(${company.companyId}::uuid, array['admin', 'treasury'], 'invoice_payment',
        'Invoice INV-1 paid', 'Payment status changed from Pending to Paid', '/invoices', ${invoiceId}::uuid)`.execute(tx),
    );
    expect((await about(company.users.admin, invoiceId)).map((item) => item.kind)).toEqual(['invoice_payment']);
    expect((await about(company.users.treasury, invoiceId)).map((item) => item.kind)).toEqual(['invoice_payment']);
    expect(await about(company.users.sales, invoiceId)).toEqual([]);
  });

  it('nothing is notified for a change that rolled back', async () => {
    const loadId = await createLoad(db(), company.users.dispatcher);
    await expect(
      withCompany(db(), company.users.dispatcher, async (tx) => {
        await tx.updateTable('loads').set({ status: 'delivered' }).where('id', '=', loadId).execute();
        throw new Error('the call failed after the change');
      }),
    ).rejects.toThrow('the call failed');
    expect(await about(company.users.admin, loadId)).toEqual([]);
  });

  it('a kind turned off in Settings is not notified; turned on again, it is', async () => {
    const treasury = await as(company.users.treasury);
    const preferences = await treasury.notifications.setPreference({ kind: 'load_status', enabled: false });
    expect(preferences.find((preference) => preference.kind === 'load_status')?.enabled).toBe(false);
    expect((await (await as(company.users.admin)).notifications.preferences()).every((preference) => preference.enabled)).toBe(true);
    const quiet = await createLoad(db(), company.users.dispatcher);
    await setLoadStatus(db(), company.users.dispatcher, quiet, 'picked');
    expect(await about(company.users.treasury, quiet)).toEqual([]);
    expect(await about(company.users.admin, quiet)).toHaveLength(1);

    await treasury.notifications.setPreference({ kind: 'load_status', enabled: true });
    await setLoadStatus(db(), company.users.dispatcher, quiet, 'in_transit');
    expect(await about(company.users.treasury, quiet)).toHaveLength(1);
  });

  it('nobody can change or read another user’s preferences through the app role', async () => {
    await (await as(company.users.sales)).notifications.setPreference({ kind: 'message', enabled: false });
    await expect(
      withCompany(db(), company.users.dispatcher, (tx) =>
        tx.updateTable('notificationPreferences').set({ enabled: true }).where('userId', '=', company.users.sales.userId).execute(),
      ),
    ).rejects.toThrow(/row-level security/);
    expect(
      (await (await as(company.users.sales)).notifications.preferences()).find((preference) => preference.kind === 'message')?.enabled,
    ).toBe(false);
  });
});

describe('reading notifications', () => {
  let company: TestCompany;
  beforeAll(async () => {
    company = await createTestCompany(started.services);
  });

  it('lists only one’s own, counts unread, marks one and then all read', async () => {
    const admin = await as(company.users.admin);
    const first = await notifyTestUser(db(), company.users.admin, { title: 'First' });
    const second = await notifyTestUser(db(), company.users.admin, { title: 'Second' });
    const theirs = await notifyTestUser(db(), company.users.sales, { title: 'Not yours' });
    expect((await admin.notifications.list()).items.map((item) => item.id)).toEqual([second, first]);
    expect((await admin.notifications.unreadCount()).count).toBe(2);

    await admin.notifications.markRead({ id: first });
    expect((await admin.notifications.unreadCount()).count).toBe(1);
    expect((await admin.notifications.list({ unreadOnly: true })).items.map((item) => item.id)).toEqual([second]);
    await expectSameAsMissing(
      () => admin.notifications.markRead({ id: theirs }),
      () => admin.notifications.markRead({ id: randomUUID() }),
    );
    expect((await (await as(company.users.sales)).notifications.unreadCount()).count).toBe(1);

    expect(await admin.notifications.markAllRead()).toEqual({ count: 1 });
    expect((await admin.notifications.unreadCount()).count).toBe(0);
    expect((await admin.notifications.list()).items.every((item) => item.isRead)).toBe(true);
  });

  it('a driver (no role) has notifications too', async () => {
    await notifyTestUser(db(), company.users.driver, { kind: 'load_assigned', link: '/driver-portal' });
    expect((await (await as(company.users.driver)).notifications.unreadCount()).count).toBe(1);
  });

  it('refuses an unknown kind with a clear error', async () => {
    const error = await expectTrpcError(
      (await as(company.users.admin)).notifications.setPreference({ kind: 'everything' as never, enabled: false }),
      'BAD_REQUEST',
    );
    expect(userFacingError(error, 'notifications.setPreference')).toMatchObject({
      message: 'Unknown notification kind',
      data: { field: 'kind' },
    });
  });

  it('stores only links into the app, never another site', async () => {
    await expect(notifyTestUser(db(), company.users.admin, { link: '//evil.example/phish' })).rejects.toThrow(/check constraint/);
    await expect(notifyTestUser(db(), company.users.admin, { link: 'https://evil.example' })).rejects.toThrow(/check constraint/);
  });
});
