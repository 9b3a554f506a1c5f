import { sessionFingerprint } from '../../../../server/src/trpc/context.js';
import { sessionFor, TEST_PASSWORD } from '../../../support/harness.js';
import type { Persona, ProcedureRule, SampleContext } from '../authorization-matrix.js';
import { SIGNED_IN } from '../personas.js';

/** Only admins change the company's payment-provider account id; a master admin in their own company. */
const ACCOUNT_ID_WRITERS = ['admin', 'masterAdmin'] as const satisfies readonly Persona[];

/** A live session of the sample company's admin, named by its fingerprint: only the admin may end it. */
const adminSession = async ({ company, services }: SampleContext) => ({
  id: sessionFingerprint(await sessionFor(services, company.users.admin)),
});

/** Settings are one's own account: every signed-in user, whatever the role (a driver has none). */
export const settingsRules = {
  'settings.get': { type: 'query', allowed: SIGNED_IN, input: () => undefined },
  'settings.updateProfile': {
    type: 'mutation',
    allowed: SIGNED_IN,
    input: () => ({ firstName: 'Morgan', lastName: 'Matrix', phone: '+1 (555) 010-2020' }),
  },
  'settings.saveAirwallexAccountId': { type: 'mutation', allowed: ACCOUNT_ID_WRITERS, input: () => ({ accountId: 'acct_matrix_001' }) },
  // The same password again: every persona proves the current one, and the shared sample accounts keep theirs.
  'settings.changePassword': {
    type: 'mutation',
    allowed: SIGNED_IN,
    input: () => ({ currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD }),
  },
  'settings.sessions': { type: 'query', allowed: SIGNED_IN, input: () => undefined },
  // The admin ends it; anyone else is told it does not exist (NOT_FOUND), as for a random id.
  'settings.endSession': { type: 'mutation', allowed: SIGNED_IN, input: adminSession },
} satisfies Record<string, ProcedureRule>;
