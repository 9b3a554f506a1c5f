import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../../server/src/auth/lucia.js';
import type { StartedServices } from '../../../server/src/services/create-services.js';
import { createLoad } from '../../support/factories.js';
import { createTestCompany, listen, sessionFor, startTestServices, type TestCompany } from '../../support/harness.js';

/**
 * Issue 16, CPU per call: an ordinary GET call (queries, batched or not) is answered by
 * server/src/trpc/http.ts without resolveResponse's fetch Request and Response. Every answer must
 * be the one resolveResponse gives: the same request with a `trpc-accept: application/json` header
 * (which resolveResponse treats as an ordinary call) still goes through resolveResponse, so each
 * case is asked both ways and the status, the body and the headers that matter must agree.
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
  };
}

const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));

describe('an ordinary GET call answers exactly as resolveResponse does', () => {
  const cases: { name: string; address: () => string; as: 'dispatcher' | 'driver' | null; status: number }[] = [
    { name: 'one query', address: () => `/trpc/loads.list?input=${input({})}`, as: 'dispatcher', status: 200 },
    { name: 'one query without input', address: () => '/trpc/loads.list', as: 'dispatcher', status: 200 },
    { name: 'a lookup', address: () => `/trpc/loads.get?input=${input({ id: loadId })}`, as: 'dispatcher', status: 200 },
    { name: 'a public query without a session', address: () => '/trpc/auth.session', as: null, status: 200 },
    { name: 'no session', address: () => `/trpc/loads.list?input=${input({})}`, as: null, status: 401 },
    { name: 'a role without the right', address: () => `/trpc/loads.list?input=${input({})}`, as: 'driver', status: 403 },
    {
      name: 'bad input, naming the field',
      address: () => `/trpc/loads.list?input=${input({ limit: 1000 })}`,
      as: 'dispatcher',
      status: 400,
    },
    {
      name: 'a missing load',
      address: () => `/trpc/loads.get?input=${input({ id: '00000000-0000-4000-8000-000000000000' })}`,
      as: 'dispatcher',
      status: 404,
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
    // Out of the ordinary: these go through resolveResponse both ways.
    { name: 'an unknown procedure', address: () => '/trpc/loads.nothing', as: 'dispatcher', status: 404 },
    { name: 'a mutation over GET', address: () => `/trpc/auth.signOut`, as: 'dispatcher', status: 405 },
    { name: 'input that is not JSON', address: () => `/trpc/loads.list?input=%7Bnot`, as: 'dispatcher', status: 400 },
    {
      name: 'a batch whose input is not an object',
      address: () => `/trpc/loads.list?batch=1&input=${input([1])}`,
      as: 'dispatcher',
      status: 400,
    },
  ];

  for (const { name, address, as, status } of cases) {
    it(name, async () => {
      const session = as ? sessions[as] : null;
      const fast = await ask(address(), session, false);
      const slow = await ask(address(), session, true);
      expect(fast.status).toBe(status);
      expect(fast.status).toBe(slow.status);
      expect(fast.body).toEqual(slow.body);
      expect(fast.contentType).toBe(slow.contentType);
      expect(fast.vary).toBe(slow.vary);
      // One write with its length, never a chunked stream.
      expect(fast.length).toMatch(/^\d+$/);
    });
  }

  it('a batch past the limit is refused as before', async () => {
    const paths = Array.from({ length: started.services.config.MAX_BATCH_SIZE + 1 }, () => 'auth.session').join(',');
    const fast = await ask(`/trpc/${paths}?batch=1`, null, false);
    const slow = await ask(`/trpc/${paths}?batch=1`, null, true);
    expect(fast.status).toBe(400);
    expect(fast.body).toEqual(slow.body);
  });
});
