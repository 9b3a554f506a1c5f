import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_TEXTS, formatFileSize } from '#shared/schemas/documents.js';
import { sweepOrphans } from '../../../server/src/domains/documents/document-tasks.js';
import { liveAudienceOf, toLiveChange } from '../../../server/src/domains/realtime/live-audience.js';
import type { RealtimeEvent } from '../../../server/src/services/realtime/bus.js';
import { storageFor } from '../../../server/src/services/storage/index.js';
import type { FastifyInstance } from 'fastify';
import { createLoad, createDriver, createCarrier, createMember } from '../../support/factories.js';
import { callerFor, createTestCompany, ownerDb, sessionFor, startTestServices, type TestCompany, listen } from '../../support/harness.js';
import { expectTrpcError } from '../../support/http.js';
import { createDocument } from './document-factory.js';
import { minimalPdf, TINY_PNG, upload } from './upload-client.js';

let started: Awaited<ReturnType<typeof startTestServices>>;
let app: FastifyInstance;
let origin: string;
let company: TestCompany;
let other: TestCompany;
const owner = ownerDb();
const dataDir = path.resolve(`.data/test-documents-${randomUUID().slice(0, 8)}`);

beforeAll(async () => {
  started = await startTestServices({ config: { HAULWISE_DATA_DIR: dataDir } });
  ({ app, origin } = await listen(started.services));
  company = await createTestCompany(started.services);
  other = await createTestCompany(started.services);
});
afterAll(async () => {
  await app?.close();
  await started?.close();
  await owner.destroy();
  await rm(dataDir, { recursive: true, force: true });
});

const storage = () => storageFor(started.config);
const rowsNamed = (fileName: string) => owner.selectFrom('documents').select(['id', 'filePath']).where('fileName', '=', fileName).execute();

/** The one document with this name: its id and stored key. */
async function rowNamed(fileName: string): Promise<{ id: string; filePath: string }> {
  const [row] = await rowsNamed(fileName);
  if (!row) throw new Error(`no document named ${fileName}`);
  return row;
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('timed out waiting');
}

describe('upload', () => {
  it('stores a PDF with a generated key, keeps the name for display, and lists it newest first', async () => {
    const session = await sessionFor(started.services, company.users.dispatcher);
    const loadId = await createLoad(started.services.db, company.users.dispatcher);
    const name = `Rate con ${randomUUID().slice(0, 6)}.pdf`;
    const answer = await upload(origin, session, { name, content: minimalPdf() }, { documentType: 'rate_confirmation', loadId });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ fileName: name, documentType: 'rate_confirmation', visibility: 'dispatcher', loadId });
    const row = await rowNamed(name);
    expect(row.filePath).toMatch(new RegExp(`^${company.companyId}/[0-9a-f-]{36}$`));
    expect(await storage().exists(row.filePath)).toBe(true);

    const caller = await callerFor(started.services, company.users.dispatcher);
    const page = await caller.documents.list({ search: name.slice(0, 12) });
    expect(page.items[0]).toMatchObject({
      id: answer.body.id,
      fileName: name,
      fileSize: minimalPdf().length,
      loadNumber: expect.any(String),
    });
    const byLoad = await caller.documents.forLoad({ loadId });
    expect(byLoad.total).toBe(1);
    expect(byLoad.items.map((item) => item.id)).toEqual([answer.body.id]);
    // Defaults: type other, visibility dispatcher; a PNG is accepted too.
    const png = await upload(origin, session, { name: 'photo.png', content: TINY_PNG });
    expect(png.status).toBe(201);
    expect(png.body).toMatchObject({ documentType: 'other', visibility: 'dispatcher', contentType: 'image/png' });
  });

  it('records the upload in the audit trail', async () => {
    const session = await sessionFor(started.services, company.users.admin);
    const answer = await upload(origin, session, { name: 'audited.pdf', content: minimalPdf() });
    const audit = await owner
      .selectFrom('auditLogs')
      .select(['action', 'userId'])
      .where('entityType', '=', 'documents')
      .where('entityId', '=', answer.body.id as string)
      .execute();
    expect(audit).toEqual([{ action: 'created', userId: company.users.admin.userId }]);
  });

  it('refuses without a session, without the right role, and without a file', async () => {
    expect((await upload(origin, null, { name: 'a.pdf', content: minimalPdf() })).status).toBe(401);
    const treasury = await sessionFor(started.services, company.users.treasury);
    expect((await upload(origin, treasury, { name: 'a.pdf', content: minimalPdf() })).status).toBe(403);
    const driver = await sessionFor(started.services, company.users.driver);
    expect((await upload(origin, driver, { name: 'a.pdf', content: minimalPdf() })).status).toBe(403);
    const session = await sessionFor(started.services, company.users.dispatcher);
    const none = await upload(origin, session, null, { documentType: 'pod' });
    expect(none).toEqual({ status: 400, body: { error: { message: DOCUMENT_TEXTS.selectFile } } });
  });

  it("refuses another company's load, driver and carrier, like missing ones, leaving no row and no object", async () => {
    const session = await sessionFor(started.services, company.users.dispatcher);
    const foreign = {
      loadId: await createLoad(started.services.db, other.users.dispatcher),
      driverId: await createDriver(started.services.db, other.users.dispatcher),
      carrierId: await createCarrier(started.services.db, other.users.dispatcher),
    };
    for (const [field, label] of [
      ['loadId', 'Load'],
      ['driverId', 'Driver'],
      ['carrierId', 'Carrier'],
    ] as const) {
      const name = `foreign-${field}-${randomUUID().slice(0, 6)}.pdf`;
      const answer = await upload(origin, session, { name, content: minimalPdf() }, { [field]: foreign[field] });
      const missing = await upload(origin, session, { name, content: minimalPdf() }, { [field]: randomUUID() });
      expect(answer).toEqual({ status: 400, body: { error: { message: `${label} not found` } } });
      expect(missing).toEqual(answer);
      expect(await rowsNamed(name)).toEqual([]);
    }
    const objects = [];
    for await (const item of storage().list(company.companyId)) objects.push(item.key);
    const rows = await owner.selectFrom('documents').select('filePath').where('companyId', '=', company.companyId).execute();
    expect(objects.sort()).toEqual(rows.map((row) => row.filePath).sort());
  });

  it('refuses a cross-origin upload', async () => {
    const session = await sessionFor(started.services, company.users.dispatcher);
    const form = new FormData();
    form.append('file', new Blob([minimalPdf()]), 'x.pdf');
    const response = await fetch(`${origin}/api/documents`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', cookie: `haulwise_session=${session}` },
      body: form,
    });
    expect(response.status).toBe(403);
  });
});

describe('visibility', () => {
  it('staff see documents as their visibility says, their own uploads always, and nothing of another company', async () => {
    const by = company.users.admin;
    const docs = {
      dispatcher: await createDocument(started.services.db, by, { visibility: 'dispatcher' }),
      sales: await createDocument(started.services.db, by, { visibility: 'sales' }),
      driver: await createDocument(started.services.db, by, { visibility: 'driver' }),
      carrier: await createDocument(started.services.db, by, { visibility: 'carrier' }),
    };
    const foreign = await createDocument(started.services.db, other.users.admin, { visibility: 'sales' });
    const seenBy = async (user: typeof by) => {
      const ids = new Set<string>();
      let cursor: string | null = null;
      do {
        const page: { items: { id: string }[]; nextCursor: string | null } = await (
          await callerFor(started.services, user)
        ).documents.list({ limit: 100, cursor });
        for (const item of page.items) ids.add(item.id);
        cursor = page.nextCursor;
      } while (cursor);
      return ids;
    };
    const dispatcher = await seenBy(company.users.dispatcher);
    for (const doc of Object.values(docs)) expect(dispatcher.has(doc.id)).toBe(true);
    const sales = await seenBy(company.users.sales);
    expect(sales.has(docs.dispatcher.id)).toBe(false);
    expect(sales.has(docs.sales.id)).toBe(true);
    expect(sales.has(docs.carrier.id)).toBe(true);
    expect(sales.has(foreign.id)).toBe(false);
    const own = await createDocument(started.services.db, company.users.sales, { visibility: 'dispatcher' });
    expect((await seenBy(company.users.sales)).has(own.id)).toBe(true);

    // Hidden means hidden: no link and no delete for a document the role may not see.
    const salesCaller = await callerFor(started.services, company.users.sales);
    await expectTrpcError(salesCaller.documents.downloadLink({ id: docs.dispatcher.id }), 'NOT_FOUND', 'Document not found');
    await expectTrpcError(salesCaller.documents.delete({ id: docs.dispatcher.id }), 'NOT_FOUND', 'Document not found');
    // Treasury and drivers have no documents screen.
    await expectTrpcError((await callerFor(started.services, company.users.treasury)).documents.list({}), 'FORBIDDEN');
    await expectTrpcError((await callerFor(started.services, company.users.driver)).documents.list({}), 'FORBIDDEN');
  });

  it('drivers see documents marked driver on their own loads; carrier users those marked carrier for their carrier, and only they (issue 24, item 3)', async () => {
    const db = started.services.db;
    const by = company.users.dispatcher;
    const carrierId = await createCarrier(db, by);
    const driverId = await createDriver(db, by);
    await owner.updateTable('drivers').set({ userId: company.users.driver.userId, carrierId }).where('id', '=', driverId).execute();
    const ownLoad = await createLoad(db, by, { driverId });
    const otherLoad = await createLoad(db, by);
    await owner.updateTable('loads').set({ carrierId }).where('id', '=', otherLoad).execute();
    const mine = await createDocument(db, by, { loadId: ownLoad, visibility: 'driver' });
    const internal = await createDocument(db, by, { loadId: ownLoad, visibility: 'dispatcher' });
    const notMyLoad = await createDocument(db, by, { loadId: await createLoad(db, by), visibility: 'driver' });
    const forCarrier = await createDocument(db, by, { loadId: otherLoad, visibility: 'carrier' });
    const carrierOnOtherCarrier = await createDocument(db, by, { loadId: await createLoad(db, by), visibility: 'carrier' });
    const foreign = await createDocument(db, other.users.admin, { visibility: 'driver' });

    // The driver's record names the carrier, yet the driver is no carrier user: none of the carrier's documents.
    const driverCaller = await callerFor(started.services, company.users.driver);
    const seen = (await driverCaller.documents.mine({ limit: 100 })).items.map((item) => item.id);
    expect(seen).toEqual([mine.id]);
    for (const hidden of [internal, notMyLoad, forCarrier, carrierOnOtherCarrier, foreign]) expect(seen).not.toContain(hidden.id);
    // The carrier's user (carrier_users) sees those marked carrier for the carrier.
    const carrierUser = await createMember(started.services, company.companyId, { role: null });
    await owner.insertInto('carrierUsers').values({ companyId: company.companyId, userId: carrierUser.userId, carrierId }).execute();
    const carrierSeen = (await (await callerFor(started.services, carrierUser)).documents.mine({ limit: 100 })).items.map(
      (item) => item.id,
    );
    expect(carrierSeen).toEqual([forCarrier.id]);
    // A staff member with no driver record sees none through the portal list.
    expect((await (await callerFor(started.services, company.users.treasury)).documents.mine({})).items).toEqual([]);
  });

  it("a load's tab answers NOT_FOUND for another company's load", async () => {
    const foreignLoad = await createLoad(started.services.db, other.users.dispatcher);
    const caller = await callerFor(started.services, company.users.dispatcher);
    await expectTrpcError(caller.documents.forLoad({ loadId: foreignLoad }), 'NOT_FOUND', 'Load not found');
  });
});

describe('download', () => {
  it('gives a signed link valid 3600 s that downloads as an attachment with nosniff; altered or expired links get 403', async () => {
    const session = await sessionFor(started.services, company.users.dispatcher);
    const content = minimalPdf('download me');
    const uploaded = await upload(origin, session, { name: 'Bill of lading.pdf', content }, { documentType: 'bol' });
    const caller = await callerFor(started.services, company.users.dispatcher);
    const before = Date.now();
    const link = await caller.documents.downloadLink({ id: uploaded.body.id as string });
    expect(Date.parse(link.expiresAt) - before).toBeGreaterThanOrEqual(3599_000);
    const response = await fetch(`${origin}${link.url}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Bill of lading.pdf"; filename*=UTF-8''Bill%20of%20lading.pdf`,
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-type')).toContain('application/pdf');
    expect(await response.text()).toBe(content);

    const url = new URL(link.url, origin);
    // Pointing the link at another company's file breaks its signature.
    const foreignDoc = await upload(origin, await sessionFor(started.services, other.users.dispatcher), { name: 'theirs.pdf', content });
    const foreignRow = await rowNamed('theirs.pdf');
    expect(foreignRow.id).toBe(foreignDoc.body.id);
    const altered = new URL(url);
    altered.searchParams.set('key', foreignRow.filePath);
    expect((await fetch(altered)).status).toBe(403);
    const expired = new URL(url);
    expired.searchParams.set('expires', String(Math.floor(Date.now() / 1000) - 1));
    expect((await fetch(expired)).status).toBe(403);
    expect((await fetch(`${origin}/files/download`)).status).toBe(403);
    // The files folder is never served statically.
    const direct = await fetch(`${origin}/files/${foreignRow.filePath}`);
    expect(await direct.text()).not.toBe(content);
  });

  it("refuses a link to another company's document like a missing one", async () => {
    const foreign = await createDocument(started.services.db, other.users.admin);
    const caller = await callerFor(started.services, company.users.admin);
    const a = await expectTrpcError(caller.documents.downloadLink({ id: foreign.id }), 'NOT_FOUND');
    const b = await expectTrpcError(caller.documents.downloadLink({ id: randomUUID() }), 'NOT_FOUND');
    expect(a.message).toBe(b.message);
  });
});

describe('delete', () => {
  it('removes the row at once and its object after commit, by a job', async () => {
    const session = await sessionFor(started.services, company.users.dispatcher);
    const name = `delete-me-${randomUUID().slice(0, 6)}.pdf`;
    const uploaded = await upload(origin, session, { name, content: minimalPdf() });
    const row = await rowNamed(name);
    const caller = await callerFor(started.services, company.users.dispatcher);
    expect(await caller.documents.delete({ id: uploaded.body.id as string })).toEqual({ id: uploaded.body.id });
    expect(await rowsNamed(name)).toEqual([]);
    await waitFor(async () => !(await storage().exists(row.filePath)));
    const audit = await owner
      .selectFrom('auditLogs')
      .select('action')
      .where('entityId', '=', uploaded.body.id as string)
      .orderBy('createdAt')
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(['created', 'deleted']);
    await expectTrpcError(caller.documents.delete({ id: uploaded.body.id as string }), 'NOT_FOUND', 'Document not found');
  });

  it("cannot delete another company's document", async () => {
    const foreign = await createDocument(started.services.db, other.users.admin);
    await expectTrpcError((await callerFor(started.services, company.users.admin)).documents.delete({ id: foreign.id }), 'NOT_FOUND');
    expect(await owner.selectFrom('documents').select('id').where('id', '=', foreign.id).execute()).toHaveLength(1);
  });
});

describe('orphan sweeper', () => {
  it('removes old objects with no row, keeps objects with a row and young ones', async () => {
    const session = await sessionFor(started.services, company.users.dispatcher);
    const name = `kept-${randomUUID().slice(0, 6)}.pdf`;
    await upload(origin, session, { name, content: minimalPdf() });
    const kept = await rowNamed(name);
    const folder = path.join(dataDir, 'files', company.companyId);
    const orphan = `${company.companyId}/${randomUUID()}`;
    const young = `${company.companyId}/${randomUUID()}`;
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(dataDir, 'files', ...orphan.split('/')), 'orphan');
    await writeFile(path.join(dataDir, 'files', ...young.split('/')), 'young');
    const longAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(path.join(dataDir, 'files', ...orphan.split('/')), longAgo, longAgo);
    await utimes(path.join(dataDir, 'files', ...kept.filePath.split('/')), longAgo, longAgo);
    // A deleted company's files are all orphans.
    const goneCompany = randomUUID();
    const gone = `${goneCompany}/${randomUUID()}`;
    await mkdir(path.join(dataDir, 'files', goneCompany), { recursive: true });
    await writeFile(path.join(dataDir, 'files', ...gone.split('/')), 'gone');
    await utimes(path.join(dataDir, 'files', ...gone.split('/')), longAgo, longAgo);

    // An upload abandoned mid-way (its temporary file), and one in progress.
    const staging = path.join(dataDir, 'files', '.tmp');
    await mkdir(staging, { recursive: true });
    const abandoned = path.join(staging, `${randomUUID()}.upload`);
    const inProgress = path.join(staging, `${randomUUID()}.upload`);
    await writeFile(abandoned, 'half');
    await writeFile(inProgress, 'half');
    await utimes(abandoned, longAgo, longAgo);

    expect(await sweepOrphans(started.config, started.services.db)).toBeGreaterThanOrEqual(3);
    await expect(stat(abandoned)).rejects.toThrow();
    expect((await stat(inProgress)).isFile()).toBe(true);
    expect(await storage().exists(orphan)).toBe(false);
    expect(await storage().exists(gone)).toBe(false);
    expect(await storage().exists(kept.filePath)).toBe(true);
    expect(await storage().exists(young)).toBe(true);
  });
});

describe('POD data', () => {
  it('extracts a POD, stores only what a person confirms, with who and when', async () => {
    const session = await sessionFor(started.services, company.users.dispatcher);
    const content = await readFile(path.resolve('tests/fixtures/pod/pod-text.pdf'));
    const uploaded = await upload(origin, session, { name: 'POD 30127.pdf', content }, { documentType: 'pod' });
    const id = uploaded.body.id as string;
    const caller = await callerFor(started.services, company.users.dispatcher);
    expect(await caller.documents.podData({ id })).toBeNull();
    const { method, proposal } = await caller.documents.extractPod({ id });
    expect(method).toBe('pdf-text');
    expect(proposal.recipientName).toEqual({ value: 'Maria Gonzalez', source: 'Received by: Maria Gonzalez', confidence: 1 });
    // Proposing stores nothing.
    expect(await caller.documents.podData({ id })).toBeNull();

    const confirmed = await caller.documents.confirmPod({
      id,
      deliveryDate: proposal.deliveryDate.value,
      deliveryTime: proposal.deliveryTime.value,
      recipientName: 'Maria G. Gonzalez',
      recipientSignature: true,
      location: proposal.location.value,
      condition: 'other',
      notes: proposal.notes.value,
    });
    expect(confirmed).toMatchObject({
      documentId: id,
      deliveryDate: '2026-11-18',
      deliveryTime: '09:15',
      recipientName: 'Maria G. Gonzalez',
      condition: 'other',
      confirmedBy: company.users.dispatcher.userId,
    });
    expect(await caller.documents.podData({ id })).toEqual(confirmed);
  });

  it('refuses other types, bad values and foreign documents', async () => {
    const caller = await callerFor(started.services, company.users.dispatcher);
    const notPod = await createDocument(started.services.db, company.users.dispatcher, { documentType: 'bol' });
    await expectTrpcError(caller.documents.extractPod({ id: notPod.id }), 'BAD_REQUEST', 'Only POD documents can be extracted');
    const pod = await createDocument(started.services.db, company.users.dispatcher, { documentType: 'pod' });
    await expectTrpcError(
      caller.documents.confirmPod({ id: pod.id, deliveryTime: '25:99', recipientSignature: false, condition: 'good' }),
      'BAD_REQUEST',
    );
    const foreign = await createDocument(started.services.db, other.users.admin, { documentType: 'pod' });
    await expectTrpcError(caller.documents.extractPod({ id: foreign.id }), 'NOT_FOUND', 'Document not found');
    await expectTrpcError(caller.documents.confirmPod({ id: foreign.id, recipientSignature: false, condition: 'good' }), 'NOT_FOUND');
  });
});

describe('live', () => {
  it('tells a change to those who may see the document, by its visibility', async () => {
    const sessionOf = async (user: typeof company.users.admin) => {
      const session = await (await callerFor(started.services, user)).auth.session();
      if (!session) throw new Error('no session');
      return session;
    };
    const dispatcher = liveAudienceOf(await sessionOf(company.users.dispatcher));
    const sales = liveAudienceOf(await sessionOf(company.users.sales));
    const treasury = liveAudienceOf(await sessionOf(company.users.treasury));
    const event = (visibility: string, extra: Record<string, unknown> = {}): RealtimeEvent => ({
      table: 'documents',
      op: 'INSERT',
      id: randomUUID(),
      companyId: company.companyId,
      actorId: company.users.admin.userId,
      visibility,
      uploadedBy: company.users.admin.userId,
      ...extra,
    });
    expect(toLiveChange(dispatcher, company.users.dispatcher.userId, event('dispatcher'))).toMatchObject({
      table: 'documents',
      op: 'INSERT',
    });
    expect(toLiveChange(sales, company.users.sales.userId, event('dispatcher'))).toBeNull();
    expect(toLiveChange(sales, company.users.sales.userId, event('sales'))).toMatchObject({ table: 'documents' });
    // An update that hides it from them is still told (so it leaves their list).
    expect(toLiveChange(sales, company.users.sales.userId, event('dispatcher', { op: 'UPDATE', oldVisibility: 'sales' }))).not.toBeNull();
    expect(toLiveChange(treasury, company.users.treasury.userId, event('sales'))).toBeNull();
    expect(toLiveChange(dispatcher, company.users.dispatcher.userId, event('sales', { companyId: other.companyId }))).toBeNull();
  });
});

describe('sizes', () => {
  it("shows the spec's units", () => {
    expect(formatFileSize(512)).toBe('512 Bytes');
    expect(formatFileSize(2048)).toBe('2 KB');
    expect(formatFileSize(5.5 * 1024 * 1024)).toBe('5.5 MB');
    expect(formatFileSize(3 * 1024 ** 3)).toBe('3 GB');
  });
});
