import { randomBytes } from 'node:crypto';
import { signUp } from '../../../../server/src/auth/sign-up.js';
import { hashVerificationToken } from '../../../../server/src/domains/auth/email-verification.js';
import { hashResetToken } from '../../../../server/src/domains/auth/password-reset.js';
import { TEST_PASSWORD, uniqueEmail } from '../../../support/factories.js';
import { ALL_PERSONAS } from '../../../support/personas.js';
import type { ProcedureRule, Sample } from '../authorization-matrix.js';

/** A fresh account that has not proven its address, and a live link for it. */
const liveVerificationLink = async ({ services }: Sample) => {
  const email = uniqueEmail('matrix-verify');
  const { userId } = await signUp(
    services.db,
    { companyName: 'Matrix Verify', firstName: 'Vera', lastName: 'Verify', email, password: TEST_PASSWORD },
    { isPlatformAdmin: false, emailVerified: false },
  );
  const token = randomBytes(32).toString('base64url');
  await services.db
    .insertInto('emailVerifications')
    .values({ userId, tokenHash: hashVerificationToken(token), expiresAt: new Date(Date.now() + 3600_000) })
    .execute();
  return { token, password: 'chosen-by-the-opener' };
};

/** A fresh verified account and a live password-reset link for it. */
const liveResetLink = async ({ services }: Sample) => {
  const email = uniqueEmail('matrix-reset');
  const { userId } = await signUp(
    services.db,
    { companyName: 'Matrix Reset', firstName: 'Rita', lastName: 'Reset', email, password: TEST_PASSWORD },
    { isPlatformAdmin: false, emailVerified: true },
  );
  const token = randomBytes(32).toString('base64url');
  await services.db
    .insertInto('passwordResets')
    .values({ userId, tokenHash: hashResetToken(token), expiresAt: new Date(Date.now() + 3600_000) })
    .execute();
  return { token, password: 'a-new-password' };
};

/** Proving an address and resetting a password are public: the mailed link is the proof, whoever opens it. */
export const authAccountsRules = {
  'auth.verifyEmail': { type: 'mutation', allowed: ALL_PERSONAS, input: liveVerificationLink },
  'auth.resendVerification': { type: 'mutation', allowed: ALL_PERSONAS, input: () => ({ email: uniqueEmail('matrix-resend') }) },
  'auth.requestPasswordReset': { type: 'mutation', allowed: ALL_PERSONAS, input: () => ({ email: uniqueEmail('matrix-forgot') }) },
  'auth.resetPassword': { type: 'mutation', allowed: ALL_PERSONAS, input: liveResetLink },
} satisfies Record<string, ProcedureRule>;
