import { TEST_PASSWORD } from '../../../support/factories.js';
import { SIGNED_IN } from '../../../support/personas.js';
import type { ProcedureRule } from '../authorization-matrix.js';

/**
 * Two-factor authentication of one's own account: every signed-in user. A code that is not the
 * one sent answers success false (the spec's verify-2fa-code), not a refusal.
 */
export const twoFactorRules = {
  'twoFactor.sendCode': { type: 'mutation', allowed: SIGNED_IN, input: () => ({ method: 'email' }) },
  'twoFactor.verify': { type: 'mutation', allowed: SIGNED_IN, input: () => ({ code: '123456' }) },
  // Turning it off proves the current password (issue 10, item 7).
  'twoFactor.disable': { type: 'mutation', allowed: SIGNED_IN, input: () => ({ password: TEST_PASSWORD }) },
} satisfies Record<string, ProcedureRule>;
