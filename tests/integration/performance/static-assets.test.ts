import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServices } from '../../../server/src/create-services.js';
import { listen, startTestServices } from '../../support/harness.js';

/**
 * The built client goes out compressed and cached as it should: text assets precompressed at build
 * (scripts/compress-assets.ts, run here on a small dist folder) and sent as the browser accepts
 * them; hashed assets immutable for a year; index.html and the service worker never cached; a
 * public page prerendered at build (scripts/prerender.ts) sent for its own address only.
 */
const dist = mkdtempSync(path.join(tmpdir(), 'haulwise-dist-'));
const script = `console.log(${JSON.stringify('haulwise '.repeat(400))});\n`;
let started: StartedServices;
let app: FastifyInstance;
let origin: string;

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), `<!doctype html><title>Haulwise</title>${'<!-- padding -->'.repeat(100)}`);
  writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd34.js'), script);
  mkdirSync(path.join(dist, 'prerendered'));
  writeFileSync(
    path.join(dist, 'prerendered', 'index.html'),
    `<!doctype html><title>Haulwise</title><div id="root" data-prerendered="/">${'<p>landing</p>'.repeat(100)}</div>`,
  );
  writeFileSync(
    path.join(dist, 'prerendered', 'about.html'),
    `<!doctype html><title>About</title><div id="root" data-prerendered="/about">${'<p>about</p>'.repeat(100)}</div>`,
  );
  writeFileSync(path.join(dist, 'sw.js'), `self.addEventListener('fetch', () => {});\n${'// padding\n'.repeat(200)}`);
  execFileSync(path.resolve('node_modules/.bin/tsx'), ['scripts/compress-assets.ts', dist], { stdio: 'pipe' });
  started = await startTestServices({ config: { CLIENT_DIST_DIR: dist } });
  ({ app, origin } = await listen(started.services));
});
afterAll(async () => {
  await app?.close();
  await started?.close();
  rmSync(dist, { recursive: true, force: true });
});

/** A raw GET (fetch would decompress on its own and hide what was sent). */
function get(
  pathname: string,
  acceptEncoding: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${origin}${pathname}`, { headers: { 'accept-encoding': acceptEncoding, ...headers } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('the built client as it goes out', () => {
  it('sends a hashed asset as brotli to a browser that accepts it, immutable for a year', async () => {
    const answer = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br');
    expect(answer.status, answer.body.toString()).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.body.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(answer.body).toString()).toBe(script);
  });

  it('sends gzip to a browser without brotli, and the plain file to one that accepts neither', async () => {
    const gzip = await get('/assets/index-Ab12Cd34.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(script);
    const plain = await get('/assets/index-Ab12Cd34.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('sends a prerendered page for its own address (query or not, compressed), and the app for every other', async () => {
    const pages: [string, string][] = [
      ['/', 'data-prerendered="/"'],
      ['/?from=mail', 'data-prerendered="/"'],
      ['/about', 'data-prerendered="/about"'],
      ['/about/', '<!-- padding -->'],
      ['/contact', '<!-- padding -->'],
      ['/loads', '<!-- padding -->'],
      ['/prerendered', '<!-- padding -->'],
    ];
    for (const [pathname, marker] of pages) {
      const answer = await get(pathname, 'br');
      expect(answer.status, pathname).toBe(200);
      expect(answer.headers['cache-control'], pathname).toBe('no-cache');
      expect(answer.headers['content-encoding'], pathname).toBe('br');
      expect(brotliDecompressSync(answer.body).toString(), pathname).toContain(marker);
    }
  });

  it("sends the app, not a prerendered page, to a script's fetch (the service worker caching its shell)", async () => {
    const answer = await get('/', 'identity', { 'sec-fetch-dest': 'empty' });
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toContain('<!-- padding -->');
    expect(answer.body.toString()).not.toContain('data-prerendered');
  });

  it('never lets a browser cache index.html (any screen) or the service worker', async () => {
    for (const pathname of ['/loads', '/sw.js']) {
      const answer = await get(pathname, 'br');
      expect(answer.status, pathname).toBe(200);
      expect(answer.headers['cache-control'], pathname).toBe('no-cache');
    }
  });
});
