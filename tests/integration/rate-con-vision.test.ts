import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_CON_PATH, type RateConExtractOutput } from '#shared/schemas/rate-cons.js';
import type { StartedServices } from '../../server/src/create-services.js';
import { rateConVision } from '../../server/src/domains/rate-cons/read-rate-con.js';
import { SESSION_COOKIE } from '../../server/src/services/lucia.js';
import { createTestCompany, type TestCompany } from '../support/factories.js';
import { listen, sessionFor, startTestServices } from '../support/harness.js';

/**
 * Issue 29, item 3: RATECON_EXTRACT_URL (and RATECON_EXTRACT_KEY) send scans and photos of rate
 * cons to a vision endpoint instead of the local OCR. A local HTTP server plays the endpoint here;
 * a text PDF never reaches it, and without the setting nothing is sent anywhere.
 */

const VISION_TEXT = [
  'Lakeside Freight Partners LLC',
  'MC# 654321   Phone: (312) 555-0110   loads@lakesidefreight.example',
  'RATE CONFIRMATION    Load # LFP-90210',
  'PICKUP',
  '400 Mill Rd',
  'Joliet, IL 60431',
  'Date: 12/07/2026',
  'DELIVERY',
  '12 Dock St',
  'Omaha, NE 68102',
  'Date: 12/08/2026',
  'Commodity: Steel coils    Weight: 40,000 lbs',
  'TOTAL: $1,875.00',
].join('\n');

/** A text PDF rate con (pdfkit): the same fields, a reference of its own. */
function textPdf(): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 50 });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.fontSize(18).text('RATE CONFIRMATION');
  doc.moveDown().fontSize(11);
  for (const line of VISION_TEXT.replace('LFP-90210', 'TXT-1001').split('\n').slice(0, -1)) doc.text(line.replace(/ {3,}/g, '  '));
  doc.text('Total Rate: $1,875.00');
  doc.end();
  return done;
}

let endpoint: Server;
const received: { authorization: string | undefined; contentType: unknown; bytes: number }[] = [];
let started: StartedServices;
let app: FastifyInstance;
let origin: string;
let company: TestCompany;

async function extract(file: { name: string; bytes: Buffer; type: string }) {
  const form = new FormData();
  form.append('file', new Blob([Uint8Array.from(file.bytes)], { type: file.type }), file.name);
  const cookie = `${SESSION_COOKIE}=${await sessionFor(started.services, company.users.dispatcher)}`;
  const response = await fetch(`${origin}${RATE_CON_PATH}`, { method: 'POST', headers: { origin, cookie }, body: form });
  return { status: response.status, body: (await response.json()) as RateConExtractOutput };
}

beforeAll(async () => {
  endpoint = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const parsed = JSON.parse(body) as { image: string; contentType: unknown };
      received.push({
        authorization: request.headers.authorization,
        contentType: parsed.contentType,
        bytes: Buffer.from(parsed.image, 'base64').length,
      });
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ text: VISION_TEXT, confidence: 0.9 }));
    });
  });
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  const { port } = endpoint.address() as AddressInfo;
  started = await startTestServices({
    config: { RATECON_EXTRACT_URL: `http://127.0.0.1:${port}/read`, RATECON_EXTRACT_KEY: 'ratecon-key' },
  });
  ({ app, origin } = await listen(started.services));
  company = await createTestCompany(started.services, 'Vision Carriers');
}, 60_000);
afterAll(async () => {
  await app?.close();
  await started?.close();
  endpoint?.close();
});

describe('RATECON_EXTRACT_URL', () => {
  it('is the vision endpoint only when set; its key is the bearer token', () => {
    expect(rateConVision({ RATECON_EXTRACT_URL: undefined, RATECON_EXTRACT_KEY: 'ignored' })).toBeUndefined();
    expect(rateConVision({ RATECON_EXTRACT_URL: 'http://127.0.0.1:1/read', RATECON_EXTRACT_KEY: undefined })).toEqual({
      url: 'http://127.0.0.1:1/read',
      key: undefined,
    });
  });

  it('sends a photographed rate con to the endpoint with its key, and the import reads its answer', async () => {
    const photo = await readFile(path.resolve('tests/fixtures/pod', 'pod-photo.jpg'));
    received.length = 0;
    const answer = await extract({ name: 'rate-con.jpg', bytes: photo, type: 'image/jpeg' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(received).toEqual([{ authorization: 'Bearer ratecon-key', contentType: 'image/jpeg', bytes: photo.length }]);
    const { fields } = answer.body;
    expect(fields.referenceNumber).toEqual({ value: 'LFP-90210', confidence: 0.9 });
    expect(fields.brokerMc.value).toBe('654321');
    expect(fields.pickupCity.value).toBe('Joliet');
    expect(fields.deliveryCity.value).toBe('Omaha');
    expect(fields.rate.value).toBe(1875);
    // The file is staged for the attach as with the local OCR.
    expect(answer.body.fileToken).toEqual(expect.any(String));
  });

  it('never sends a text PDF: its text layer is read on the server', async () => {
    received.length = 0;
    const answer = await extract({ name: 'rate-con.pdf', bytes: await textPdf(), type: 'application/pdf' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.fields.referenceNumber.value).toBe('TXT-1001');
    expect(received).toHaveLength(0);
  });
});
