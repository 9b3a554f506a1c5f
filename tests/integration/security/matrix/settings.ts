import { sessionFingerprint } from '../../../../server/src/trpc/context.js';
import { TEST_PASSWORD } from '../../../support/factories.js';
import { sessionFor } from '../../../support/harness.js';
import { SIGNED_IN } from '../../../support/personas.js';
import { allowedBy, type ProcedureRule, type Sample } from '../authorization-matrix.js';

/** Another live session of the caller (one of their other devices), named by its fingerprint. */
const anotherOwnSession = async ({ company, services, user }: Sample) => ({
  id: sessionFingerprint(await sessionFor(services, user ?? company.users.admin)),
});

/** Settings are one's own account: every signed-in user, whatever the role (a driver has none). */
export const settingsRules = {
  'settings.get': { type: 'query', allowed: SIGNED_IN, input: () => undefined },
  'settings.updateProfile': {
    type: 'mutation',
    allowed: SIGNED_IN,
    input: () => ({ firstName: 'Morgan', lastName: 'Matrix', phone: '+1 (555) 010-2020' }),
  },
  'settings.saveAirwallexAccountId': {
    type: 'mutation',
    allowed: allowedBy('companySettings', 'write'),
    input: () => ({ accountId: 'acct_matrix_001' }),
  },
  'settings.updateCompany': {
    type: 'mutation',
    allowed: allowedBy('companySettings', 'write'),
    input: () => ({ phone: '+1 (555) 010-3030', address: '1 Matrix Way, Reno, NV' }),
  },
  // The same password again: every persona proves the current one, and the shared sample accounts keep theirs.
  'settings.changePassword': {
    type: 'mutation',
    allowed: SIGNED_IN,
    input: () => ({ currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD }),
  },
  'settings.sessions': { type: 'query', allowed: SIGNED_IN, input: () => undefined },
  'settings.endSession': { type: 'mutation', allowed: SIGNED_IN, input: anotherOwnSession },
} satisfies Record<string, ProcedureRule>;
