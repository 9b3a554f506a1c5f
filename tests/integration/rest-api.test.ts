import { readFile } from 'node:fs/promises';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import createClient from 'openapi-fetch';
import { generateOpenApiDocument } from 'trpc-to-openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { READ_ONLY_SCOPES, READ_WRITE_SCOPES } from '#shared/schemas/api-keys.js';
import type { StartedServices } from '../../server/src/create-services.js';
import { checkedSynchronously, openApiRouter, servedOpenApiRouter } from '../../server/src/domains/api/rest.router.js';
import { generateClientTypes, SCHEMA_FILE } from '../support/api-client/generate.js';
import type { paths } from '../support/api-client/schema.js';
import { createDriver, createTestCompany, type TestCompany } from '../support/factories.js';
import { callerFor, listen, ownerDb, startTestServices } from '../support/harness.js';
import { minimalPdf } from './documents/upload-client.js';

/**
 * The REST API (issue 28, item 1) as an outside program uses it: the published OpenAPI document
 * validates, and a client generated from it (openapi-typescript's types, committed under
 * tests/support/api-client and checked here to be current, with openapi-fetch) runs a day's
 * journey with an API key made by an admin. Errors are problems (RFC 9457) naming the field.
 */

let started: StartedServices;
let app: FastifyInstance;
let origin: string;
let company: TestCompany;
let key: string;

beforeAll(async () => {
  started = await startTestServices();
  ({ app, origin } = await listen(started.services));
  company = await createTestCompany(started.services, 'REST Freight');
  const admin = await callerFor(started.services, company.users.admin);
  ({ key } = await admin.apiKeys.create({ name: 'Journey sync', scopes: READ_WRITE_SCOPES }));
});
afterAll(async () => {
  await app?.close();
  await started?.close();
});

const clientWith = (apiKey: string) => createClient<paths>({ baseUrl: `${origin}/api/v1`, headers: { authorization: `Bearer ${apiKey}` } });

describe('the OpenAPI document', () => {
  it('is served at /api/v1/openapi.json and validates as OpenAPI 3.1', async () => {
    const response = await fetch(`${origin}/api/v1/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toMatch(/^3\.1\./);
    const result = await new Validator().validate(document as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    for (const path of [
      '/loads',
      '/loads/{id}',
      '/loads/{id}/status',
      '/brokers',
      '/drivers/{id}',
      '/carriers',
      '/documents',
      '/invoices/{id}/status',
    ])
      expect(Object.keys(document.paths)).toContain(path);
  });

  it('is what the committed client types were generated from (tests/support/api-client/schema.d.ts)', async () => {
    const response = await fetch(`${origin}/api/v1/openapi.json`);
    expect(await readFile(SCHEMA_FILE, 'utf8')).toBe(await generateClientTypes((await response.json()) as object));
  });

  it('has a reference page at /api/docs, served by us (no external script or style)', async () => {
    const response = await fetch(`${origin}/api/docs`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Haulwise API');
    expect(html).toContain('/api/v1/loads/{id}/status');
    expect(html).not.toMatch(/<script|https?:\/\/(?!127\.0\.0\.1)[^"]*\.(js|css)/);
  });
});

describe('a client generated from the document, with an API key', () => {
  it('runs the journey: a broker, a load, its POD, delivered, an invoice created and read', async () => {
    const client = clientWith(key);

    const broker = await client.POST('/brokers', {
      body: { name: 'Dana Broker', companyName: 'Lakeside Logistics', email: 'dana@lakeside.test' },
    });
    expect(broker.response.status, JSON.stringify(broker.error)).toBe(200);
    const brokerId = broker.data?.id as string;
    expect(broker.data?.companyName).toBe('Lakeside Logistics');

    const driverId = await createDriver(started.services.db, company.users.admin);
    const load = await client.POST('/loads', {
      body: {
        loadNumber: `API-${Date.now()}`,
        pickupLocation: '100 Harbor Way',
        pickupCity: 'Oakland',
        pickupState: 'CA',
        pickupDate: '2026-12-01',
        deliveryLocation: '5 Commerce Dr',
        deliveryCity: 'Reno',
        deliveryState: 'NV',
        deliveryDate: '2026-12-02',
        rate: '1850.50',
        brokerId,
        driverId,
      } as never,
    });
    expect(load.response.status, JSON.stringify(load.error)).toBe(200);
    const loadId = load.data?.id as string;
    expect(load.data?.status).toBe('assigned');

    const form = new FormData();
    form.append('documentType', 'pod');
    form.append('loadId', loadId);
    form.append('file', new Blob([Buffer.from(minimalPdf(), 'latin1')], { type: 'application/pdf' }), 'pod.pdf');
    const pod = await client.POST('/documents', { body: {} as never, bodySerializer: () => form });
    expect(pod.response.status, JSON.stringify(pod.error)).toBe(201);
    expect(pod.data).toMatchObject({ documentType: 'pod', fileName: 'pod.pdf' });

    const documents = await client.GET('/documents', { params: { query: { loadId } } });
    expect(documents.data?.items.map((document) => document.id)).toEqual([pod.data?.id]);
    const link = await client.GET('/documents/{id}/download-link', { params: { path: { id: pod.data?.id as string } } });
    expect(link.data?.url).toMatch(/^\/files\/download\?|^https?:/);

    const delivered = await client.POST('/loads/{id}/status', { params: { path: { id: loadId } }, body: { status: 'delivered' } });
    expect(delivered.response.status, JSON.stringify(delivered.error)).toBe(200);
    expect(delivered.data?.status).toBe('delivered');

    const created = await client.POST('/invoices', {
      body: { invoiceDate: '2026-12-03', dueDate: '2027-01-02', amount: '1850.50', loadId, brokerId } as never,
    });
    expect(created.response.status, JSON.stringify(created.error)).toBe(200);
    const invoiceId = created.data?.id as string;
    const invoice = await client.GET('/invoices/{id}', { params: { path: { id: invoiceId } } });
    expect(invoice.data).toMatchObject({ id: invoiceId, amount: '1850.50', loadId, brokerId, status: 'draft' });

    const loads = await client.GET('/loads', { params: { query: { status: 'delivered', search: 'Reno' } } });
    expect(loads.data?.items.map((item) => item.id)).toContain(loadId);
  });

  it('answers bad input with a problem naming the field, with the app’s message', async () => {
    const client = clientWith(key);
    const bad = await client.POST('/brokers', { body: { name: '' } });
    expect(bad.response.status).toBe(400);
    expect(bad.response.headers.get('content-type')).toContain('application/problem+json');
    expect(bad.error).toMatchObject({
      type: '/api/docs#problem-bad-request',
      title: 'Bad Request',
      status: 400,
      detail: 'Contact name is required',
      errors: [{ field: 'name', message: 'Contact name is required' }],
    });

    const missing = await client.GET('/loads/{id}', { params: { path: { id: '00000000-0000-4000-8000-000000000000' } } });
    expect(missing.response.status, JSON.stringify(missing.error)).toBe(404);
    expect(missing.error).toMatchObject({ status: 404, detail: 'Load not found', code: 'NOT_FOUND' });

    const status = await client.POST('/loads/{id}/status', {
      params: { path: { id: '00000000-0000-4000-8000-000000000000' } },
      body: { status: 'lost' as never },
    });
    expect(status.response.status).toBe(400);
    expect(status.error).toMatchObject({ errors: [{ field: 'status', message: 'Invalid status' }] });
  });

  it('refuses a call without a key, and a session cookie is no key', async () => {
    const response = await fetch(`${origin}/api/v1/loads`);
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(await response.json()).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
  });
});

describe('positions ingest for a driver (an ELD or telematics integration)', () => {
  const at = (secondsAgo: number) => new Date(Date.now() - secondsAgo * 1000).toISOString();
  const batch = () => [
    { idempotencyKey: crypto.randomUUID(), recordedAt: at(120), lat: 39.5296, lng: -119.8138, accuracy: 12 },
    { idempotencyKey: crypto.randomUUID(), recordedAt: at(60), lat: 39.54, lng: -119.82, accuracy: null },
  ];
  async function driverWithConsent(owner: TestCompany, consent: boolean): Promise<string> {
    const id = await createDriver(started.services.db, owner.users.admin);
    const db = ownerDb();
    try {
      await db.updateTable('drivers').set({ gpsConsent: consent }).where('id', '=', id).execute();
    } finally {
      await db.destroy();
    }
    return id;
  }

  it('stores a batch once (idempotent per key) and moves the driver’s latest position', async () => {
    const client = clientWith(key);
    const driverId = await driverWithConsent(company, true);
    const positions = batch();
    const first = await client.POST('/drivers/{driverId}/positions', { params: { path: { driverId } }, body: { positions } });
    expect(first.response.status, JSON.stringify(first.error)).toBe(200);
    expect(first.data).toMatchObject({ stored: 2, duplicates: 0, latest: { lat: 39.54, lng: -119.82 } });
    const again = await client.POST('/drivers/{driverId}/positions', { params: { path: { driverId } }, body: { positions } });
    expect(again.data).toMatchObject({ stored: 0, duplicates: 2 });
  });

  it('refuses a driver whose location sharing is off, another company’s driver, bad positions and a read-only key', async () => {
    const client = clientWith(key);
    const off = await client.POST('/drivers/{driverId}/positions', {
      params: { path: { driverId: await driverWithConsent(company, false) } },
      body: { positions: batch() },
    });
    expect(off.response.status).toBe(403);
    expect(off.error).toMatchObject({ detail: 'Location sharing is off: positions are not stored' });

    const other = await createTestCompany(started.services, 'Other Fleet');
    const foreign = await client.POST('/drivers/{driverId}/positions', {
      params: { path: { driverId: await driverWithConsent(other, true) } },
      body: { positions: batch() },
    });
    expect(foreign.response.status).toBe(404);
    expect(foreign.error).toMatchObject({ detail: 'Driver not found', errors: [{ field: 'driverId', message: 'Driver not found' }] });

    const driverId = await driverWithConsent(company, true);
    const bad = await client.POST('/drivers/{driverId}/positions', {
      params: { path: { driverId } },
      body: { positions: [{ ...batch()[0], lat: 123 }] as never },
    });
    expect(bad.response.status).toBe(400);
    expect(bad.error).toMatchObject({ errors: [{ field: 'positions.0.lat', message: 'Latitude must be between -90 and 90' }] });

    const admin = await callerFor(started.services, company.users.admin);
    const { key: readOnly } = await admin.apiKeys.create({ name: 'Reader', scopes: READ_ONLY_SCOPES });
    const refused = await clientWith(readOnly).POST('/drivers/{driverId}/positions', {
      params: { path: { driverId } },
      body: { positions: batch() },
    });
    expect(refused.response.status).toBe(403);
  });
});

describe('arbitrary input', () => {
  const body = fc.oneof(
    fc.anything(),
    fc.record({ name: fc.oneof(fc.string(), fc.anything()), email: fc.oneof(fc.string(), fc.constant('a@b.test')) }, { requiredKeys: [] }),
    fc.record(
      { loadNumber: fc.string(), pickupDate: fc.string(), rate: fc.oneof(fc.string(), fc.double()), stops: fc.anything() },
      { requiredKeys: [] },
    ),
  );
  const routes = ['/brokers', '/loads', '/invoices', '/drivers', '/carriers'] as const;

  it('never answers a 500: every refusal is a problem, a bad field named with its message', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), body, async (route, input) => {
        const response = await fetch(`${origin}/api/v1${route}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify(input ?? null) ?? 'null',
        });
        const answer = (await response.json()) as { status?: number; detail?: string; errors?: { field: string; message: string }[] };
        expect(response.status, JSON.stringify(answer)).toBeLessThan(500);
        if (response.status >= 400) {
          expect(response.headers.get('content-type')).toContain('application/problem+json');
          expect(answer.status).toBe(response.status);
          expect(answer.detail).toMatch(/\S/);
          if (response.status === 400 && answer.errors?.length) expect(answer.errors[0]?.field).toMatch(/\S/);
        }
      }),
      { numRuns: 60, endOnFailure: true },
    );
  });

  it('never answers a 500 for arbitrary query strings on the lists', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/loads', '/invoices', '/documents', '/brokers'),
        fc.dictionary(fc.constantFrom('status', 'search', 'cursor', 'limit', 'loadId', 'pickupFrom', 'sort'), fc.string()),
        async (route, query) => {
          const response = await fetch(`${origin}/api/v1${route}?${new URLSearchParams(query).toString()}`, {
            headers: { authorization: `Bearer ${key}` },
          });
          expect(response.status, await response.text()).toBeLessThan(500);
        },
      ),
      { numRuns: 60, endOnFailure: true },
    );
  });
});

describe('the served endpoints', () => {
  it('are the documented ones, each answer checked by its documented schema with zod’s synchronous parse', () => {
    const methods = (router: typeof openApiRouter) =>
      Object.entries(generateOpenApiDocument(router, { title: '', version: '', baseUrl: '' }).paths ?? {}).map(
        ([path, item]) =>
          `${path} ${Object.keys(item ?? {})
            .sort()
            .join(',')}`,
      );
    expect(methods(servedOpenApiRouter)).toEqual(methods(openApiRouter));

    const check = checkedSynchronously(z.object({ id: z.string(), total: z.number() }));
    expect(check.parse({ id: 'a', total: 1, internal: 'dropped' })).toEqual({ id: 'a', total: 1 });
    expect(() => check.parse({ id: 'a', total: '1' })).toThrow();
  });
});
