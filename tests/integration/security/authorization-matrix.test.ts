import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServices } from '../../../server/src/services/create-services.js';
import { appRouter } from '../../../server/src/trpc/app-router.js';
import {
  contextFor,
  createMasterAdmin,
  createTestCompany,
  startTestServices,
  type TestCompany,
  type TestUser,
} from '../../support/harness.js';
import { settle, uniqueIp } from '../../support/http.js';
import { ALL_PERSONAS, authorizationMatrix, type Persona, type ProcedureRule } from './authorization-matrix.js';

const GUARD_REFUSALS = {
  UNAUTHORIZED: 'Not authenticated',
  FORBIDDEN: 'You do not have permission to do this',
} as const;

let started: StartedServices;
let company: TestCompany;
let masterAdmin: TestUser;

beforeAll(async () => {
  started = await startTestServices();
  company = await createTestCompany(started.services);
  masterAdmin = await createMasterAdmin(started.services);
});
afterAll(async () => {
  await started?.close();
});

const registered = () => appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>;
const rows = Object.entries(authorizationMatrix) as [string, ProcedureRule][];

function userFor(persona: Persona): TestUser | null {
  if (persona === 'anonymous') return null;
  if (persona === 'masterAdmin') return masterAdmin;
  return company.users[persona];
}

/** The persona's caller, from a fresh real session, on an address of its own (rate limits count per IP). */
async function callProcedure(path: string, persona: Persona, input: unknown, signal?: AbortSignal): Promise<unknown> {
  const ctx = await contextFor(started.services, userFor(persona), uniqueIp());
  const caller = appRouter.createCaller(ctx, signal ? { signal } : {});
  const procedure = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller);
  return (procedure as (input: unknown) => Promise<unknown>)(input);
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
    for (const [path, rule] of rows) expect(rule.type, path).toBe(procedures[path]?._def.type);
  });
});

describe.each(rows.filter(([, rule]) => rule.type !== 'subscription'))('%s', (path, rule) => {
  it.each(ALL_PERSONAS)('as %s', async (persona) => {
    const input = await rule.input({ company, services: started.services });
    const error = await settle(callProcedure(path, persona, input));
    if (rule.allowed.includes(persona)) {
      // Let through by the guards, and the sample input is valid: no refusal, no validation error, no crash.
      expect(error?.code, error?.message).not.toBeOneOf(['UNAUTHORIZED', 'FORBIDDEN', 'BAD_REQUEST', 'INTERNAL_SERVER_ERROR']);
    } else if (persona === 'anonymous') {
      expect({ code: error?.code, message: error?.message }).toEqual({ code: 'UNAUTHORIZED', message: GUARD_REFUSALS.UNAUTHORIZED });
    } else {
      expect({ code: error?.code, message: error?.message }).toEqual({ code: 'FORBIDDEN', message: GUARD_REFUSALS.FORBIDDEN });
    }
  });
});

describe.each(rows.filter(([, rule]) => rule.type === 'subscription'))('%s', (path, rule) => {
  it.each(ALL_PERSONAS)('as %s', async (persona) => {
    const abort = new AbortController();
    try {
      const input = await rule.input({ company, services: started.services });
      const call = callProcedure(path, persona, input, abort.signal);
      const error = await settle(call);
      if (rule.allowed.includes(persona)) {
        expect(error?.code, error?.message).toBeUndefined();
        const events = (await call) as AsyncIterable<unknown>;
        expect(typeof events[Symbol.asyncIterator]).toBe('function');
      } else if (persona === 'anonymous') {
        expect({ code: error?.code, message: error?.message }).toEqual({ code: 'UNAUTHORIZED', message: GUARD_REFUSALS.UNAUTHORIZED });
      } else {
        expect({ code: error?.code, message: error?.message }).toEqual({ code: 'FORBIDDEN', message: GUARD_REFUSALS.FORBIDDEN });
      }
    } finally {
      abort.abort();
    }
  });
});
