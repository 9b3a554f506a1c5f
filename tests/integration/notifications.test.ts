import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, randomUUID, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationItem } from '#shared/schemas/notifications.js';
import { withCompany } from '../../server/src/db/with-company.js';
import type { StartedServices } from '../../server/src/create-services.js';
import {
  createDriver,
  createLoad,
  createMember,
  createMasterAdmin,
  createTestCompany,
  createWipRequest,
  setLoadStatus,
  type TestCompany,
  type TestUser,
} from '../support/factories.js';
import { callerFor, listen, ownerDb, sessionFor, startTestServices } from '../support/harness.js';
import { openLiveTab } from '../support/live.js';
import { expectTrpcError, userFacingError } from '../support/http.js';
import type { PersonaName } from '../support/personas.js';
import { expectSameAsMissing } from './security/authorization-matrix.js';
import { sendTestMessage } from './security/matrix/messages.js';
import { notifyTestUser } from './security/matrix/notifications.js';

let started: StartedServices;
/** A local fake of a browser's push service: records every request, answers 201 (or 410 for a path under /gone/). */
interface PushRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}
const pushed: PushRequest[] = [];
let pushService: Server;
let pushHost: string;

beforeAll(async () => {
  pushService = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      pushed.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.statusCode = request.url?.startsWith('/gone/') ? 410 : 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  pushHost = `127.0.0.1:${(pushService.address() as AddressInfo).port}`;
  started = await startTestServices({ config: { WEB_PUSH_EXTRA_HOSTS: pushHost } });
});
afterAll(async () => {
  await started?.close();
  await new Promise((resolve) => pushService?.close(resolve));
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

  it('a message to a driver account links to it, the driver opens it there, and their reply links the dispatcher to the reply', async () => {
    const driver = await createMember(started.services, company.companyId, { role: null, firstName: 'Dustin', lastName: 'Pruitt' });
    const driverId = await createDriver(db(), company.users.dispatcher, { firstName: 'Dustin', lastName: 'Pruitt' });
    await withCompany(db(), company.users.admin, (tx) =>
      tx.updateTable('drivers').set({ userId: driver.userId }).where('id', '=', driverId).execute(),
    );
    const sent = await (
      await as(company.users.dispatcher)
    ).messages.send({ recipientId: driver.userId, subject: 'Dock 7', body: 'Use dock 7.' });
    const [notification] = await about(driver, sent.id);
    expect(notification).toMatchObject({ kind: 'message', title: 'New message from Dee dispatcher', link: `/messages?id=${sent.id}` });
    // The link is what the Messages screen reads: ?id= opens that message, for a driver too.
    const opened = new URL(notification?.link ?? '/', 'https://haulwise.test').searchParams.get('id');
    expect(opened).toBe(sent.id);
    const caller = await as(driver);
    expect((await caller.messages.get({ id: opened ?? '' })).message).toMatchObject({ id: sent.id, body: 'Use dock 7.', isRead: true });
    const reply = await caller.messages.reply({ id: sent.id, body: 'On my way.' });
    expect(await about(company.users.dispatcher, reply.id)).toEqual([
      expect.objectContaining({ kind: 'message', title: 'New message from Dustin Pruitt', link: `/messages?id=${reply.id}` }),
    ]);
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

/** A browser's side of a push subscription: its P-256 key pair and auth secret (RFC 8291). */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
}

/** What the browser does with a push: decrypt the aes128gcm body with its private key and auth secret (RFC 8188, RFC 8291). */
function decryptPush(body: Buffer, browser: ReturnType<typeof browserKeys>): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverKey = body.subarray(21, 21 + idLength);
  const sealed = body.subarray(21 + idLength);
  const shared = browser.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, browser.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(sealed.subarray(sealed.length - 16));
  const padded = Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]);
  return padded.subarray(0, padded.lastIndexOf(2)).toString('utf8');
}

/** Checks the VAPID header as a push service does: an ES256 JWT for this origin, signed by the key it names, not expired. */
function expectValidVapid(request: PushRequest, publicKey: string) {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(String(request.headers.authorization));
  expect(match, 'a VAPID Authorization header').not.toBeNull();
  const [, token = '', key = ''] = match ?? [];
  expect(key).toBe(publicKey);
  const [header = '', claims = '', signature = ''] = token.split('.');
  const point = Buffer.from(key, 'base64url');
  const jwk = { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') };
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  expect(valid, 'the VAPID signature verifies with the public key').toBe(true);
  const payload = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { aud: string; exp: number; sub: string };
  expect(payload.aud).toBe(`http://${pushHost}`);
  expect(payload.exp * 1000).toBeGreaterThan(Date.now());
  expect(payload.sub).toMatch(/^(mailto:|https:)/);
}

describe('Web Push', () => {
  let company: TestCompany;
  beforeAll(async () => {
    company = await createTestCompany(started.services);
  });

  it('delivers a notification to the subscribed browser after commit: encrypted for it, signed with the VAPID key', async () => {
    const browser = browserKeys();
    const caller = await as(company.users.admin);
    const { publicKey } = await caller.notifications.pushKey();
    const path = `/push/${randomUUID()}`;
    await caller.notifications.subscribePush({ endpoint: `http://${pushHost}${path}`, keys: browser.keys });

    const messageId = await sendTestMessage(db(), company.users.dispatcher, company.users.admin, { subject: 'Dock 7' });
    await expect.poll(() => pushed.filter((request) => request.path === path).length, { timeout: 10_000 }).toBe(1);
    const request = pushed.find((candidate) => candidate.path === path) as PushRequest;
    expectValidVapid(request, publicKey);
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(request.headers.ttl)).toBeGreaterThan(0);
    expect(JSON.parse(decryptPush(request.body, browser))).toEqual({
      title: 'New message from Dee dispatcher',
      body: 'Dock 7',
      url: `/messages?id=${messageId}`,
      icon: '/favicon.png',
      tag: expect.any(String),
    });
  });

  it('sends nothing for a change that rolled back, nor to another user’s browser', async () => {
    const browser = browserKeys();
    const path = `/push/${randomUUID()}`;
    await (await as(company.users.treasury)).notifications.subscribePush({ endpoint: `http://${pushHost}${path}`, keys: browser.keys });
    const loadId = await createLoad(db(), company.users.dispatcher);
    await expect(
      withCompany(db(), company.users.dispatcher, async (tx) => {
        await tx.updateTable('loads').set({ status: 'delivered' }).where('id', '=', loadId).execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // A message to someone else arrives after the rollback would have: by then nothing came for the treasury browser.
    const sentinelPath = `/push/${randomUUID()}`;
    await (
      await as(company.users.sales)
    ).notifications.subscribePush({ endpoint: `http://${pushHost}${sentinelPath}`, keys: browserKeys().keys });
    await sendTestMessage(db(), company.users.admin, company.users.sales);
    await expect.poll(() => pushed.some((request) => request.path === sentinelPath), { timeout: 10_000 }).toBe(true);
    expect(pushed.filter((request) => request.path === path)).toEqual([]);
  });

  it('forgets a subscription the push service says is gone (410)', async () => {
    const member = company.users.sales;
    const path = `/gone/${randomUUID()}`;
    await (await as(member)).notifications.subscribePush({ endpoint: `http://${pushHost}${path}`, keys: browserKeys().keys });
    await sendTestMessage(db(), company.users.treasury, member);
    await expect.poll(() => pushed.some((request) => request.path === path), { timeout: 10_000 }).toBe(true);
    await expect
      .poll(
        () =>
          withCompany(db(), member, (tx) =>
            tx.selectFrom('pushSubscriptions').select('endpoint').where('endpoint', 'like', '%/gone/%').execute(),
          ),
        { timeout: 10_000 },
      )
      .toEqual([]);
  });

  it('ends a browser’s subscription with the session that made it (signing out on a shared computer)', async () => {
    const member = await createMember(started.services, company.companyId, { role: 'dispatcher' });
    const path = `/push/${randomUUID()}`;
    await (await as(member)).notifications.subscribePush({ endpoint: `http://${pushHost}${path}`, keys: browserKeys().keys });
    const stored = () =>
      withCompany(db(), member, (tx) =>
        tx.selectFrom('pushSubscriptions').select('endpoint').where('userId', '=', member.userId).execute(),
      );
    expect(await stored()).toHaveLength(1);
    await started.services.lucia.invalidateUserSessions(member.userId);
    expect(await stored()).toEqual([]);
    const messageId = await sendTestMessage(db(), company.users.admin, member);
    // The message's notification queued its push fan-out job in the same transaction; once that job
    // and any delivery it queued have run (a finished job leaves the queue), nothing came for this browser.
    const notification = await withCompany(db(), member, (tx) =>
      tx.selectFrom('notifications').select('id').where('entityId', '=', messageId).executeTakeFirstOrThrow(),
    );
    const owner = ownerDb();
    try {
      await expect
        .poll(
          async () =>
            (
              await sql<{ key: string }>`select key from graphile_worker.jobs where key like ${`web-push:${notification.id}%`}`.execute(
                owner,
              )
            ).rows,
          { timeout: 10_000 },
        )
        .toEqual([]);
    } finally {
      await owner.destroy();
    }
    expect(pushed.filter((request) => request.path === path)).toEqual([]);
  });

  it('queues a push job only for a recipient with a push subscription (nobody to push to, no job)', async () => {
    const without = await createMember(started.services, company.companyId, { role: 'dispatcher' });
    const withPush = await createMember(started.services, company.companyId, { role: 'dispatcher' });
    const other = await createTestCompany(started.services);
    const path = `/push/${randomUUID()}`;
    await (await as(withPush)).notifications.subscribePush({ endpoint: `http://${pushHost}${path}`, keys: browserKeys().keys });
    // What the notifications trigger asks before it queues a job, asked as the writer (the app role in the company's transaction).
    const asks = (companyId: string, user: TestUser) =>
      withCompany(db(), company.users.admin, async (tx) => {
        const { rows } = await sql<{
          push: boolean;
        }>`select app_has_push_subscription(${companyId}::uuid, ${user.userId}::uuid) as push`.execute(tx);
        return rows[0]?.push;
      });
    expect(await asks(company.companyId, without)).toBe(false);
    expect(await asks(company.companyId, withPush)).toBe(true);
    // Another company's user: it answers nothing about them (true: the job would be queued and find out itself).
    expect(await asks(other.companyId, other.users.admin)).toBe(true);
    // The trigger asks it: the subscriber's notification still arrives as a push.
    await sendTestMessage(db(), company.users.admin, without);
    await sendTestMessage(db(), company.users.admin, withPush);
    await expect.poll(() => pushed.filter((request) => request.path === path).length, { timeout: 10_000 }).toBe(1);
    const owner = ownerDb();
    try {
      const trigger = await sql<{ body: string }>`select prosrc as body from pg_proc where proname = 'notifications_to_web_push'`.execute(
        owner,
      );
      expect(trigger.rows[0]?.body).toContain('app_has_push_subscription(new.company_id, new.user_id)');
    } finally {
      await owner.destroy();
    }
  });

  it('accepts only the browsers’ push services as endpoints (no request to an address a user typed)', async () => {
    const caller = await as(company.users.dispatcher);
    for (const endpoint of [
      'https://evil.example/push',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/x',
      'http://169.254.169.254/latest',
    ]) {
      const error = await expectTrpcError(caller.notifications.subscribePush({ endpoint, keys: browserKeys().keys }), 'BAD_REQUEST');
      expect(userFacingError(error, 'notifications.subscribePush').data.field).toBe('endpoint');
    }
    await caller.notifications.subscribePush({ endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: browserKeys().keys });
    expect(await caller.notifications.unsubscribePush({ endpoint: 'https://fcm.googleapis.com/fcm/send/abc' })).toEqual({ removed: 1 });
  });
});

describe('live: a driver’s session hears of their notifications', () => {
  it('a load assigned to the driver and its status change reach the driver’s live channel as their notifications, and nobody else’s', async () => {
    const company = await createTestCompany(started.services);
    const driverId = await linkedDriver(company);
    const { app, origin, wsUrl } = await listen(started.services);
    const closers: (() => void)[] = [];
    const tab = async (user: TestUser) => {
      const opened = await openLiveTab({ wsUrl, origin }, await sessionFor(started.services, user));
      closers.push(opened.close);
      return () => opened.changes().filter((event) => event.table === 'notifications');
    };
    try {
      const driver = await tab(company.users.driver);
      const sales = await tab(company.users.sales);
      const loadId = await createLoad(db(), company.users.dispatcher, { driverId });
      await setLoadStatus(db(), company.users.dispatcher, loadId, 'assigned');
      await setLoadStatus(db(), company.users.dispatcher, loadId, 'picked');
      const mine = (await about(company.users.driver, loadId)).map((item) => item.id);
      expect(mine).toHaveLength(2);
      await expect
        .poll(
          () =>
            driver()
              .map((change) => change.id)
              .sort(),
          { timeout: 2000 },
        )
        .toEqual([...mine].sort());
      expect(driver().every((change) => change.op === 'INSERT' && change.status === 'unread')).toBe(true);
      // The sales member sees neither the load nor the driver's notifications; a message to them arrives after, as a sentinel.
      const sentinel = await sendTestMessage(db(), company.users.admin, company.users.sales);
      const theirs = (await about(company.users.sales, sentinel)).map((item) => item.id);
      await expect.poll(() => sales().map((change) => change.id), { timeout: 2000 }).toEqual(theirs);
    } finally {
      for (const close of closers) close();
      await app.close();
    }
  });
});
