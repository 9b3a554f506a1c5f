import type { Persona, ProcedureRule } from '../authorization-matrix.js';

// Spelled out here rather than imported: authorization-matrix.ts imports this file, so a value
// imported back from it would still be undefined while this module is evaluated.
const SIGNED_IN = ['admin', 'sales', 'dispatcher', 'treasury', 'driver', 'masterAdmin'] as const satisfies readonly Persona[];

/**
 * Two-factor authentication of one's own account: every signed-in user. A sample code that is
 * not the one sent answers success false (the spec's verify-2fa-code), not a refusal.
 */
export const twoFactorRules = {
  'twoFactor.sendCode': { type: 'mutation', allowed: SIGNED_IN, input: () => ({ method: 'email' }) },
  'twoFactor.verify': { type: 'mutation', allowed: SIGNED_IN, input: () => ({ code: '123456' }) },
  'twoFactor.disable': { type: 'mutation', allowed: SIGNED_IN, input: () => undefined },
} satisfies Record<string, ProcedureRule>;
