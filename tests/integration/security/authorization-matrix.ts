import { TRPCError } from '@trpc/server';
import { expect } from 'vitest';
import { can, type Access, type ActionOf, type Domain } from '#shared/permissions.js';
import type { AppServices } from '../../../server/src/services/services.js';
import type { AppRouter } from '../../../server/src/app-router.js';
import { TEST_PASSWORD, uniqueEmail, type TestCompany, type TestUser } from '../../support/factories.js';
import { ALL_PERSONAS, SIGNED_IN, type Persona } from '../../support/personas.js';
import { adminRules } from './matrix/admin.js';
import { analyticsRules } from './matrix/analytics.js';
import { apiKeysRules } from './matrix/api-keys.js';
import { auditRules } from './matrix/audit.js';
import { authAccountsRules } from './matrix/auth-accounts.js';
import { authTwoFactorRules } from './matrix/auth-two-factor.js';
import { brokersRules } from './matrix/brokers.js';
import { carriersRules } from './matrix/carriers.js';
import { dashboardRules } from './matrix/dashboard.js';
import { documentsRules } from './matrix/documents.js';
import { fleetRules } from './matrix/fleet.js';
import { driversRules } from './matrix/drivers.js';
import { equipmentRules } from './matrix/equipment.js';
import { iftaRules } from './matrix/ifta.js';
import { geofencesRules } from './matrix/geofences.js';
import { geoRules } from './matrix/geo.js';
import { invitationsRules } from './matrix/invitations.js';
import { importsRules } from './matrix/imports.js';
import { invoicesRules } from './matrix/invoices.js';
import { loadPaperworkRules } from './matrix/load-paperwork.js';
import { loadsRules } from './matrix/loads.js';
import { messagesRules } from './matrix/messages.js';
import { notificationsRules } from './matrix/notifications.js';
import { portalRules } from './matrix/portal.js';
import { positionsRules } from './matrix/positions.js';
import { rateConsRules } from './matrix/rate-cons.js';
import { realtimeRules } from './matrix/realtime.js';
import { settingsRules } from './matrix/settings.js';
import { settlementsRules } from './matrix/settlements.js';
import { teamRules } from './matrix/team.js';
import { trackingRules } from './matrix/tracking.js';
import { twoFactorRules } from './matrix/two-factor.js';
import { webhooksRules } from './matrix/webhooks.js';
import { wipRules } from './matrix/wip.js';

/**
 * Who may call what: one row per tRPC procedure of appRouter, run by
 * authorization-matrix.test.ts as every persona. A meta-test fails when a procedure is missing
 * here (and the type below fails the compiler first), so every new procedure arrives with its
 * roles and an input that succeeds for each of them.
 */

export { ALL_PERSONAS, SIGNED_IN, type Persona };

export interface Sample {
  /**
   * The caller's company, whose records the input names: for a master admin their own company
   * (they write only there), for everyone else a company with a member of each role.
   */
  company: TestCompany;
  /** Who will call (null: nobody signed in), for inputs that name the caller's own things. */
  user: TestUser | null;
  services: AppServices;
}

/** What a subscription row's test does once the subscription listens: something that must reach the subscriber. */
export interface LiveTrigger {
  /** Causes the event (the caller's session, to end it, is `sessionId`). */
  cause: (sample: Sample & { sessionId: string }) => Promise<void>;
  /** The event the subscriber must receive. */
  expected: unknown;
}

interface RuleBase {
  /** Personas the procedure's guards let through; everyone else is refused. A master admin passes every role check. */
  allowed: readonly Persona[];
  /** An input that succeeds for every allowed persona (it may create records first); harmless to run more than once. */
  input: (sample: Sample) => unknown;
}

export type ProcedureRule = (RuleBase & { type: 'query' | 'mutation' }) | (RuleBase & { type: 'subscription'; event: LiveTrigger });

/**
 * Who each signed-in persona is to the permission table. The driver persona is a member with no
 * role; a row whose action is a driver's own (portal.write) links it to a driver record first.
 * (A function, not a table: the rows of ./matrix/ call allowedBy while this module is still loading.)
 */
function identityOf(persona: (typeof SIGNED_IN)[number]) {
  if (persona === 'masterAdmin') return { role: null, isMasterAdmin: true, portal: null };
  if (persona === 'driver') return { role: null, isMasterAdmin: false, portal: 'driver' } as const;
  return { role: persona, isMasterAdmin: false, portal: null };
}

/** The personas shared/src/permissions.ts lets do this: the roles it lists, the portal or every member, and a master admin (but where the table says never). */
export function allowedBy<D extends Domain>(domain: D, action: ActionOf<D>): readonly Persona[] {
  return SIGNED_IN.filter((persona) => can(identityOf(persona), domain, action));
}

/** The personas an access lets in: everyone for a public procedure, else allowedBy. */
export function allowedFor(access: Access): readonly Persona[] {
  return 'public' in access ? ALL_PERSONAS : allowedBy(access.domain, access.action as never);
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
  'auth.sessionEvents': {
    type: 'subscription',
    allowed: SIGNED_IN,
    input: () => undefined,
    event: { cause: endSession, expected: { type: 'ended' } },
  },
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
  ...analyticsRules,
  ...apiKeysRules,
  ...auditRules,
  ...authAccountsRules,
  ...authTwoFactorRules,
  ...brokersRules,
  ...carriersRules,
  ...dashboardRules,
  ...documentsRules,
  ...fleetRules,
  ...driversRules,
  ...equipmentRules,
  ...iftaRules,
  ...geoRules,
  ...invitationsRules,
  ...importsRules,
  ...invoicesRules,
  ...loadPaperworkRules,
  ...loadsRules,
  ...messagesRules,
  ...notificationsRules,
  ...portalRules,
  ...positionsRules,
  ...geofencesRules,
  ...rateConsRules,
  ...realtimeRules,
  ...settingsRules,
  ...settlementsRules,
  ...teamRules,
  ...trackingRules,
  ...twoFactorRules,
  ...webhooksRules,
  ...wipRules,
};

/** Ends the caller's session elsewhere, as signing out in another tab does: every live channel of that session hears it. */
export async function endSession({ services, sessionId }: Sample & { sessionId: string }): Promise<void> {
  await services.lucia.invalidateSession(sessionId);
}

/**
 * Asserts that naming another company's record answers exactly like naming a record that
 * does not exist: both calls fail, with the same tRPC code, message and field, so a caller
 * learns nothing about other tenants (not even that the id exists).
 *
 * Use it for every procedure that takes an id, signed in as a user of company A:
 * `callForeign` passes a real id of company B, `callMissing` the same input with the id replaced
 * by a random UUID (and a deleted one).
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
