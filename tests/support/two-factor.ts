import path from 'node:path';
import { sql } from 'kysely';
import { asUser } from '../../server/src/db/transactions.js';
import { mailFilesTo } from '../../server/src/services/mail/mail-files.js';
import type { AppServices } from '../../server/src/services/services.js';
import { TEST_PASSWORD, type TestUser } from './factories.js';
import { callerFor } from './harness.js';
import { uniqueIp } from './http.js';

/**
 * The newest code sent to this address (email) or number (sms), read as a person reads their
 * inbox: from the developer's mail folder (the outbox keeps no bodies, issue 10).
 */
export async function latestCodeSentTo(services: AppServices, recipient: string): Promise<string> {
  const [mail] = await mailFilesTo(path.join(services.config.dataDir, 'mail'), recipient);
  const code = mail ? /\b(\d{6})\b/.exec(mail.text)?.[1] : undefined;
  if (!code) throw new Error(`no code was sent to ${recipient}`);
  return code;
}

/** A password sign-in waiting for its code: the challenge from auth.signIn. */
export async function startSignIn(services: AppServices, user: TestUser, ip = uniqueIp()): Promise<string> {
  const caller = await callerFor(services, null, ip);
  const answer = await caller.auth.signIn({ email: user.email, password: TEST_PASSWORD });
  if (answer.status !== 'two_factor_required') throw new Error('the sign-in did not ask for a code');
  return answer.challenge;
}

/** Moves the user's codes back in time, as if they had been sent this many seconds earlier. */
export async function ageCodes(services: AppServices, userId: string, seconds: number): Promise<void> {
  // Codes are the user's own under row-level security (issue 10): changed as that user.
  await asUser(services.db, userId, (tx) =>
    tx
      .updateTable('twoFactorCodes')
      .set({ createdAt: sql<Date>`created_at - make_interval(secs => ${seconds})` })
      .where('userId', '=', userId)
      .execute(),
  );
}
