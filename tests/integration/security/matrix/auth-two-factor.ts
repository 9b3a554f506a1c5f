import { sql } from 'kysely';
import { addMember } from '../../../../server/src/auth/accounts.js';
import type { AppServices } from '../../../../server/src/services/services.js';
import { withCompany } from '../../../../server/src/db/with-company.js';
import { appRouter } from '../../../../server/src/trpc/app-router.js';
import { contextFor, TEST_PASSWORD, uniqueEmail, type TestUser } from '../../../support/harness.js';
import { uniqueIp } from '../../../support/http.js';
import type { ProcedureRule, SampleContext } from '../authorization-matrix.js';
import { ALL_PERSONAS as EVERYONE } from '../personas.js';

/** The newest code sent to this address (email) or number (sms), read from the outbox as a person reads their inbox. */
export async function latestCodeSentTo(services: AppServices, recipient: string): Promise<string> {
  const row = await services.db
    .selectFrom('outbox')
    .select('bodyText')
    .where('recipient', '=', recipient)
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  const code = row ? /\b(\d{6})\b/.exec(row.bodyText)?.[1] : undefined;
  if (!code) throw new Error(`no code was sent to ${recipient}`);
  return code;
}

/** A member of the company (no role, like a driver) whose account has two-factor authentication on (unless `enabled` is false). */
export async function createTwoFactorMember(
  services: AppServices,
  companyId: string,
  options: { method?: 'sms' | 'email'; phone?: string | null; enabled?: boolean } = {},
): Promise<TestUser & { phone: string | null }> {
  const email = uniqueEmail('two-factor');
  const phone = options.phone === undefined ? '+1 555 010 4242' : options.phone;
  const { userId } = await addMember(services.db, companyId, {
    email,
    password: TEST_PASSWORD,
    firstName: 'Tess',
    lastName: 'Twofactor',
    phone,
    role: null,
  });
  await withCompany(services.db, { companyId, userId }, (tx) =>
    tx
      .updateTable('profiles')
      .set({ twoFactorEnabled: options.enabled ?? true, twoFactorMethod: options.method ?? 'email' })
      .where('userId', '=', userId)
      .execute(),
  );
  return { userId, email, companyId, role: null, phone };
}

/** A password sign-in waiting for its code: the challenge from auth.signIn. */
export async function startSignIn(services: AppServices, user: TestUser, ip = uniqueIp()): Promise<string> {
  const caller = appRouter.createCaller(await contextFor(services, null, ip));
  const answer = await caller.auth.signIn({ email: user.email, password: TEST_PASSWORD });
  if (answer.status !== 'two_factor_required') throw new Error('the sign-in did not ask for a code');
  return answer.challenge;
}

/** A fresh two-factor member of the sample company, signed in with the password, and the right code. */
const liveChallengeWithCode = async ({ company, services }: SampleContext) => {
  const member = await createTwoFactorMember(services, company.companyId);
  const challenge = await startSignIn(services, member);
  return { challenge, code: await latestCodeSentTo(services, member.email) };
};

/** Moves the user's codes back in time, as if they had been sent this many seconds earlier. */
export async function ageCodes(services: AppServices, userId: string, seconds: number): Promise<void> {
  await services.db
    .withTables<{ twoFactorCodes: { userId: string; createdAt: Date } }>()
    .updateTable('twoFactorCodes')
    .set({ createdAt: sql<Date>`created_at - make_interval(secs => ${seconds})` })
    .where('userId', '=', userId)
    .execute();
}

/** A live challenge whose code went out more than 60 seconds ago, so a new one may be sent. */
const challengeReadyForResend = async ({ company, services }: SampleContext) => {
  const member = await createTwoFactorMember(services, company.companyId);
  const challenge = await startSignIn(services, member);
  await ageCodes(services, member.userId, 61);
  return { challenge };
};

/** The sign-in's second step is public (no session yet): anyone with a live challenge and its code. */
export const authTwoFactorRules = {
  'auth.verifySignIn': { type: 'mutation', allowed: EVERYONE, input: liveChallengeWithCode },
  'auth.resendSignInCode': { type: 'mutation', allowed: EVERYONE, input: challengeReadyForResend },
} satisfies Record<string, ProcedureRule>;
