import { TRPCError } from '@trpc/server';
import { expect } from 'vitest';
import type { AppServices } from '../../../server/src/services/services.js';
import type { AppRouter } from '../../../server/src/trpc/app-router.js';
import { TEST_PASSWORD, uniqueEmail, type TestCompany } from '../../support/harness.js';

import { adminRules } from './matrix/admin.js';
import { auditRules } from './matrix/audit.js';
import { authTwoFactorRules } from './matrix/auth-two-factor.js';
import { brokersRules } from './matrix/brokers.js';
import { carriersRules } from './matrix/carriers.js';
import { dashboardRules } from './matrix/dashboard.js';
import { driversRules } from './matrix/drivers.js';
import { geoRules } from './matrix/geo.js';
import { loadsRules } from './matrix/loads.js';
import { realtimeRules } from './matrix/realtime.js';
import { settingsRules } from './matrix/settings.js';
import { teamRules } from './matrix/team.js';
import { twoFactorRules } from './matrix/two-factor.js';
import { wipRules } from './matrix/wip.js';

/**
 * Who may call what: one row per tRPC procedure of appRouter. A meta-test fails when a
 * procedure is missing here (and the type below fails the compiler first), so every new
 * procedure arrives with its roles and a valid sample input.
 */

import { ALL_PERSONAS, SIGNED_IN, type Persona } from './personas.js';

export { ALL_PERSONAS, SIGNED_IN, type Persona };

export interface SampleContext {
  /** The company whose ids the input names: the caller's own, or another company's in leak tests. */
  company: TestCompany;
  services: AppServices;
}

export interface ProcedureRule {
  type: 'query' | 'mutation' | 'subscription';
  /** Personas the procedure's guards let through; everyone else is refused. A master admin passes every role check. */
  allowed: readonly Persona[];
  /**
   * A valid input naming `company`'s records (it may create them first, so it may be async);
   * harmless to run more than once.
   */
  input: (sample: SampleContext) => unknown | Promise<unknown>;
}

/** Every procedure path of a router record, as the client spells it ("auth.signIn"). */
type ProcedurePaths<TRecord, TPrefix extends string = ''> = {
  [K in keyof TRecord & string]: TRecord[K] extends { _def: { procedure: true } }
    ? `${TPrefix}${K}`
    : ProcedurePaths<TRecord[K], `${TPrefix}${K}.`>;
}[keyof TRecord & string];

export type ProcedurePath = ProcedurePaths<AppRouter['_def']['record']>;

export const authorizationMatrix: Record<ProcedurePath, ProcedureRule> = {
  'auth.session': { type: 'query', allowed: ALL_PERSONAS, input: () => undefined },
  'auth.signUp': {
    type: 'mutation',
    allowed: ALL_PERSONAS,
    input: () => ({
      companyName: 'Matrix Haulage',
      firstName: 'Mia',
      lastName: 'Matrix',
      email: uniqueEmail('matrix-signup'),
      password: 'secret1',
    }),
  },
  'auth.signIn': {
    type: 'mutation',
    allowed: ALL_PERSONAS,
    input: ({ company }) => ({ email: company.users.sales.email, password: TEST_PASSWORD }),
  },
  'auth.signOut': { type: 'mutation', allowed: SIGNED_IN, input: () => ({ scope: 'local' }) },
  'auth.sessionEvents': { type: 'subscription', allowed: SIGNED_IN, input: () => undefined },
  'contact.send': {
    type: 'mutation',
    allowed: ALL_PERSONAS,
    input: () => ({
      name: 'Matrix Tester',
      email: uniqueEmail('matrix-contact'),
      subject: 'Authorization matrix',
      message: 'A harmless test message.',
    }),
  },
  // Each domain's rows live beside it in ./matrix/<domain>.ts.
  ...adminRules,
  ...auditRules,
  ...authTwoFactorRules,
  ...brokersRules,
  ...carriersRules,
  ...dashboardRules,
  ...driversRules,
  ...geoRules,
  ...loadsRules,
  ...realtimeRules,
  ...settingsRules,
  ...teamRules,
  ...twoFactorRules,
  ...wipRules,
};

/**
 * Asserts that naming another company's record answers exactly like naming a record that
 * does not exist: both calls fail, with the same tRPC code, message and field, so a caller
 * learns nothing about other tenants (not even that the id exists).
 *
 * Use it for every procedure that takes an id, signed in as a user of company A:
 * `callForeign` passes a real id of company B (from the row's `input({ company: B })`),
 * `callMissing` the same input with the id replaced by a random UUID (and a deleted one).
 *
 * @example
 * await expectSameAsMissing(
 *   () => caller.loads.get({ id: foreignLoad.id }),
 *   () => caller.loads.get({ id: randomUUID() }),
 * );
 */
export async function expectSameAsMissing(callForeign: () => Promise<unknown>, callMissing: () => Promise<unknown>): Promise<void> {
  const outcome = async (call: () => Promise<unknown>) => {
    try {
      const value = await call();
      return { succeeded: true as const, value };
    } catch (error) {
      if (!(error instanceof TRPCError)) throw error;
      return {
        succeeded: false as const,
        code: error.code,
        message: error.message,
        field: 'field' in error ? (error as { field?: unknown }).field : undefined,
      };
    }
  };
  const foreign = await outcome(callForeign);
  const missing = await outcome(callMissing);
  expect(foreign.succeeded, "a foreign id was answered (another company's record leaked)").toBe(false);
  expect(missing.succeeded, 'a random id was answered').toBe(false);
  expect(foreign).toEqual(missing);
}
