import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rolesFor } from '#shared/permissions.js';
import { VERIFICATION_TEXTS } from '#shared/schemas/verification.js';
import { PRODUCTION_SESSION_COOKIE, SESSION_COOKIE } from '../../../server/src/services/lucia.js';
import { FORBIDDEN_TEXT, NOT_AUTHENTICATED, type RouteAccess } from '../../../server/src/trpc/http-access.js';
import type { StartedServices } from '../../../server/src/create-services.js';
import { createTestCompany, type TestCompany, type TestUser } from '../../support/factories.js';
import { listen, ownerDb, sessionFor, startTestServices } from '../../support/harness.js';
import { ALL_PERSONAS, PERSONA_ROLES, type Persona } from '../../support/personas.js';
import { minimalPdf } from '../documents/upload-client.js';

/**
 * The plain HTTP routes beside tRPC, on a production start (NODE_ENV=production, APP_ORIGIN, the
 * `__Host-` cookie): each declares its access, and the one gate (server/src/trpc/http-access.ts) reads
 * the session as the tRPC context does. The table below is the routes' authorization matrix: a
 * route missing from it fails the first test.
 */
const HTTP_ROUTES: Record<string, RouteAccess> = {
  'POST /api/documents': { domain: 'documents', action: 'upload' },
  'POST /api/export': { domain: 'export', action: 'run' },
  'POST /api/imports': { domain: 'imports', action: 'run' },
  'POST /api/rate-confirmations/extract': { domain: 'loads', action: 'write' },
  // The REST API (issue 28): the upload is the documents' own route; every other endpoint is one
  // route whose caller proves itself with an API key, checked by each procedure's guard.
  'POST /api/v1/documents': { domain: 'documents', action: 'upload' },
  'POST /api/v1/rate-confirmations/extract': { domain: 'loads', action: 'write' },
  ...Object.fromEntries(
    ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((method) => [
      `${method} /api/v1/*`,
      { public: "an API key (Authorization: Bearer hw_live_…), checked by each procedure's guard with the key's scopes" },
    ]),
  ),
  'GET /api/v1/openapi.json': { public: "the API's published description" },
  'GET /api/docs': { public: "the API's reference page" },
  'GET /files/download': { public: 'a signed, expiring link (signed-links.ts)' },
  'POST /api/payments/airwallex/webhook': { public: 'signed by Airwallex (x-signature over the raw body)' },
};

let started: StartedServices;
let app: FastifyInstance;
let origin: string;
let company: TestCompany;
let platform: TestCompany;

beforeAll(async () => {
  started = await startTestServices({
    config: { NODE_ENV: 'production', APP_ORIGIN: 'https://dispatch.haulwise.test', HAULWISE_DATA_DIR: '.data/test-production' },
  });
  ({ app, origin } = await listen(started.services));
  [company, platform] = await Promise.all([
    createTestCompany(started.services),
    createTestCompany(started.services, 'HTTP Platform', { masterAdmin: true }),
  ]);
});
afterAll(async () => {
  await app?.close();
  await started?.close();
});

function userOf(persona: Persona): TestUser | null {
  if (persona === 'anonymous') return null;
  return persona === 'masterAdmin' ? platform.users.admin : company.users[persona];
}

async function cookieOf(persona: Persona, name = PRODUCTION_SESSION_COOKIE): Promise<string | null> {
  const user = userOf(persona);
  return user ? `${name}=${await sessionFor(started.services, user)}` : null;
}

function uploadForm(loadId?: string): FormData {
  const form = new FormData();
  form.append('documentType', 'pod');
  if (loadId) form.append('loadId', loadId);
  form.append('file', new Blob([minimalPdf()], { type: 'application/pdf' }), 'pod.pdf');
  return form;
}

async function post(path: string, cookie: string | null, body: FormData | string) {
  const headers: Record<string, string> = { origin, ...(cookie ? { cookie } : {}) };
  if (typeof body === 'string') headers['content-type'] = 'application/json';
  const response = await fetch(`${origin}${path}`, { method: 'POST', headers, body });
  return { status: response.status, text: await response.text() };
}

const refusal = (message: string) => JSON.stringify({ error: { message } });
const exportBody = JSON.stringify({ format: 'json', categories: ['loads'] });

describe('the HTTP routes beside tRPC', () => {
  it('each declares its access, and the matrix names every one', () => {
    const declared = Object.fromEntries(app.routeAccess);
    expect(declared).toEqual(HTTP_ROUTES);
  });

  it('the configuration is production: the session cookie is __Host-hw_session', async () => {
    expect(started.services.config.NODE_ENV).toBe('production');
    const answer = await post('/api/export', await cookieOf('admin'), exportBody);
    expect(answer.status).toBe(200);
  });

  it.each(ALL_PERSONAS)(
    'a document upload as %s is let in exactly when documents.upload allows (staff as documents.write)',
    async (persona) => {
      const answer = await post('/api/documents', await cookieOf(persona), uploadForm());
      if (persona === 'anonymous') return expect(answer).toEqual({ status: 401, text: refusal('Not authenticated') });
      const role = persona === 'masterAdmin' ? null : PERSONA_ROLES[persona];
      const isStaff = persona === 'masterAdmin' || (role !== null && rolesFor('documents', 'write').includes(role));
      if (isStaff) expect(answer.status, answer.text).toBe(201);
      // (The driver persona here has no driver record: the portal's own uploads are in tests/integration/portals.test.ts.)
      else expect(answer).toEqual({ status: 403, text: refusal('You do not have permission to do this') });
    },
  );

  it.each(ALL_PERSONAS)('an export as %s is let in exactly when export.run allows', async (persona) => {
    const answer = await post('/api/export', await cookieOf(persona), exportBody);
    const role = persona === 'anonymous' || persona === 'masterAdmin' ? null : PERSONA_ROLES[persona];
    if (persona === 'anonymous') return expect(answer.status).toBe(401);
    const allowed = persona === 'masterAdmin' || (role !== null && rolesFor('export', 'run').includes(role));
    expect(answer.status, answer.text).toBe(allowed ? 200 : 403);
  });

  // The public routes prove their caller themselves (a signature): the gate lets every persona through to that proof.
  // The API's description and reference page are published to everyone (tests/integration/rest-api.test.ts reads them).
  const published = new Set(['GET /api/v1/openapi.json', 'GET /api/docs']);
  const publicRoutes = Object.entries(HTTP_ROUTES).filter(([route, access]) => 'public' in access && !published.has(route));
  describe.each(publicRoutes)('%s', (route) => {
    it.each(ALL_PERSONAS)('as %s reaches the route, whose own proof then refuses an unsigned request', async (persona) => {
      const [method, path] = route.split(' ') as [string, string];
      const cookie = await cookieOf(persona);
      const response = await fetch(`${origin}${path}`, {
        method,
        headers: { origin, ...(cookie ? { cookie } : {}), ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
        ...(method === 'POST' ? { body: '{}' } : {}),
      });
      const text = await response.text();
      expect([refusal(NOT_AUTHENTICATED), refusal(FORBIDDEN_TEXT), refusal(VERIFICATION_TEXTS.required)]).not.toContain(text);
      expect(response.status, text).toBeGreaterThanOrEqual(400);
    });
  });

  it('in production a plain hw_session cookie (plantable by a sibling subdomain) is no session', async () => {
    for (const path of ['/api/documents', '/api/export']) {
      const answer = await post(path, await cookieOf('admin', SESSION_COOKIE), path === '/api/export' ? exportBody : uploadForm());
      expect(answer.status, path).toBe(401);
    }
  });

  it('an account whose address is not verified uploads nothing', async () => {
    const user = company.users.admin;
    const cookie = await cookieOf('admin');
    const owner = ownerDb();
    try {
      await owner.updateTable('users').set({ emailVerifiedAt: null }).where('id', '=', user.userId).execute();
      const answer = await post('/api/documents', cookie, uploadForm());
      expect(answer.status).toBe(403);
      expect(answer.text).toBe(refusal(VERIFICATION_TEXTS.required));
    } finally {
      await owner.updateTable('users').set({ emailVerifiedAt: new Date() }).where('id', '=', user.userId).execute();
      await owner.destroy();
    }
  });
});
