import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerFor, createTestCompany, listen, ownerDb, sessionFor, startTestServices, type TestCompany } from '../../support/harness.js';
import { expectTrpcError } from '../../support/http.js';
import { createDocument } from './document-factory.js';
import { S3_TEST_KEYS, startS3Server } from './s3-server.js';
import { minimalPdf, TINY_PNG, upload } from './upload-client.js';

/**
 * The Documents screen's preview (issue 27, item 10): `documents.downloadLink` with
 * `disposition: 'inline'` gives the same signed, expiring app link as a download, answered inline
 * (PDF, JPEG and PNG only) with the stored type, nosniff, and a policy that lets only this app
 * frame it. The link is for a document the caller may read, in the caller's company; an
 * attachment link cannot be turned into an inline one, nor an inline one pointed elsewhere.
 */

const owner = ownerDb();
afterAll(async () => {
  await owner.destroy();
});

/** One app over one file store (the disk, or S3 when given), with two companies. */
function startApp(config: () => Record<string, string>) {
  const state = {} as {
    started: Awaited<ReturnType<typeof startTestServices>>;
    app: FastifyInstance;
    origin: string;
    company: TestCompany;
    other: TestCompany;
  };
  beforeAll(async () => {
    state.started = await startTestServices({ config: config() });
    ({ app: state.app, origin: state.origin } = await listen(state.started.services));
    state.company = await createTestCompany(state.started.services);
    state.other = await createTestCompany(state.started.services);
  });
  afterAll(async () => {
    await state.app?.close();
    await state.started?.close();
  });
  return state;
}

const diskDir = path.resolve(`.data/test-documents-preview-${randomUUID().slice(0, 8)}`);
afterAll(async () => {
  await rm(diskDir, { recursive: true, force: true });
});

describe('inline preview on the disk store', () => {
  const state = startApp(() => ({ HAULWISE_DATA_DIR: diskDir }));

  async function uploaded(name: string, content: string | Uint8Array, fields: Record<string, string> = {}) {
    const session = await sessionFor(state.started.services, state.company.users.dispatcher);
    const answer = await upload(state.origin, session, { name, content }, fields);
    expect(answer.status).toBe(201);
    return answer.body.id as string;
  }

  it('answers a PDF inline, with its stored type, nosniff, no-store, and framing by this app only', async () => {
    const content = minimalPdf('preview me');
    const id = await uploaded('Rate confirmation for the preview.pdf', content, { documentType: 'rate_confirmation' });
    const caller = await callerFor(state.started.services, state.company.users.dispatcher);
    const before = Date.now();
    const link = await caller.documents.downloadLink({ id, disposition: 'inline' });
    expect(Date.parse(link.expiresAt) - before).toBeGreaterThanOrEqual(3599_000);
    const url = new URL(link.url, state.origin);
    expect(url.origin).toBe(state.origin);
    expect(url.pathname).toBe('/files/download');
    expect(url.searchParams.get('disposition')).toBe('inline');

    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      `inline; filename="Rate confirmation for the preview.pdf"; filename*=UTF-8''Rate%20confirmation%20for%20the%20preview.pdf`,
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).not.toContain("frame-ancestors 'none'");
    expect(await response.text()).toBe(content);

    // A download's link is unchanged: an attachment, framed by nobody.
    const download = await fetch(new URL((await caller.documents.downloadLink({ id })).url, state.origin));
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(download.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('answers a PNG inline under a closed, sandboxed policy', async () => {
    const id = await uploaded('Damage photo.png', TINY_PNG);
    const caller = await callerFor(state.started.services, state.company.users.dispatcher);
    const response = await fetch(new URL((await caller.documents.downloadLink({ id, disposition: 'inline' })).url, state.origin));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('content-disposition')).toMatch(/^inline; filename="Damage photo.png"/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain('sandbox');
    expect(policy).toContain("frame-ancestors 'self'");
    expect(Buffer.from(await response.arrayBuffer()).equals(TINY_PNG)).toBe(true);
  });

  it('gives no inline link for another type (a Word file): "No preview for this type"', async () => {
    const word = await createDocument(state.started.services.db, state.company.users.dispatcher, { fileName: 'Contract.docx' });
    await owner
      .updateTable('documents')
      .set({ contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' })
      .where('id', '=', word.id)
      .execute();
    const caller = await callerFor(state.started.services, state.company.users.dispatcher);
    const refused = await expectTrpcError(caller.documents.downloadLink({ id: word.id, disposition: 'inline' }), 'BAD_REQUEST');
    expect(refused.message).toBe('No preview for this type');
    await expectTrpcError(caller.documents.downloadLink({ id: word.id, disposition: 'embed' as 'inline' }), 'BAD_REQUEST');
  });

  it('refuses altered links: an attachment link made inline, an inline one made an attachment, another file, type or expiry', async () => {
    const id = await uploaded('Bill of lading preview.pdf', minimalPdf('bol'));
    const caller = await callerFor(state.started.services, state.company.users.dispatcher);
    const inline = new URL((await caller.documents.downloadLink({ id, disposition: 'inline' })).url, state.origin);
    const attachment = new URL((await caller.documents.downloadLink({ id })).url, state.origin);
    const status = async (url: URL) => (await fetch(url)).status;

    const madeInline = new URL(attachment);
    madeInline.searchParams.set('disposition', 'inline');
    expect(await status(madeInline)).toBe(403);
    const madeAttachment = new URL(inline);
    madeAttachment.searchParams.delete('disposition');
    expect(await status(madeAttachment)).toBe(403);

    const foreignSession = await sessionFor(state.started.services, state.other.users.dispatcher);
    const foreign = await upload(state.origin, foreignSession, { name: 'Their preview.pdf', content: minimalPdf('theirs') });
    const [foreignRow] = await owner
      .selectFrom('documents')
      .select('filePath')
      .where('id', '=', foreign.body.id as string)
      .execute();
    const otherFile = new URL(inline);
    otherFile.searchParams.set('key', foreignRow?.filePath ?? '');
    expect(await status(otherFile)).toBe(403);
    const otherType = new URL(inline);
    otherType.searchParams.set('type', 'text/html');
    expect(await status(otherType)).toBe(403);
    const expired = new URL(inline);
    expired.searchParams.set('expires', String(Math.floor(Date.now() / 1000) - 1));
    expect(await status(expired)).toBe(403);
    expect(await status(inline)).toBe(200);
  });

  it("gives no inline link to another company's document, nor to one the caller may not see, exactly like a missing one", async () => {
    const foreign = await createDocument(state.started.services.db, state.other.users.admin);
    const caller = await callerFor(state.started.services, state.company.users.admin);
    const a = await expectTrpcError(caller.documents.downloadLink({ id: foreign.id, disposition: 'inline' }), 'NOT_FOUND');
    const b = await expectTrpcError(caller.documents.downloadLink({ id: randomUUID(), disposition: 'inline' }), 'NOT_FOUND');
    expect(a.message).toBe(b.message);

    // A dispatcher's document (visibility dispatcher) is not a sales user's to preview.
    const hidden = await createDocument(state.started.services.db, state.company.users.dispatcher, { visibility: 'dispatcher' });
    const sales = await callerFor(state.started.services, state.company.users.sales);
    await expectTrpcError(sales.documents.downloadLink({ id: hidden.id, disposition: 'inline' }), 'NOT_FOUND', 'Document not found');
    // Nobody signed in gets no link at all.
    const visitor = await callerFor(state.started.services, null);
    await expectTrpcError(visitor.documents.downloadLink({ id: hidden.id, disposition: 'inline' }), 'UNAUTHORIZED');
  });
});

describe('inline preview on an S3 store', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  const s3Dir = path.resolve(`.data/test-documents-preview-s3-${randomUUID().slice(0, 8)}`);
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(async () => {
    await s3?.close();
    await rm(s3Dir, { recursive: true, force: true });
  });
  const state = startApp(() => ({
    HAULWISE_DATA_DIR: s3Dir,
    S3_ENDPOINT: s3.endpoint,
    S3_PUBLIC_URL: s3.endpoint,
    S3_BUCKET: `preview-${Date.now()}`,
    ...S3_TEST_KEYS,
  }));

  it('serves the preview through the app (the page may frame only its own origin), while a download stays presigned', async () => {
    const session = await sessionFor(state.started.services, state.company.users.dispatcher);
    const content = minimalPdf('from the bucket');
    const answer = await upload(state.origin, session, { name: 'Bucket POD.pdf', content }, { documentType: 'pod' });
    expect(answer.status).toBe(201);
    const id = answer.body.id as string;
    const caller = await callerFor(state.started.services, state.company.users.dispatcher);

    const inline = await caller.documents.downloadLink({ id, disposition: 'inline' });
    expect(inline.url.startsWith('/files/download?')).toBe(true);
    const response = await fetch(new URL(inline.url, state.origin));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/pdf');
    expect(response.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(await response.text()).toBe(content);

    const download = await caller.documents.downloadLink({ id });
    expect(download.url.startsWith(s3.endpoint)).toBe(true);
  });
});
