import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_RATE_LIMIT, MESSAGE_RATE_LIMITED } from '#shared/schemas/messages.js';
import { withCompany } from '../../server/src/db/with-company.js';
import type { StartedServices } from '../../server/src/create-services.js';
import {
  createCarrier,
  createDriver,
  createLoad,
  createMember,
  createTestCompany,
  type TestCompany,
  type TestUser,
} from '../support/factories.js';
import { callerFor, callPath, listen, sessionFor, startTestServices } from '../support/harness.js';
import { openLiveTab, type LiveTab } from '../support/live.js';
import { expectTrpcError, settle, userFacingError } from '../support/http.js';
import { expectSameAsMissing } from './security/authorization-matrix.js';
import { sendTestMessage } from './security/matrix/messages.js';
import { linkCarrierUser, linkDriverAccount } from './security/matrix/portal.js';

let started: StartedServices;
let app: FastifyInstance;
let origin: string;
let wsUrl: string;
let company: TestCompany;
let other: TestCompany;
const closers: (() => void)[] = [];

beforeAll(async () => {
  started = await startTestServices();
  ({ app, origin, wsUrl } = await listen(started.services));
  [company, other] = await Promise.all([createTestCompany(started.services), createTestCompany(started.services)]);
});
afterAll(async () => {
  for (const close of closers) close();
  await app?.close();
  await started?.close();
});

const as = (user: TestUser) => callerFor(started.services, user);

/** A signed-in tab's one live channel (tests/support/live.ts), closed after the file. */
async function tab(user: TestUser): Promise<LiveTab> {
  const opened = await openLiveTab({ wsUrl, origin }, await sessionFor(started.services, user));
  closers.push(opened.close);
  return opened;
}

describe('messages.send and the mailboxes', () => {
  it('a message reaches its recipient, shows in the sender’s Sent, and in nobody else’s mailbox', async () => {
    const { admin, dispatcher, sales } = company.users;
    const loadId = await createLoad(started.services.db, dispatcher, { loadNumber: `LD-${randomUUID().slice(0, 6)}` });
    const sent = await (
      await as(dispatcher)
    ).messages.send({
      recipientId: admin.userId,
      subject: '  Pickup window  ',
      body: 'Can we move the Dallas pickup to 3 PM?',
      loadId,
    });
    expect(sent).toMatchObject({
      senderId: dispatcher.userId,
      senderName: 'Dee dispatcher',
      recipientId: admin.userId,
      recipientName: 'Ada Admin',
      subject: 'Pickup window',
      body: 'Can we move the Dallas pickup to 3 PM?',
      loadId,
      isRead: false,
      threadId: null,
    });
    expect(sent.loadNumber).toMatch(/^LD-/);

    const adminCaller = await as(admin);
    expect((await adminCaller.messages.inbox()).items.map((message) => message.id)).toContain(sent.id);
    expect((await (await as(dispatcher)).messages.sent()).items.map((message) => message.id)).toContain(sent.id);
    // Not in the sender's inbox, not in the recipient's Sent, nowhere for a third user of the same company.
    expect((await (await as(dispatcher)).messages.inbox()).items.map((message) => message.id)).not.toContain(sent.id);
    expect((await adminCaller.messages.sent()).items.map((message) => message.id)).not.toContain(sent.id);
    const third = await as(sales);
    expect((await third.messages.inbox()).items.map((message) => message.id)).not.toContain(sent.id);
    expect((await third.messages.sent()).items.map((message) => message.id)).not.toContain(sent.id);
    await expectSameAsMissing(
      () => third.messages.get({ id: sent.id }),
      () => third.messages.get({ id: randomUUID() }),
    );
    // Row-level security says the same, whatever the query: the third user's transaction sees no row.
    const seen = await withCompany(started.services.db, sales, (tx) =>
      tx.selectFrom('messages').select('id').where('id', '=', sent.id).execute(),
    );
    expect(seen).toEqual([]);
  });

  it('refuses a recipient of another company exactly like one that does not exist, and stores nothing', async () => {
    const caller = await as(company.users.sales);
    const before = (await caller.messages.sent()).items.length;
    const foreign = await expectTrpcError(
      caller.messages.send({ recipientId: other.users.admin.userId, body: 'Hello from another company' }),
      'NOT_FOUND',
      'Recipient not found',
    );
    const missing = await expectTrpcError(caller.messages.send({ recipientId: randomUUID(), body: 'Hello nobody' }), 'NOT_FOUND');
    expect(userFacingError(foreign, 'messages.send')).toEqual(userFacingError(missing, 'messages.send'));
    expect(userFacingError(foreign, 'messages.send').data.field).toBe('recipientId');
    expect((await caller.messages.sent()).items.length).toBe(before);
    // Nor through the database directly: both people must belong to the message's company.
    await expect(sendTestMessage(started.services.db, company.users.sales, other.users.admin)).rejects.toThrow();
  });

  it('refuses a load of another company, and oneself as recipient', async () => {
    const caller = await as(company.users.dispatcher);
    const foreignLoad = await createLoad(started.services.db, other.users.dispatcher);
    const error = await expectTrpcError(
      caller.messages.send({ recipientId: company.users.admin.userId, body: 'See load', loadId: foreignLoad }),
      'NOT_FOUND',
      'Load not found',
    );
    expect(userFacingError(error, 'messages.send').data.field).toBe('loadId');
    await expectTrpcError(caller.messages.send({ recipientId: company.users.dispatcher.userId, body: 'Note to self' }), 'NOT_FOUND');
  });

  it('validates with clear field errors: a body is required and bounded, the subject bounded, the recipient required', async () => {
    const caller = await as(company.users.treasury);
    const recipientId = company.users.admin.userId;
    const blank = await expectTrpcError(caller.messages.send({ recipientId, body: '   ' }), 'BAD_REQUEST');
    expect(userFacingError(blank, 'messages.send')).toMatchObject({ message: 'Message is required', data: { field: 'body' } });
    const long = await expectTrpcError(caller.messages.send({ recipientId, body: 'x'.repeat(5001) }), 'BAD_REQUEST');
    expect(userFacingError(long, 'messages.send').message).toBe('Message must be at most 5000 characters');
    const subject = await expectTrpcError(caller.messages.send({ recipientId, subject: 's'.repeat(201), body: 'Hi' }), 'BAD_REQUEST');
    expect(userFacingError(subject, 'messages.send').data.field).toBe('subject');
    const noRecipient = await expectTrpcError(caller.messages.send({ recipientId: '', body: 'Hi' }), 'BAD_REQUEST');
    expect(userFacingError(noRecipient, 'messages.send')).toMatchObject({
      message: 'Recipient is required',
      data: { field: 'recipientId' },
    });
  });

  it('keeps a body as the text it is (no HTML is interpreted or stripped)', async () => {
    const body = '<img src=x onerror=alert(1)> & <b>bold</b>';
    const sent = await (await as(company.users.admin)).messages.send({ recipientId: company.users.sales.userId, body });
    expect((await (await as(company.users.sales)).messages.get({ id: sent.id })).message.body).toBe(body);
  });

  it('searches a mailbox by subject, body, load number and the other person’s name', async () => {
    const { admin, treasury } = company.users;
    const tag = randomUUID().slice(0, 8);
    const sent = await sendTestMessage(started.services.db, treasury, admin, { subject: `Invoice ${tag}`, body: 'Due Friday' });
    const inbox = await as(admin);
    expect((await inbox.messages.inbox({ search: tag })).items.map((message) => message.id)).toEqual([sent]);
    expect((await inbox.messages.inbox({ search: 'Tre treasury' })).items.map((message) => message.id)).toContain(sent);
    expect((await inbox.messages.inbox({ search: `${tag}-nothing` })).items).toEqual([]);
  });

  it('is limited per sender: past the limit a clear TOO_MANY_REQUESTS, and nothing stored', async () => {
    const member = await createMember(started.services, company.companyId, { role: 'dispatcher' });
    const caller = await as(member);
    for (let index = 0; index < MESSAGE_RATE_LIMIT.limit; index += 1) {
      await caller.messages.send({ recipientId: company.users.admin.userId, body: `Message ${index}` });
    }
    await expectTrpcError(
      caller.messages.send({ recipientId: company.users.admin.userId, body: 'One too many' }),
      'TOO_MANY_REQUESTS',
      MESSAGE_RATE_LIMITED,
    );
    expect((await caller.messages.sent({ limit: 100 })).items).toHaveLength(MESSAGE_RATE_LIMIT.limit);
    // Another sender is not held back by it.
    await (await as(company.users.sales)).messages.send({ recipientId: company.users.admin.userId, body: 'Still fine' });
  });

  it('a member with no role and no portal account (no driver record, no carrier) has no messages', async () => {
    const member = await createMember(started.services, company.companyId, { role: null });
    await expectTrpcError((await as(member)).messages.inbox(), 'FORBIDDEN');
    await expectTrpcError((await as(member)).messages.send({ recipientId: company.users.admin.userId, body: 'Hi' }), 'FORBIDDEN');
  });
});

describe('reading, unread counts and replies', () => {
  it('opening an unread received message marks it read and lowers the unread count; the sender opening it changes nothing', async () => {
    const { admin, dispatcher } = company.users;
    const reader = await as(admin);
    const before = (await reader.messages.unreadCount()).count;
    const id = await sendTestMessage(started.services.db, dispatcher, admin);
    expect((await reader.messages.unreadCount()).count).toBe(before + 1);

    expect((await (await as(dispatcher)).messages.get({ id })).message.isRead).toBe(false);
    expect((await reader.messages.unreadCount()).count).toBe(before + 1);

    const opened = await reader.messages.get({ id });
    expect(opened.message.isRead).toBe(true);
    expect((await reader.messages.unreadCount()).count).toBe(before);
    expect((await reader.messages.inbox()).items.find((message) => message.id === id)?.isRead).toBe(true);
  });

  it('a reply goes to the other person, in the same thread, with Re: and the same load; get shows the thread oldest first', async () => {
    const { admin, sales } = company.users;
    const loadId = await createLoad(started.services.db, sales);
    const first = await (
      await as(sales)
    ).messages.send({ recipientId: admin.userId, subject: 'Rate check', body: 'Is $2,450 ok?', loadId });
    const reply = await (await as(admin)).messages.reply({ id: first.id, body: 'Yes, book it.' });
    expect(reply).toMatchObject({
      senderId: admin.userId,
      recipientId: sales.userId,
      subject: 'Re: Rate check',
      threadId: first.id,
      loadId,
    });
    const again = await (await as(sales)).messages.reply({ id: reply.id, body: 'Booked.' });
    expect(again).toMatchObject({ recipientId: admin.userId, subject: 'Re: Rate check', threadId: first.id });

    const thread = await (await as(admin)).messages.get({ id: first.id });
    expect(thread.thread.map((message) => message.id)).toEqual([first.id, reply.id, again.id]);
    await expectTrpcError((await as(company.users.treasury)).messages.reply({ id: first.id, body: 'Me too' }), 'NOT_FOUND');
  });

  it('the recipient list is the caller’s company, without the caller, with names and roles', async () => {
    const recipients = await (await as(company.users.sales)).messages.recipients();
    const ids = recipients.map((person) => person.userId);
    expect(ids).not.toContain(company.users.sales.userId);
    expect(ids).toEqual(expect.arrayContaining([company.users.admin.userId, company.users.driver.userId]));
    expect(ids).not.toContain(other.users.admin.userId);
    expect(recipients.find((person) => person.userId === company.users.admin.userId)).toMatchObject({ name: 'Ada Admin', role: 'admin' });
  });
});

describe('drivers and carrier users (issue 27, item 2)', () => {
  /** A driver account of the company: a member with no role linked to a new driver record. */
  async function driverAccount(of: TestCompany, firstName = 'Dustin'): Promise<{ user: TestUser; driverId: string }> {
    const user = await createMember(started.services, of.companyId, {
      role: null,
      firstName,
      lastName: `Pruitt ${randomUUID().slice(0, 4)}`,
    });
    const driverId = await linkDriverAccount(started.services, of, { userId: user.userId });
    return { user, driverId };
  }
  /** A carrier user of the company: a member with no role linked to a new carrier. */
  async function carrierUser(of: TestCompany): Promise<{ user: TestUser; carrierId: string }> {
    const user = await createMember(started.services, of.companyId, {
      role: null,
      firstName: 'Carla',
      lastName: `Reyes ${randomUUID().slice(0, 4)}`,
    });
    const carrierId = await createCarrier(started.services.db, of.users.admin);
    await linkCarrierUser(started.services, of, carrierId, user.userId);
    return { user, carrierId };
  }

  it('a driver reads a message sent to them and replies to the dispatcher, who reads the reply', async () => {
    const { dispatcher } = company.users;
    const { user: driver, driverId } = await driverAccount(company);
    const loadId = await createLoad(started.services.db, dispatcher, { driverId, status: 'assigned' });
    const sent = await (
      await as(dispatcher)
    ).messages.send({ recipientId: driver.userId, subject: 'Dock change', body: 'Use dock 7 at pickup.', loadId });

    const driverCaller = await as(driver);
    expect((await driverCaller.messages.unreadCount()).count).toBe(1);
    expect((await driverCaller.messages.inbox()).items.map((message) => message.id)).toEqual([sent.id]);
    const opened = await driverCaller.messages.get({ id: sent.id });
    expect(opened.message).toMatchObject({ senderName: 'Dee dispatcher', body: 'Use dock 7 at pickup.', isRead: true, loadId });
    expect((await driverCaller.messages.unreadCount()).count).toBe(0);

    const reply = await driverCaller.messages.reply({ id: sent.id, body: 'Got it, dock 7.' });
    expect(reply).toMatchObject({
      senderId: driver.userId,
      recipientId: dispatcher.userId,
      threadId: sent.id,
      subject: 'Re: Dock change',
      loadId,
    });
    expect((await driverCaller.messages.sent()).items.map((message) => message.id)).toEqual([reply.id]);
    const dispatcherInbox = (await (await as(dispatcher)).messages.inbox()).items;
    expect(dispatcherInbox.find((message) => message.id === reply.id)).toMatchObject({ senderId: driver.userId, body: 'Got it, dock 7.' });
    // A driver writes a new message to those who dispatch them, about their own load.
    const own = await driverCaller.messages.send({ recipientId: company.users.admin.userId, body: 'Running 20 min late.', loadId });
    expect(own).toMatchObject({ recipientId: company.users.admin.userId, loadId });
  });

  it('a driver writes to no other driver, carrier user, sales or treasury member, nor anyone of another company, and names no load but their own', async () => {
    const { user: driver } = await driverAccount(company);
    const { user: otherDriver } = await driverAccount(company, 'Omar');
    const { user: carrier } = await carrierUser(company);
    const { user: foreignDriver } = await driverAccount(other);
    const caller = await as(driver);
    for (const recipientId of [
      otherDriver.userId,
      carrier.userId,
      company.users.sales.userId,
      company.users.treasury.userId,
      other.users.dispatcher.userId,
      foreignDriver.userId,
      randomUUID(),
    ]) {
      const error = await settle(caller.messages.send({ recipientId, body: 'Hello' }));
      if (!error) throw new Error(`a message to ${recipientId} was sent`);
      expect(userFacingError(error, 'messages.send')).toMatchObject({
        message: 'Recipient not found',
        data: { code: 'NOT_FOUND', field: 'recipientId' },
      });
    }
    const someoneElsesLoad = await createLoad(started.services.db, company.users.dispatcher);
    await expectTrpcError(
      caller.messages.send({ recipientId: company.users.dispatcher.userId, body: 'About this load', loadId: someoneElsesLoad }),
      'NOT_FOUND',
    );
    // A message another driver received is not theirs to read or answer.
    const toOther = await sendTestMessage(started.services.db, company.users.dispatcher, otherDriver);
    await expectSameAsMissing(
      () => caller.messages.reply({ id: toOther, body: 'Me too' }),
      () => caller.messages.reply({ id: randomUUID(), body: 'Me too' }),
    );
    expect((await caller.messages.inbox()).items).toEqual([]);
  });

  it('a sales member who writes to a driver gets the reply (a reply goes to any staff who wrote)', async () => {
    const { user: driver } = await driverAccount(company);
    const first = await sendTestMessage(started.services.db, company.users.sales, driver, { subject: 'Detention' });
    const reply = await (await as(driver)).messages.reply({ id: first, body: 'Two hours at the dock.' });
    expect(reply.recipientId).toBe(company.users.sales.userId);
  });

  it('the database refuses a message between two accounts without a role, whatever the app asks (messages_portal_to_staff)', async () => {
    const { user: driver } = await driverAccount(company);
    const { user: otherDriver } = await driverAccount(company, 'Omar');
    await expect(sendTestMessage(started.services.db, driver, otherDriver)).rejects.toThrow(/row-level security/);
    const { user: carrier } = await carrierUser(company);
    await expect(sendTestMessage(started.services.db, carrier, driver)).rejects.toThrow(/row-level security/);
    // To staff it is stored.
    expect(await sendTestMessage(started.services.db, driver, company.users.dispatcher)).toEqual(expect.any(String));
  });

  it('a carrier user reads and replies like a driver, and writes only to dispatch', async () => {
    const { user: carrier } = await carrierUser(company);
    const { user: driver } = await driverAccount(company);
    const { user: foreignCarrier } = await carrierUser(other);
    const first = await sendTestMessage(started.services.db, company.users.dispatcher, carrier, { subject: 'Rate con' });
    const caller = await as(carrier);
    expect((await caller.messages.get({ id: first })).message.isRead).toBe(true);
    const reply = await caller.messages.reply({ id: first, body: 'Signed and sent.' });
    expect(reply).toMatchObject({ recipientId: company.users.dispatcher.userId, threadId: first });
    for (const recipientId of [driver.userId, foreignCarrier.userId, other.users.admin.userId, company.users.treasury.userId]) {
      await expectTrpcError(caller.messages.send({ recipientId, body: 'Hello' }), 'NOT_FOUND');
    }
    await caller.messages.send({ recipientId: company.users.admin.userId, body: 'Invoice question' });
  });

  it('a portal account’s recipients are the staff who dispatch them (admins, dispatchers), never drivers or another company', async () => {
    const { user: driver } = await driverAccount(company);
    const { user: carrier } = await carrierUser(company);
    for (const caller of [driver, carrier]) {
      const recipients = await (await as(caller)).messages.recipients();
      const ids = recipients.map((person) => person.userId);
      expect(ids).toEqual(expect.arrayContaining([company.users.admin.userId, company.users.dispatcher.userId]));
      expect(
        recipients.every(
          (person) => person.hasAccount && (person.role === 'admin' || person.role === 'dispatcher' || person.isMasterAdmin),
        ),
      ).toBe(true);
      expect(ids).not.toContain(caller.userId);
      expect(ids).not.toContain(other.users.admin.userId);
    }
  });

  it('staff recipients list every driver: accounts as drivers, carrier users as such, and drivers without an account marked', async () => {
    const { user: driver, driverId } = await driverAccount(company);
    const { user: carrier } = await carrierUser(company);
    const noAccount = await createDriver(started.services.db, company.users.admin, {
      firstName: 'Nadia',
      lastName: `Noaccount ${randomUUID().slice(0, 4)}`,
    });
    const foreignNoAccount = await createDriver(started.services.db, other.users.admin);
    const recipients = await (await as(company.users.dispatcher)).messages.recipients();
    expect(recipients.find((person) => person.userId === driver.userId)).toMatchObject({
      portal: 'driver',
      driverId,
      hasAccount: true,
      role: null,
    });
    expect(recipients.find((person) => person.userId === carrier.userId)).toMatchObject({
      portal: 'carrier',
      hasAccount: true,
      role: null,
    });
    expect(recipients.find((person) => person.driverId === noAccount)).toEqual({
      userId: null,
      name: expect.stringMatching(/^Nadia Noaccount/),
      role: null,
      isMasterAdmin: false,
      portal: 'driver',
      driverId: noAccount,
      hasAccount: false,
    });
    expect(recipients.some((person) => person.driverId === foreignNoAccount)).toBe(false);
    // Sorted by name, the marked ones among the others.
    const names = recipients.map((person) => person.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    // A sales member lists the drivers without an account they brought in, not everyone's.
    const salesOwn = await createDriver(started.services.db, company.users.sales, { firstName: 'Sam' });
    const salesList = await (await as(company.users.sales)).messages.recipients();
    expect(salesList.some((person) => person.driverId === salesOwn)).toBe(true);
    expect(salesList.some((person) => person.driverId === noAccount)).toBe(false);
  });
});

describe('live: who hears of a message', () => {
  it('the recipient and the sender hear of it at once; a third user of the same company and another company do not', async () => {
    const { admin, dispatcher, sales } = company.users;
    const recipient = await tab(admin);
    const sender = await tab(dispatcher);
    const third = await tab(sales);
    const stranger = await tab(other.users.admin);

    const sent = await (await as(dispatcher)).messages.send({ recipientId: admin.userId, body: 'Live check' });
    await expect
      .poll(() => recipient.changes(), { timeout: 1000, interval: 20 })
      .toContainEqual(expect.objectContaining({ table: 'messages', op: 'INSERT', id: sent.id, mine: false }));
    await expect
      .poll(() => sender.changes(), { timeout: 1000, interval: 20 })
      .toContainEqual(expect.objectContaining({ table: 'messages', op: 'INSERT', id: sent.id, mine: true }));

    // Opening it: both hear it was read (status unread -> read).
    await (await as(admin)).messages.get({ id: sent.id });
    await expect
      .poll(() => sender.changes(), { timeout: 1000, interval: 20 })
      .toContainEqual(expect.objectContaining({ table: 'messages', op: 'UPDATE', id: sent.id, status: 'read', previousStatus: 'unread' }));

    // A message to the third user arrives after ours: by then ours would have reached them too.
    const sentinel = await sendTestMessage(started.services.db, dispatcher, sales);
    await expect.poll(() => third.changes().map((change) => change.id), { timeout: 2000 }).toContain(sentinel);
    expect(third.changes().map((change) => change.id)).not.toContain(sent.id);
    expect(third.changes().filter((change) => change.table === 'notifications')).toHaveLength(1);
    const foreignSentinel = await sendTestMessage(started.services.db, other.users.dispatcher, other.users.admin);
    await expect.poll(() => stranger.changes().map((change) => change.id), { timeout: 2000 }).toContain(foreignSentinel);
    expect(stranger.changes().map((change) => change.id)).not.toContain(sent.id);
  });
});

describe('arbitrary input', () => {
  const anyText = fc.oneof(
    fc.string(),
    fc.string({ unit: 'binary', maxLength: 6000 }),
    fc.constantFrom('', ' ', '<b>x</b>', '💥'.repeat(3000)),
  );
  const anyId = fc.oneof(fc.uuid(), anyText);
  const inputs: Record<string, fc.Arbitrary<unknown>> = {
    'messages.inbox': fc.oneof(fc.record({ search: anyText, cursor: anyText, limit: fc.integer() }, { requiredKeys: [] }), fc.anything()),
    'messages.sent': fc.oneof(fc.record({ search: anyText, limit: fc.integer() }, { requiredKeys: [] }), fc.anything()),
    'messages.get': fc.oneof(fc.record({ id: anyId }), fc.anything()),
    'messages.send': fc.oneof(
      fc.record({ recipientId: anyId, subject: fc.option(anyText), body: anyText, loadId: fc.option(anyId) }, { requiredKeys: [] }),
      fc.anything(),
    ),
    'messages.reply': fc.oneof(fc.record({ id: anyId, body: anyText }, { requiredKeys: [] }), fc.anything()),
    'notifications.list': fc.oneof(
      fc.record({ unreadOnly: fc.anything(), cursor: anyText, limit: fc.anything() }, { requiredKeys: [] }),
      fc.anything(),
    ),
    'notifications.markRead': fc.oneof(fc.record({ id: anyId }), fc.anything()),
    'notifications.setPreference': fc.oneof(fc.record({ kind: anyText, enabled: fc.anything() }, { requiredKeys: [] }), fc.anything()),
  };
  it.each(Object.keys(inputs))('%s never answers INTERNAL_SERVER_ERROR', async (path) => {
    const caller = await as(company.users.treasury);
    await fc.assert(
      fc.asyncProperty(inputs[path] as fc.Arbitrary<unknown>, async (input) => {
        const error = await settle(callPath(caller, path, input));
        expect(error?.code ?? 'OK').not.toBe('INTERNAL_SERVER_ERROR');
      }),
      { numRuns: 40 },
    );
  });
});
