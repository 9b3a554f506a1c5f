import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkSecretFor, storageFor, type ObjectStorage } from '../../../server/src/services/storage/index.js';
import { DOWNLOAD_PATH, signDownload, verifyDownload } from '../../../server/src/services/storage/signed-links.js';
import { testConfig } from '../../support/config.js';
import { S3_TEST_KEYS, startS3Server } from './s3-server.js';

/** The one storage suite, run against both adapters: files on disk and a local S3 server. */

let scratch: string;
let s3: Awaited<ReturnType<typeof startS3Server>>;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'haulwise-storage-'));
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.close();
  await rm(scratch, { recursive: true, force: true });
});

async function localFile(content: string): Promise<{ file: string; size: number }> {
  await mkdir(scratch, { recursive: true });
  const file = path.join(scratch, randomUUID());
  await writeFile(file, content);
  return { file, size: Buffer.byteLength(content) };
}

const adapters: { name: string; make: () => ObjectStorage }[] = [
  { name: 'disk', make: () => storageFor(testConfig({ HAULWISE_DATA_DIR: path.join(scratch, 'data') })) },
  {
    name: 's3',
    make: () =>
      storageFor(
        testConfig({
          HAULWISE_DATA_DIR: path.join(scratch, 'data-s3'),
          S3_ENDPOINT: s3.endpoint,
          S3_PUBLIC_URL: s3.endpoint,
          S3_BUCKET: `docs-${Date.now()}`,
          ...S3_TEST_KEYS,
        }),
      ),
  },
];

describe.each(adapters)('storage on $name', ({ name, make }) => {
  let storage: ObjectStorage;
  const company = randomUUID();

  beforeAll(async () => {
    storage = make();
    // The bucket (or folder) is made at start when missing, and making it twice is harmless.
    await storage.ready();
    await storage.ready();
  });

  it('is the adapter the configuration chose', () => {
    expect(storage.kind).toBe(name);
  });

  it('stores a file, reads it back, lists it under its company and removes it', async () => {
    const key = `${company}/${randomUUID()}`;
    const { file, size } = await localFile('%PDF-1.4 hello');
    await storage.putFile(key, file, size, 'application/pdf');
    // The upload's temporary file is gone: the store owns the bytes now.
    await expect(readFile(file)).rejects.toThrow();
    expect(await storage.exists(key)).toBe(true);
    expect(await text(await storage.read(key))).toBe('%PDF-1.4 hello');
    const listed = [];
    for await (const item of storage.list(company)) listed.push(item);
    expect(listed.map((item) => item.key)).toContain(key);
    expect(listed.find((item) => item.key === key)?.size).toBe(size);
    await storage.remove(key);
    expect(await storage.exists(key)).toBe(false);
    // Removing again (a retried job) is not an error.
    await storage.remove(key);
  });

  it('lists only the company asked for', async () => {
    const other = randomUUID();
    const key = `${other}/${randomUUID()}`;
    const { file, size } = await localFile('other');
    await storage.putFile(key, file, size, 'application/pdf');
    const listed = [];
    for await (const item of storage.list(company)) listed.push(item.key);
    expect(listed).not.toContain(key);
    await storage.remove(key);
  });

  it('refuses keys it did not make (path traversal, other shapes)', async () => {
    const { file, size } = await localFile('x');
    await expect(storage.putFile('../../etc/passwd', file, size, 'text/plain')).rejects.toThrow(/not a storage key/);
    await expect(storage.read(`${company}/../secret`)).rejects.toThrow(/not a storage key/);
    await expect(storage.downloadLink(`${company}/x`, { fileName: 'a', contentType: 'text/plain', expiresInSeconds: 60 })).rejects.toThrow(
      /not a storage key/,
    );
  });

  it('gives a download link that names the file as an attachment and expires', async () => {
    const key = `${company}/${randomUUID()}`;
    const { file, size } = await localFile('%PDF-1.4 link');
    await storage.putFile(key, file, size, 'application/pdf');
    const link = await storage.downloadLink(key, { fileName: 'Rate con.pdf', contentType: 'application/pdf', expiresInSeconds: 3600 });
    if (name === 'disk') {
      expect(link.startsWith(`${DOWNLOAD_PATH}?`)).toBe(true);
      const query = Object.fromEntries(new URL(link, 'http://x').searchParams);
      const verified = verifyDownload(Buffer.alloc(0), query);
      // Checked with the wrong secret: refused.
      expect(verified.ok).toBe(false);
    } else {
      const url = new URL(link);
      expect(url.searchParams.get('X-Amz-Expires')).toBe('3600');
      expect(url.searchParams.get('response-content-disposition')).toContain('attachment');
      const response = await fetch(link);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toContain('attachment');
      expect(await response.text()).toBe('%PDF-1.4 link');
    }
    await storage.remove(key);
  });
});

describe('S3 storage on a private network (no S3_PUBLIC_URL)', () => {
  it('links through the app, whose signed route streams the object', async () => {
    const storage = storageFor(
      testConfig({
        HAULWISE_DATA_DIR: path.join(scratch, 'data-s3-private'),
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: `private-${Date.now()}`,
        ...S3_TEST_KEYS,
      }),
    );
    await storage.ready();
    const key = `${randomUUID()}/${randomUUID()}`;
    const { file, size } = await localFile('%PDF-1.4 private');
    await storage.putFile(key, file, size, 'application/pdf');
    const link = await storage.downloadLink(key, { fileName: 'pod.pdf', contentType: 'application/pdf', expiresInSeconds: 3600 });
    expect(link.startsWith(`${DOWNLOAD_PATH}?`)).toBe(true);
    expect(await text(await storage.read(key))).toBe('%PDF-1.4 private');
  });
});

describe('disk storage', () => {
  it('writes atomically: no partial files are left in the company folder, none served statically', async () => {
    const dataDir = path.join(scratch, 'atomic');
    const storage = storageFor(testConfig({ HAULWISE_DATA_DIR: dataDir }));
    await storage.ready();
    const company = randomUUID();
    const key = `${company}/${randomUUID()}`;
    const { file, size } = await localFile('content');
    await storage.putFile(key, file, size, 'application/pdf');
    expect(await readdir(path.join(dataDir, 'files', company))).toEqual([key.split('/')[1]]);
    expect(await readdir(path.join(dataDir, 'files', '.tmp'))).toEqual([]);
  });
});

describe('signed download links', () => {
  const secret = Buffer.from('a test secret that is long enough');
  const key = `${randomUUID()}/${randomUUID()}`;
  const now = 1_800_000_000;
  const link = { key, fileName: 'pod.pdf', contentType: 'application/pdf', expires: now + 3600 };
  const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

  it('verifies an untouched link within its lifetime', () => {
    expect(verifyDownload(secret, queryOf(signDownload(secret, link)), now)).toEqual({ ok: true, link });
    expect(verifyDownload(secret, queryOf(signDownload(secret, link)), now + 3600).ok).toBe(true);
  });

  it('refuses it after 3600 s', () => {
    expect(verifyDownload(secret, queryOf(signDownload(secret, link)), now + 3601)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses any altered part: key, name, type, expiry, signature', () => {
    const query = queryOf(signDownload(secret, link));
    const otherKey = `${randomUUID()}/${randomUUID()}`;
    for (const altered of [
      { ...query, key: otherKey },
      { ...query, name: 'other.pdf' },
      { ...query, type: 'text/html' },
      { ...query, expires: String(now + 99_999) },
      { ...query, sig: `${query.sig?.slice(0, -2)}AA` },
      { ...query, sig: undefined },
    ]) {
      expect(verifyDownload(secret, altered, now)).toEqual({ ok: false, reason: 'invalid' });
    }
  });

  it('is made with the configured secret when one is set', () => {
    const config = testConfig({ HAULWISE_DATA_DIR: path.join(os.tmpdir(), 'unused'), FILE_LINK_SECRET: 'configured secret value' });
    expect(linkSecretFor(config).toString()).toBe('configured secret value');
  });
});
