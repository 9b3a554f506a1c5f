import { createTwoFactorMember } from '../../../support/factories.js';
import { ALL_PERSONAS } from '../../../support/personas.js';
import { ageCodes, latestCodeSentTo, startSignIn } from '../../../support/two-factor.js';
import type { ProcedureRule, Sample } from '../authorization-matrix.js';

/** A fresh two-factor member of the sample company, signed in with the password, and the right code. */
const liveChallengeWithCode = async ({ company, services }: Sample) => {
  const member = await createTwoFactorMember(services, company.companyId);
  const challenge = await startSignIn(services, member);
  return { challenge, code: await latestCodeSentTo(services, member.email) };
};

/** A live challenge whose code went out more than 60 seconds ago, so a new one may be sent. */
const challengeReadyForResend = async ({ company, services }: Sample) => {
  const member = await createTwoFactorMember(services, company.companyId);
  const challenge = await startSignIn(services, member);
  await ageCodes(services, member.userId, 61);
  return { challenge };
};

/** The sign-in's second step is public (no session yet): anyone with a live challenge and its code. */
export const authTwoFactorRules = {
  'auth.verifySignIn': { type: 'mutation', allowed: ALL_PERSONAS, input: liveChallengeWithCode },
  'auth.resendSignInCode': { type: 'mutation', allowed: ALL_PERSONAS, input: challengeReadyForResend },
} satisfies Record<string, ProcedureRule>;
