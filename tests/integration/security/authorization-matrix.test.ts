import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServices } from '../../../server/src/create-services.js';
import { appRouter } from '../../../server/src/app-router.js';
import { createTestCompany, type TestCompany, type TestUser } from '../../support/factories.js';
import { callPath, contextFor, startTestServices } from '../../support/harness.js';
import { settle, uniqueIp } from '../../support/http.js';
import type { ProcedureMeta } from '../../../server/src/trpc/procedures.js';
import { ALL_PERSONAS, allowedFor, authorizationMatrix, type Persona, type ProcedureRule, type Sample } from './authorization-matrix.js';

/**
 * Every procedure as every persona: the guards let through exactly the allowed ones, and for them
 * the row's input succeeds (no error at all); everyone else gets the guard's own refusal.
 * Subscriptions, once allowed, deliver a real event.
 */

const GUARD_REFUSALS = {
  anonymous: { code: 'UNAUTHORIZED', message: 'Not authenticated' },
  signedIn: { code: 'FORBIDDEN', message: 'You do not have permission to do this' },
} as const;

let started: StartedServices;
let company: TestCompany;
/** The master admin's own company, with a member of each role: a master admin writes only there. */
let platform: TestCompany;

beforeAll(async () => {
  started = await startTestServices();
  [company, platform] = await Promise.all([
    createTestCompany(started.services),
    createTestCompany(started.services, 'Matrix Platform', { masterAdmin: true }),
  ]);
});
afterAll(async () => {
  await started?.close();
});

/**
 * Every procedure of the app router, its type and its meta (the access permitted() gave it). tRPC
 * has no public listing of a router's procedures, nor a public read of a procedure's meta (only
 * its middleware see it, as the guard does); this test (never the app) reads the router's
 * definition, here alone, and fails loudly, not silently, if a tRPC release renames it: the
 * matrix would then name procedures that do not exist.
 */
// eslint-disable-next-line no-restricted-syntax -- see above: a test's read of tRPC's router definition, never app code
const definitions = () => appRouter._def.procedures as unknown as Record<string, { _def: { type: string; meta?: Partial<ProcedureMeta> } }>;
const registered = (): Record<string, { type: string; meta: Partial<ProcedureMeta> | undefined }> =>
  Object.fromEntries(
    // eslint-disable-next-line no-restricted-syntax -- each procedure's type and meta, from the same definition as above
    Object.entries(definitions()).map(([path, procedure]) => [path, { type: procedure._def.type, meta: procedure._def.meta }]),
  );
const rows = Object.entries(authorizationMatrix) as [string, ProcedureRule][];

/** The persona's user and the company whose records its inputs name. */
function sampleFor(persona: Persona): Sample {
  const own = persona === 'masterAdmin' ? platform : company;
  const user: TestUser | null = persona === 'anonymous' ? null : persona === 'masterAdmin' ? platform.users.admin : company.users[persona];
  return { company: own, user, services: started.services };
}

/** The persona's caller, from a fresh real session, on an address of its own (rate limits count per IP). */
async function callerOf(sample: Sample, signal?: AbortSignal) {
  const ctx = await contextFor(started.services, sample.user, uniqueIp());
  return { ctx, caller: appRouter.createCaller(ctx, signal ? { signal } : {}) };
}

function expectRefused(persona: Persona, error: { code?: string; message?: string } | null) {
  const refusal = persona === 'anonymous' ? GUARD_REFUSALS.anonymous : GUARD_REFUSALS.signedIn;
  expect({ code: error?.code, message: error?.message }).toEqual(refusal);
}

describe('the authorization matrix', () => {
  it('names every procedure of the app router', () => {
    const missing = Object.keys(registered()).filter((path) => !(path in authorizationMatrix));
    expect(missing, 'procedures with no row in tests/integration/security/authorization-matrix.ts').toEqual([]);
  });

  it('names no procedure that does not exist, and gives each its real type', () => {
    const procedures = registered();
    const unknown = rows.filter(([path]) => !(path in procedures)).map(([path]) => path);
    expect(unknown, 'rows for procedures the app router does not have').toEqual([]);
    for (const [path, rule] of rows) expect(rule.type, path).toBe(procedures[path]?.type);
  });

  it('finds every procedure built by the one builder, permitted(): its meta names its access', () => {
    const undeclared = Object.entries(registered())
      .filter(([, procedure]) => !procedure.meta?.access)
      .map(([path]) => path);
    expect(undeclared, 'procedures not built with permitted() (server/src/trpc/procedures.ts)').toEqual([]);
  });

  it("expects of every procedure exactly whom its declared access lets in (the permission table's answer)", () => {
    const procedures = registered();
    const sorted = (personas: readonly Persona[]) => [...personas].sort();
    for (const [path, rule] of rows) {
      const access = procedures[path]?.meta?.access;
      if (access) expect(sorted(rule.allowed), `${path} declares ${JSON.stringify(access)}`).toEqual(sorted(allowedFor(access)));
    }
  });
});

describe.each(rows.filter(([, rule]) => rule.type !== 'subscription'))('%s', (path, rule) => {
  it.each(ALL_PERSONAS)('as %s', async (persona) => {
    const sample = sampleFor(persona);
    const input = await rule.input(sample);
    const { caller } = await callerOf(sample);
    const error = await settle(callPath(caller, path, input));
    if (rule.allowed.includes(persona)) expect(error, `${error?.code}: ${error?.message}`).toBeNull();
    else expectRefused(persona, error);
  });
});

describe.each(rows.filter(([, rule]) => rule.type === 'subscription'))('%s', (path, rule) => {
  it.each(ALL_PERSONAS)('as %s', async (persona) => {
    if (rule.type !== 'subscription') throw new Error('not a subscription row');
    const sample = sampleFor(persona);
    const abort = new AbortController();
    try {
      const { ctx, caller } = await callerOf(sample, abort.signal);
      const call = callPath(caller, path, await rule.input(sample));
      const error = await settle(call);
      if (!rule.allowed.includes(persona)) {
        expectRefused(persona, error);
        return;
      }
      expect(error, `${error?.code}: ${error?.message}`).toBeNull();
      const events = ((await call) as AsyncIterable<unknown>)[Symbol.asyncIterator]();
      // The first event says the subscription is on. Asking for the next one makes it listen to the
      // bus (once the pending promises have run); then the row's change must reach it.
      await events.next();
      const following = events.next();
      await new Promise((resolve) => setImmediate(resolve));
      await rule.event.cause({ ...sample, sessionId: ctx.sessionId ?? '' });
      const seen: unknown[] = [];
      for (let next = await following; !next.done; next = await events.next()) {
        seen.push(next.value);
        if (JSON.stringify(next.value) === JSON.stringify(rule.event.expected)) break;
      }
      expect(seen).toContainEqual(rule.event.expected);
    } finally {
      abort.abort();
    }
  });
});
