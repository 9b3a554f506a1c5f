import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../../server/src/services/lucia.js';
import type { StartedServices } from '../../../server/src/create-services.js';
import { createLoad } from '../../support/factories.js';
import { createTestCompany, listen, sessionFor, startTestServices, type TestCompany } from '../../support/harness.js';

/**
 * tRPC over HTTP is @trpc/server's own Fastify adapter (server/src/trpc/http.ts) with one Fastify
 * onSend hook: a JSON answer goes out in one write with its content-length, never as a chunked
 * stream, while a streamed answer (jsonl, asked for by httpBatchStreamLink) still streams. Each
 * ordinary case is asked as httpBatchLink asks it, and must answer with tRPC's status, tRPC's
 * error shape (through the app's formatter) and a length; asking with `trpc-accept:
 * application/json` (which tRPC treats as an ordinary call) gives the very same answer.
 */

let started: StartedServices;
let company: TestCompany;
let origin: string;
let close: () => Promise<void>;
let sessions: { dispatcher: string; driver: string };
let loadId: string;

beforeAll(async () => {
  started = await startTestServices({ poolSize: 2 });
  company = await createTestCompany(started.services);
  loadId = await createLoad(started.services.db, { companyId: company.companyId, userId: null });
  await createLoad(started.services.db, { companyId: company.companyId, userId: null });
  sessions = {
    dispatcher: await sessionFor(started.services, company.users.dispatcher),
    driver: await sessionFor(started.services, company.users.driver),
  };
  const listening = await listen(started.services);
  origin = listening.origin;
  close = () => listening.app.close();
});
afterAll(async () => {
  await close?.();
  await started.close();
});

interface Answer {
  status: number;
  body: unknown;
  contentType: string | null;
  vary: string | null;
  length: string | null;
  chunked: boolean;
}

async function ask(address: string, session: string | null, slow: boolean): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (session) headers.cookie = `${SESSION_COOKIE}=${session}`;
  if (slow) headers['trpc-accept'] = 'application/json';
  const response = await fetch(`${origin}${address}`, { headers });
  const text = await response.text();
  return {
    status: response.status,
    body: JSON.parse(text) as unknown,
    contentType: response.headers.get('content-type'),
    vary: response.headers.get('vary'),
    length: response.headers.get('content-length'),
    chunked: response.headers.get('transfer-encoding') === 'chunked',
  };
}

const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));

describe('a GET call through the adapter: one write with its length', () => {
  const cases: { name: string; address: () => string; as: 'dispatcher' | 'driver' | null; status: number; error?: string }[] = [
    { name: 'one query', address: () => `/trpc/loads.list?input=${input({})}`, as: 'dispatcher', status: 200 },
    { name: 'one query without input', address: () => '/trpc/loads.list', as: 'dispatcher', status: 200 },
    { name: 'a lookup', address: () => `/trpc/loads.get?input=${input({ id: loadId })}`, as: 'dispatcher', status: 200 },
    { name: 'a public query without a session', address: () => '/trpc/auth.session', as: null, status: 200 },
    { name: 'no session', address: () => `/trpc/loads.list?input=${input({})}`, as: null, status: 401, error: 'UNAUTHORIZED' },
    {
      name: 'a role without the right',
      address: () => `/trpc/loads.list?input=${input({})}`,
      as: 'driver',
      status: 403,
      error: 'FORBIDDEN',
    },
    {
      name: 'bad input, naming the field',
      address: () => `/trpc/loads.list?input=${input({ limit: 1000 })}`,
      as: 'dispatcher',
      status: 400,
      error: 'BAD_REQUEST',
    },
    {
      name: 'a missing load',
      address: () => `/trpc/loads.get?input=${input({ id: '00000000-0000-4000-8000-000000000000' })}`,
      as: 'dispatcher',
      status: 404,
      error: 'NOT_FOUND',
    },
    {
      name: 'a batch',
      address: () => `/trpc/loads.list,auth.session?batch=1&input=${input({ 0: { limit: 1 }, 1: {} })}`,
      as: 'dispatcher',
      status: 200,
    },
    { name: 'a batch without input', address: () => `/trpc/auth.session,auth.session?batch=1`, as: null, status: 200 },
    {
      name: 'a batch with a refused call (207)',
      address: () => `/trpc/auth.session,loads.list?batch=1&input=${input({ 1: {} })}`,
      as: null,
      status: 207,
    },
    { name: 'an unknown procedure', address: () => '/trpc/loads.nothing', as: 'dispatcher', status: 404, error: 'NOT_FOUND' },
    { name: 'a mutation over GET', address: () => `/trpc/auth.signOut`, as: 'dispatcher', status: 405, error: 'METHOD_NOT_SUPPORTED' },
    { name: 'input that is not JSON', address: () => `/trpc/loads.list?input=%7Bnot`, as: 'dispatcher', status: 400, error: 'BAD_REQUEST' },
    {
      name: 'a batch whose input is not an object',
      address: () => `/trpc/loads.list?batch=1&input=${input([1])}`,
      as: 'dispatcher',
      status: 400,
    },
  ];

  for (const { name, address, as, status, error } of cases) {
    it(name, async () => {
      const session = as ? sessions[as] : null;
      const answer = await ask(address(), session, false);
      expect(answer.status).toBe(status);
      expect(answer.contentType).toBe('application/json');
      expect(answer.vary).toBe('trpc-accept, accept');
      // One write with its length, never a chunked stream.
      expect(answer.length).toMatch(/^\d+$/);
      expect(answer.chunked).toBe(false);
      if (error) expect((answer.body as { error: { data: { code: string } } }).error.data.code).toBe(error);
      // tRPC reads `trpc-accept: application/json` as an ordinary call: the same answer.
      const asked = await ask(address(), session, true);
      expect(asked.status).toBe(answer.status);
      expect(asked.body).toEqual(answer.body);
    });
  }

  it("bad input is answered with the formatter's field errors", async () => {
    const answer = await ask(`/trpc/loads.list?input=${input({ limit: 1000 })}`, sessions.dispatcher, false);
    const shape = (answer.body as { error: { message: string; data: { field: string | null } } }).error;
    expect(shape.data.field).toBe('limit');
    expect(shape.message).toMatch(/limit/i);
  });

  it('a batch past the limit is refused', async () => {
    const paths = Array.from({ length: started.services.config.MAX_BATCH_SIZE + 1 }, () => 'auth.session').join(',');
    const answer = await ask(`/trpc/${paths}?batch=1`, null, false);
    expect(answer.status).toBe(400);
    expect(answer.length).toMatch(/^\d+$/);
  });

  it('a streamed batch (jsonl, as httpBatchStreamLink asks) still streams', async () => {
    const response = await fetch(`${origin}/trpc/auth.session,loads.list?batch=1&input=${input({ 1: {} })}`, {
      headers: { cookie: `${SESSION_COOKIE}=${sessions.dispatcher}`, 'trpc-accept': 'application/jsonl' },
    });
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    expect(response.headers.get('content-length')).toBeNull();
    // One JSON value per line: the head, then each call's answer as it is ready.
    const lines = text.trim().split('\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(() => JSON.parse(line) as unknown).not.toThrow();
  });

  it('a mutation is answered in one write too', async () => {
    const response = await fetch(`${origin}/trpc/auth.signOut`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: '{}',
    });
    await response.text();
    expect(response.headers.get('content-length')).toMatch(/^\d+$/);
    expect(response.headers.get('transfer-encoding')).toBeNull();
  });
});
