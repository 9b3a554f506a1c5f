import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_INVITE_TEXTS } from '#shared/schemas/invitations.js';
import { withCompany } from '../../server/src/db/with-company.js';
import { loadSessionContext } from '../../server/src/auth/session-context.js';
import { PORTAL_UPLOAD_TEXTS } from '../../server/src/domains/documents/upload-checks.js';
import { mailFilesTo } from '../../server/src/services/mail/mail-files.js';
import type { StartedServices } from '../../server/src/create-services.js';
import { appRouter } from '../../server/src/app-router.js';
import { createCarrier, createDriver, createLoad } from '../support/factories.js';
import {
  callerFor,
  contextFor,
  createTestCompany,
  listen,
  ownerDb,
  sessionFor,
  startTestServices,
  uniqueEmail,
  type TestCompany,
  type TestUser,
} from '../support/harness.js';
import { expectTrpcError, settle, uniqueIp } from '../support/http.js';
import { openLiveTab } from '../support/live.js';
import { minimalPdf, upload } from './documents/upload-client.js';
import { expectSameAsMissing } from './security/authorization-matrix.js';

/** Issue 14: driver and carrier-user accounts by invitation, the driver's dispatcher, POD upload from the portal. */
let started: StartedServices;
let owner: Kysely<any>;
let app: FastifyInstance;
let origin: string;
let wsUrl: string;
let company: TestCompany;
let other: TestCompany;
const dataDir = path.resolve(`.data/test-driver-accounts-${randomUUID().slice(0, 8)}`);

beforeAll(async () => {
  started = await startTestServices({ config: { HAULWISE_DATA_DIR: dataDir } });
  owner = ownerDb();
  ({ app, origin, wsUrl } = await listen(started.services));
  company = await createTestCompany(started.services);
  other = await createTestCompany(started.services);
});
afterAll(async () => {
  await app?.close();
  await started?.close();
  await owner?.destroy();
  await rm(dataDir, { recursive: true, force: true });
});

const as = (user: TestUser) => callerFor(started.services, user, uniqueIp());
const db = () => started.services.db;

/** A driver record of the company with an email (and a carrier when given), no account. */
async function driverWithEmail(of: TestCompany, values: { email?: string | null; carrierId?: string | null } = {}) {
  const admin = of.users.admin;
  const id = await createDriver(db(), admin, { firstName: 'Rita' });
  const email = values.email === undefined ? uniqueEmail('driver') : values.email;
  await withCompany(db(), admin, (tx) =>
    tx
      .updateTable('drivers')
      .set({ email, carrierId: values.carrierId ?? null })
      .where('id', '=', id)
      .execute(),
  );
  return { id, email: email as string };
}

/** The token of the newest invitation link mailed to an address, read from the developer's mail folder. */
async function mailedToken(email: string): Promise<string> {
  const mails = await mailFilesTo(path.join(started.services.config.dataDir, 'mail'), email);
  const text = mails[0]?.text ?? '';
  const match = /\/invite\/([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no invitation link in the mail to ${email}`);
  return match[1];
}

/** A stranger's caller, as the invitee's browser. */
async function stranger() {
  return appRouter.createCaller(await contextFor(started.services, null, uniqueIp()));
}

/** Accepts as a new account; answers the account as a test user. */
async function acceptAsNew(token: string, email: string): Promise<TestUser> {
  const session = await (await stranger()).invitations.accept({ token, firstName: 'Rita', lastName: 'Road', password: 'secret1' });
  return { userId: session.user.id, email, companyId: company.companyId, role: null };
}

describe('inviting a driver from the driver record', () => {
  it('admin invites; the mailed link accepts as a new account with no staff role, linked to the record; then the record cannot be invited again', async () => {
    const driver = await driverWithEmail(company);
    const admin = await as(company.users.admin);
    expect(await admin.drivers.account({ driverId: driver.id })).toEqual({
      driverId: driver.id,
      email: driver.email,
      hasAccount: false,
      accountUserId: null,
      pendingInvitation: null,
    });
    const sent = await admin.drivers.invite({ driverId: driver.id });
    expect(sent).toMatchObject({ email: driver.email, role: 'driver' });
    expect((await admin.drivers.account({ driverId: driver.id })).pendingInvitation).toMatchObject({ id: sent.id, role: 'driver' });
    // Not a team invitation: the team's pending list does not show it.
    const pending = await admin.team.invitations();
    expect(pending.items.map((item) => item.id)).not.toContain(sent.id);
    const stored = await owner.selectFrom('invitations').selectAll().where('id', '=', sent.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ driverId: driver.id, role: 'driver', companyId: company.companyId });

    const token = await mailedToken(driver.email);
    const preview = await (await stranger()).invitations.preview({ token });
    expect(preview).toMatchObject({ role: 'driver', email: driver.email, companyName: company.name, hasAccount: false });

    const account = await acceptAsNew(token, driver.email);
    const linked = await owner.selectFrom('drivers').select('userId').where('id', '=', driver.id).executeTakeFirstOrThrow();
    expect(linked.userId).toBe(account.userId);
    expect(await owner.selectFrom('userRoles').select('role').where('userId', '=', account.userId).execute()).toEqual([]);
    const caller = await as(account);
    const session = await caller.auth.session();
    expect(session).toMatchObject({ role: null, portal: 'driver' });
    expect((await caller.portal.driver()).driver).toMatchObject({ id: driver.id });

    expect(await admin.drivers.account({ driverId: driver.id })).toMatchObject({
      hasAccount: true,
      accountUserId: account.userId,
      pendingInvitation: null,
    });
    await expectTrpcError(admin.drivers.invite({ driverId: driver.id }), 'CONFLICT', ACCOUNT_INVITE_TEXTS.alreadyLinked);
  });

  it('a dispatcher may invite; sales and treasury may not; a record without an email is refused with the reason', async () => {
    const driver = await driverWithEmail(company);
    await expect((await as(company.users.dispatcher)).drivers.invite({ driverId: driver.id })).resolves.toMatchObject({ role: 'driver' });
    for (const persona of ['sales', 'treasury', 'driver'] as const) {
      await expectTrpcError((await as(company.users[persona])).drivers.invite({ driverId: driver.id }), 'FORBIDDEN');
    }
    const noEmail = await driverWithEmail(company, { email: null });
    await expectTrpcError(
      (await as(company.users.admin)).drivers.invite({ driverId: noEmail.id }),
      'CONFLICT',
      ACCOUNT_INVITE_TEXTS.noEmail,
    );
  });

  it('sending again renews the same invitation at most once a minute; the old link stops working', async () => {
    const driver = await driverWithEmail(company);
    const admin = await as(company.users.admin);
    const first = await admin.drivers.invite({ driverId: driver.id });
    const oldToken = await mailedToken(driver.email);
    await expectTrpcError(admin.drivers.invite({ driverId: driver.id }), 'TOO_MANY_REQUESTS');
    await owner
      .updateTable('invitations')
      .set({ lastSentAt: new Date(Date.now() - 120_000) })
      .where('id', '=', first.id)
      .execute();
    const again = await admin.drivers.invite({ driverId: driver.id });
    expect(again.id).toBe(first.id);
    const newToken = await mailedToken(driver.email);
    expect(newToken).not.toBe(oldToken);
    await expectTrpcError((await stranger()).invitations.preview({ token: oldToken }), 'NOT_FOUND');
  });

  it('another company’s driver answers exactly like a missing one, and the database refuses such an invitation', async () => {
    const foreign = await driverWithEmail(other);
    const admin = await as(company.users.admin);
    await expectSameAsMissing(
      () => admin.drivers.invite({ driverId: foreign.id }),
      () => admin.drivers.invite({ driverId: randomUUID() }),
    );
    await expectSameAsMissing(
      () => admin.drivers.account({ driverId: foreign.id }),
      () => admin.drivers.account({ driverId: randomUUID() }),
    );
    // Even the table owner cannot store an invitation of company A for company B's driver.
    const insert = owner
      .insertInto('invitations')
      .values({
        companyId: company.companyId,
        email: foreign.email,
        firstName: 'X',
        lastName: 'Y',
        role: 'driver',
        driverId: foreign.id,
        tokenHash: 'a'.repeat(64),
      })
      .execute();
    await expect(insert).rejects.toThrow(/invitations_driver_fkey/);
    // A driver invitation always names its record, a staff one never does.
    const noRecord = owner
      .insertInto('invitations')
      .values({
        companyId: company.companyId,
        email: uniqueEmail(),
        firstName: 'X',
        lastName: 'Y',
        role: 'driver',
        tokenHash: 'b'.repeat(64),
      })
      .execute();
    await expect(noRecord).rejects.toThrow(/invitations_account_driver_check/);
  });

  it('a record linked meanwhile (by another invitation or by hand) refuses the accept and stays as it was', async () => {
    const driver = await driverWithEmail(company);
    await (await as(company.users.admin)).drivers.invite({ driverId: driver.id });
    const token = await mailedToken(driver.email);
    await owner.updateTable('drivers').set({ userId: company.users.driver.userId }).where('id', '=', driver.id).execute();
    const error = await settle((await stranger()).invitations.accept({ token, firstName: 'Rita', lastName: 'Road', password: 'secret1' }));
    expect(error).toMatchObject({ code: 'CONFLICT', message: ACCOUNT_INVITE_TEXTS.linkedMeanwhile });
    expect(await owner.selectFrom('users').select('id').where('email', '=', driver.email).execute()).toEqual([]);
  });
});

describe('inviting a carrier user from the carrier record', () => {
  it('lists the carrier’s drivers; invites one as the carrier user; accepting opens the carrier portal', async () => {
    const admin = await as(company.users.admin);
    const carrierId = await createCarrier(db(), company.users.admin, { name: 'Mesa Haulers' });
    const driver = await driverWithEmail(company, { carrierId });
    const candidates = await admin.carriers.userCandidates({ id: carrierId });
    expect(candidates).toEqual([expect.objectContaining({ driverId: driver.id, email: driver.email, hasAccount: false })]);

    // A driver of no carrier, or of another carrier, is not this carrier's.
    const loose = await driverWithEmail(company);
    await expectTrpcError(admin.carriers.inviteUser({ carrierId, driverId: loose.id }), 'NOT_FOUND', ACCOUNT_INVITE_TEXTS.notCarrierDriver);
    const foreignCarrier = await createCarrier(db(), other.users.admin);
    await expectSameAsMissing(
      () => admin.carriers.inviteUser({ carrierId: foreignCarrier, driverId: driver.id }),
      () => admin.carriers.inviteUser({ carrierId: randomUUID(), driverId: driver.id }),
    );

    const sent = await admin.carriers.inviteUser({ carrierId, driverId: driver.id });
    expect(sent.role).toBe('carrier');
    expect(await admin.carriers.userCandidates({ id: carrierId })).toEqual([
      expect.objectContaining({ driverId: driver.id, pendingInvitation: expect.objectContaining({ id: sent.id, role: 'carrier' }) }),
    ]);
    const token = await mailedToken(driver.email);
    expect(await (await stranger()).invitations.preview({ token })).toMatchObject({ role: 'carrier' });
    const account = await acceptAsNew(token, driver.email);
    const caller = await as(account);
    const portal = await caller.portal.carrier();
    expect(portal.carrier).toMatchObject({ id: carrierId, name: 'Mesa Haulers' });
    // A user of the carrier itself (issue 24, item 3), not a driver: the record stays unlinked.
    expect(await caller.auth.session()).toMatchObject({ role: null, portal: 'carrier' });
    expect(
      await owner.selectFrom('carrierUsers').select(['carrierId', 'companyId']).where('userId', '=', account.userId).execute(),
    ).toEqual([{ carrierId, companyId: company.companyId }]);
    expect((await owner.selectFrom('drivers').select('userId').where('id', '=', driver.id).executeTakeFirstOrThrow()).userId).toBeNull();
    expect((await caller.portal.driver()).driver).toBeNull();
    // The person has an account here now: the record is not offered again.
    expect(await admin.carriers.userCandidates({ id: carrierId })).toEqual([
      expect.objectContaining({ driverId: driver.id, hasAccount: true, accountUserId: account.userId, carrierUserId: account.userId }),
    ]);
  });
});

describe('the driver’s dispatcher', () => {
  it('offers the company’s dispatchers and admins; saves one; refuses anyone else beside the Dispatcher field', async () => {
    const admin = await as(company.users.admin);
    const options = await admin.drivers.dispatcherOptions();
    const ids = options.map((option) => option.id);
    expect(ids).toEqual(expect.arrayContaining([company.users.dispatcher.userId, company.users.admin.userId]));
    expect(ids).not.toContain(company.users.sales.userId);
    expect(ids).not.toContain(other.users.dispatcher.userId);

    const driver = await driverWithEmail(company);
    const saved = await admin.drivers.update({ id: driver.id, dispatcherId: company.users.dispatcher.userId });
    expect(saved).toMatchObject({ dispatcherId: company.users.dispatcher.userId, dispatcherName: expect.stringMatching(/^Dee /) });
    expect(await admin.drivers.get({ id: driver.id })).toMatchObject({ dispatcherId: company.users.dispatcher.userId });

    for (const wrong of [company.users.sales.userId, other.users.dispatcher.userId, randomUUID()]) {
      const error = await expectTrpcError(
        admin.drivers.update({ id: driver.id, dispatcherId: wrong }),
        'BAD_REQUEST',
        ACCOUNT_INVITE_TEXTS.dispatcherNotFound,
      );
      expect((error as { field?: string }).field).toBe('dispatcherId');
    }
    await expectTrpcError(
      admin.drivers.create({ firstName: 'New', lastName: 'Driver', dispatcherId: company.users.treasury.userId }),
      'BAD_REQUEST',
      ACCOUNT_INVITE_TEXTS.dispatcherNotFound,
    );
    // Cleared with an empty choice.
    expect(await admin.drivers.update({ id: driver.id, dispatcherId: '' })).toMatchObject({ dispatcherId: null, dispatcherName: null });
  });

  it('the driver portal’s dispatcher card reads the assigned dispatcher', async () => {
    const driver = await driverWithEmail(company);
    await (await as(company.users.admin)).drivers.invite({ driverId: driver.id });
    const account = await acceptAsNew(await mailedToken(driver.email), driver.email);
    await (await as(company.users.admin)).drivers.update({ id: driver.id, dispatcherId: company.users.dispatcher.userId });
    const portal = await (await as(account)).portal.driver();
    expect(portal.dispatcher).toMatchObject({ firstName: 'Dee' });
  });
});

describe('POD upload from the portal', () => {
  /** A driver account linked through the invitation, with a load assigned to it. */
  async function invitedDriver(carrierId: string | null = null) {
    const driver = await driverWithEmail(company, { carrierId });
    const admin = await as(company.users.admin);
    if (carrierId) await admin.carriers.inviteUser({ carrierId, driverId: driver.id });
    else await admin.drivers.invite({ driverId: driver.id });
    const account = await acceptAsNew(await mailedToken(driver.email), driver.email);
    const loadId = await createLoad(db(), company.users.dispatcher, { driverId: driver.id, status: 'in_transit' });
    return { driver, account, loadId, session: await sessionFor(started.services, account) };
  }

  it('a driver uploads a POD for their own load: stored, marked driver, in their documents and the load’s', async () => {
    const { driver, account, loadId, session } = await invitedDriver();
    const name = `POD ${randomUUID().slice(0, 6)}.pdf`;
    const answer = await upload(origin, session, { name, content: minimalPdf() }, { documentType: 'pod', loadId });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ fileName: name, documentType: 'pod', visibility: 'driver', loadId, driverId: driver.id });
    const mine = await (await as(account)).documents.mine({});
    expect(mine.items.map((item) => item.fileName)).toContain(name);
    const staff = await (await as(company.users.dispatcher)).documents.forLoad({ loadId });
    expect(JSON.stringify(staff)).toContain(name);
  });

  it('refuses a POD on a load it does not fit: not yet picked up, or cancelled (issue 27, item 3)', async () => {
    const { driver, session } = await invitedDriver();
    for (const status of ['assigned', 'cancelled'] as const) {
      const loadId = await createLoad(db(), company.users.dispatcher, { driverId: driver.id, status });
      const answer = await upload(
        origin,
        session,
        { name: `POD ${randomUUID().slice(0, 6)}.pdf`, content: minimalPdf() },
        { documentType: 'pod', loadId },
      );
      expect(answer).toEqual({ status: 400, body: { error: { message: PORTAL_UPLOAD_TEXTS.podNotYet } } });
      expect(await owner.selectFrom('documents').select('id').where('loadId', '=', loadId).execute()).toEqual([]);
    }
  });

  it('refuses another driver’s load, another company’s load, another category, and no load', async () => {
    const { session } = await invitedDriver();
    const someoneElses = await createLoad(db(), company.users.dispatcher, { driverId: await createDriver(db(), company.users.admin) });
    const foreign = await createLoad(db(), other.users.dispatcher);
    const pdf = () => ({ name: `POD ${randomUUID().slice(0, 6)}.pdf`, content: minimalPdf() });
    for (const loadId of [someoneElses, foreign, randomUUID()]) {
      const answer = await upload(origin, session, pdf(), { documentType: 'pod', loadId });
      expect(answer).toEqual({ status: 404, body: { error: { message: PORTAL_UPLOAD_TEXTS.loadNotFound } } });
    }
    const { loadId } = await invitedDriver();
    const bol = await upload(origin, session, pdf(), { documentType: 'bol', loadId });
    expect(bol).toEqual({ status: 403, body: { error: { message: PORTAL_UPLOAD_TEXTS.podOnly } } });
    const noLoad = await upload(origin, session, pdf(), { documentType: 'pod' });
    expect(noLoad).toEqual({ status: 400, body: { error: { message: PORTAL_UPLOAD_TEXTS.loadRequired } } });
    // Nothing of these refusals was kept.
    const kept = await owner.selectFrom('documents').select('id').where('loadId', 'in', [someoneElses, foreign]).execute();
    expect(kept).toEqual([]);
  });

  it('an account with no role and no driver record may not upload at all', async () => {
    const loose: TestUser = { ...company.users.driver };
    await owner.updateTable('drivers').set({ userId: null }).where('userId', '=', loose.userId).execute();
    const session = await sessionFor(started.services, loose);
    const loadId = await createLoad(db(), company.users.dispatcher);
    const answer = await upload(origin, session, { name: 'POD.pdf', content: minimalPdf() }, { documentType: 'pod', loadId });
    expect(answer.status).toBe(403);
  });

  it('a carrier user uploads a POD for a load of their carrier (marked carrier), not for another carrier’s', async () => {
    const carrierId = await createCarrier(db(), company.users.admin);
    const { account, session } = await invitedDriver(carrierId);
    const carrierLoad = await createLoad(db(), company.users.dispatcher, { status: 'delivered' });
    await owner.updateTable('loads').set({ carrierId }).where('id', '=', carrierLoad).execute();
    const name = `Carrier POD ${randomUUID().slice(0, 6)}.pdf`;
    const answer = await upload(origin, session, { name, content: minimalPdf() }, { documentType: 'pod', loadId: carrierLoad });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ visibility: 'carrier', carrierId });
    expect((await (await as(account)).documents.mine({})).items.map((item) => item.fileName)).toContain(name);

    const otherCarrierLoad = await createLoad(db(), company.users.dispatcher, { status: 'delivered' });
    await owner
      .updateTable('loads')
      .set({ carrierId: await createCarrier(db(), company.users.admin) })
      .where('id', '=', otherCarrierLoad)
      .execute();
    const refused = await upload(
      origin,
      session,
      { name: 'x.pdf', content: minimalPdf() },
      { documentType: 'pod', loadId: otherCarrierLoad },
    );
    expect(refused.status).toBe(404);
  });
});

describe('driver and carrier accounts are kinds of their own (issue 24, item 3)', () => {
  /** An account accepted from a driver record's invitation: as its driver, or as its carrier's user. */
  async function accountOf(kind: 'driver' | 'carrier', carrierId: string | null) {
    const record = await driverWithEmail(company, { carrierId });
    const admin = await as(company.users.admin);
    if (kind === 'carrier' && carrierId) await admin.carriers.inviteUser({ carrierId, driverId: record.id });
    else await admin.drivers.invite({ driverId: record.id });
    const accepted = await (
      await stranger()
    ).invitations.accept({
      token: await mailedToken(record.email),
      firstName: 'Kim',
      lastName: 'Kind',
      password: 'secret1',
    });
    const account: TestUser = { userId: accepted.user.id, email: record.email, companyId: company.companyId, role: null };
    return { record, account, portal: accepted.portal, session: await sessionFor(started.services, account) };
  }

  const pdf = (label: string) => ({ name: `${label} ${randomUUID().slice(0, 6)}.pdf`, content: minimalPdf() });

  it('a driver whose record has a carrier is refused the carrier portal, its documents and uploads onto a colleague’s load; the carrier user is not', async () => {
    const carrierId = await createCarrier(db(), company.users.admin, { name: 'Kinds Carrier' });
    const carrierUser = await accountOf('carrier', carrierId);
    const driver = await accountOf('driver', carrierId);
    expect([carrierUser.portal, driver.portal]).toEqual(['carrier', 'driver']);
    const colleague = await createDriver(db(), company.users.admin, { firstName: 'Colleague' });
    await owner.updateTable('drivers').set({ carrierId }).where('id', '=', colleague).execute();
    const colleagueLoad = await createLoad(db(), company.users.dispatcher, { driverId: colleague, status: 'in_transit', rate: '4200.00' });
    const carrierLoad = await createLoad(db(), company.users.dispatcher, {});
    await owner.updateTable('loads').set({ carrierId }).where('id', '=', carrierLoad).execute();
    const ownLoad = await createLoad(db(), company.users.dispatcher, { driverId: driver.record.id, status: 'in_transit' });

    // The carrier user: the carrier, its drivers and loads, a POD onto any of them, the carrier's documents.
    const carrierCaller = await as(carrierUser.account);
    const carrierPortal = await carrierCaller.portal.carrier();
    expect(carrierPortal.carrier?.id).toBe(carrierId);
    expect(carrierPortal.drivers.map((row) => row.id)).toEqual(expect.arrayContaining([colleague, driver.record.id]));
    expect(carrierPortal.loads.map((row) => row.id)).toEqual(expect.arrayContaining([colleagueLoad, carrierLoad, ownLoad]));
    const carrierPod = pdf('Carrier POD');
    const uploaded = await upload(origin, carrierUser.session, carrierPod, { documentType: 'pod', loadId: colleagueLoad });
    expect(uploaded).toMatchObject({ status: 201, body: { visibility: 'carrier', carrierId } });
    expect((await carrierCaller.documents.mine({})).items.map((item) => item.fileName)).toContain(carrierPod.name);

    // The driver: none of it, though their record names the carrier.
    const driverCaller = await as(driver.account);
    expect(await driverCaller.portal.carrier()).toEqual({ carrier: null, drivers: [], loads: [] });
    expect((await driverCaller.documents.mine({})).items.map((item) => item.fileName)).not.toContain(carrierPod.name);
    for (const loadId of [colleagueLoad, carrierLoad]) {
      const refused = await upload(origin, driver.session, pdf('Not mine'), { documentType: 'pod', loadId });
      expect(refused).toEqual({ status: 404, body: { error: { message: PORTAL_UPLOAD_TEXTS.loadNotFound } } });
    }
    // Their own load still takes their POD, marked driver.
    const ownPod = pdf('Own POD');
    const own = await upload(origin, driver.session, ownPod, { documentType: 'pod', loadId: ownLoad });
    expect(own).toMatchObject({ status: 201, body: { visibility: 'driver', driverId: driver.record.id } });
    expect((await driverCaller.documents.mine({})).items.map((item) => item.fileName)).toEqual([ownPod.name]);
  });

  it('an admin removes a driver account and a carrier account: sessions end and open live channels close at once; nobody else may', async () => {
    const carrierId = await createCarrier(db(), company.users.admin);
    const driver = await accountOf('driver', null);
    const carrierUser = await accountOf('carrier', carrierId);
    const tabs = [await openLiveTab({ wsUrl, origin }, driver.session), await openLiveTab({ wsUrl, origin }, carrierUser.session)];
    try {
      // Only the company's admins: a dispatcher is refused, another company's admin finds no such account.
      await expectTrpcError((await as(company.users.dispatcher)).team.removeMember({ userId: driver.account.userId }), 'FORBIDDEN');
      await expectSameAsMissing(
        () => as(other.users.admin).then((admin) => admin.team.removeMember({ userId: carrierUser.account.userId })),
        () => as(other.users.admin).then((admin) => admin.team.removeMember({ userId: randomUUID() })),
      );
      expect(await loadSessionContext(started.services, driver.session)).not.toBeNull();

      const admin = await as(company.users.admin);
      for (const [index, removed] of [driver, carrierUser].entries()) {
        const answer = await admin.team.removeMember({ userId: removed.account.userId });
        expect(answer.userId).toBe(removed.account.userId);
        expect(answer.sessionsEnded).toBeGreaterThanOrEqual(1);
        expect(await loadSessionContext(started.services, removed.session)).toBeNull();
        await expect
          .poll(() => tabs[index]?.events.some((event) => event.type === 'session' && event.state === 'ended'), {
            timeout: 5_000,
            interval: 20,
          })
          .toBe(true);
      }
      expect(
        (await owner.selectFrom('drivers').select('userId').where('id', '=', driver.record.id).executeTakeFirstOrThrow()).userId,
      ).toBeNull();
      expect(await owner.selectFrom('carrierUsers').select('userId').where('userId', '=', carrierUser.account.userId).execute()).toEqual(
        [],
      );
      expect(
        await owner
          .selectFrom('profiles')
          .select('userId')
          .where('userId', 'in', [driver.account.userId, carrierUser.account.userId])
          .execute(),
      ).toEqual([]);
      // Their old cookie opens nothing: the upload route answers as to a stranger.
      const loadId = await createLoad(db(), company.users.dispatcher, { driverId: driver.record.id });
      expect((await upload(origin, driver.session, pdf('Gone'), { documentType: 'pod', loadId })).status).toBe(401);
    } finally {
      for (const opened of tabs) opened.close();
    }
  });
});
