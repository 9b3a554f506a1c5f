import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { SignInInput } from '#shared/schemas/auth.js';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import { asUser, commitThenFail } from '../db/transactions.js';
import { AppError } from '../errors.js';
import { hitRateLimit } from '../services/rate-limit.js';
import { credentialsByEmail } from './credentials.js';
import { luciaOn } from '../services/lucia.js';
import { verifyAgainstDummy, verifyPassword } from './password.js';
import type { RequestInfo } from './request-info.js';
import { readIdentity } from './session-context.js';
import type { TwoFactorAccount } from './two-factor-sign-in.js';
import { isExpiredUnverified } from './unverified-accounts.js';

type Db = Kysely<Database>;

const SIGN_IN_WINDOW_SECONDS = 15 * 60;
/** Failures older than this are forgiven: the next one counts from 1 again. */
const FAILURE_MEMORY_SECONDS = 15 * 60;

const INVALID_CREDENTIALS = 'Invalid login credentials';

type SignInConfig = Pick<Config, 'SIGN_IN_MAX_PER_IP' | 'SIGN_IN_FREE_FAILURES' | 'SIGN_IN_MAX_DELAY_SECONDS'>;

/**
 * How long after its last failure an address must wait before its next try: nothing for the
 * first SIGN_IN_FREE_FAILURES failures, then 1, 2, 4, ... seconds, never more than
 * SIGN_IN_MAX_DELAY_SECONDS. A delay, never a block: the right password always gets in once it
 * has passed, so nobody can lock an account by guessing at it.
 */
export function signInDelaySeconds(config: Pick<Config, 'SIGN_IN_FREE_FAILURES' | 'SIGN_IN_MAX_DELAY_SECONDS'>, failures: number): number {
  if (failures < config.SIGN_IN_FREE_FAILURES) return 0;
  return Math.min(config.SIGN_IN_MAX_DELAY_SECONDS, 2 ** (failures - config.SIGN_IN_FREE_FAILURES));
}

/**
 * Proves the password, on the caller's handle (the sign-in call's transaction). Attempts are
 * counted per client address (a fixed window); tries per email address (known or not, so the
 * answer tells nothing) make the next try wait longer and longer. A try is counted before the
 * password is checked, in one statement that also says whether the address's wait is over
 * (claimTry): parallel tries at the moment a wait ends queue on that row, and only the first gets
 * to check a password. A wrong password commits its count before it is answered (commitThenFail),
 * so guesses cannot roll their own count back; the right one forgets the failures.
 */
export async function signIn(
  db: Db,
  config: SignInConfig,
  input: SignInInput,
  request: RequestInfo,
): Promise<{ userId: string; twoFactor: TwoFactorAccount | null }> {
  const ipAllowed = await hitRateLimit(db, `sign-in:ip:${request.ip}`, config.SIGN_IN_MAX_PER_IP, SIGN_IN_WINDOW_SECONDS);
  if (!ipAllowed)
    throw commitThenFail(new AppError('TOO_MANY_REQUESTS', 'Too many sign-in attempts. Please wait 15 minutes and try again.'));
  const waitSeconds = await claimTry(db, config, input.email);
  if (waitSeconds > 0) {
    throw commitThenFail(
      new AppError('TOO_MANY_REQUESTS', `Too many failed sign-in attempts. Please wait ${waitSeconds} seconds and try again.`),
    );
  }
  const user = await signInAccount(db, input.email);
  const isValid = user ? await verifyPassword(user.passwordHash, input.password) : await verifyAgainstDummy(input.password);
  if (!user || !isValid) throw commitThenFail(new AppError('UNAUTHORIZED', INVALID_CREDENTIALS));
  await db.deleteFrom('signInFailures').where('email', '=', input.email).execute();
  await ensureMayEnter(db, user.id);
  const twoFactor = await readTwoFactorAccount(db, user.id);
  return { userId: user.id, twoFactor: twoFactor?.enabled ? twoFactor : null };
}

/**
 * The address's account, unless it is an unproven one past its days (it answers as no account,
 * until the hourly sweep deletes it).
 */
async function signInAccount(db: Db, email: string): Promise<{ id: string; passwordHash: string } | undefined> {
  const user = await credentialsByEmail(db, email);
  if (!user) return undefined;
  const state = await db.selectFrom('users').select(['emailVerifiedAt', 'createdAt']).where('id', '=', user.id).executeTakeFirst();
  return state && isExpiredUnverified(state) ? undefined : user;
}

/**
 * Counts this try as a failure in advance, unless the address must still wait: one upsert on the
 * address's row, which it locks until the call's transaction ends (the right password then
 * forgets them all). Answers 0 when the try may go on, else the seconds left to wait (the try not
 * counted). Failures older than FAILURE_MEMORY_SECONDS are forgiven: the count starts again at 1.
 */
async function claimTry(db: Db, config: SignInConfig, email: string): Promise<number> {
  const forgotten = sql<boolean>`sign_in_failures.last_failed_at < now() - make_interval(secs => ${FAILURE_MEMORY_SECONDS})`;
  const waitOver = sql<boolean>`sign_in_failures.last_failed_at + make_interval(secs => ${delaySql(config, sql`sign_in_failures.failures`)}) <= now()`;
  const claimed = await db
    .insertInto('signInFailures')
    .values({ email, failures: 1, lastFailedAt: sql<Date>`now()` })
    .onConflict((oc) =>
      oc
        .column('email')
        .doUpdateSet({
          failures: sql<number>`case when ${forgotten} then 1 else sign_in_failures.failures + 1 end`,
          lastFailedAt: sql<Date>`now()`,
        })
        .where(sql<boolean>`${forgotten} or ${waitOver}`),
    )
    .returning('failures')
    .executeTakeFirst();
  if (claimed) return 0;
  const row = await db.selectFrom('signInFailures').select(['failures', 'lastFailedAt']).where('email', '=', email).executeTakeFirst();
  if (!row) return 1;
  const since = (Date.now() - new Date(row.lastFailedAt).getTime()) / 1000;
  return Math.max(1, Math.ceil(signInDelaySeconds(config, row.failures) - since));
}

/** signInDelaySeconds in SQL, for a failure count the statement reads under its lock. */
function delaySql(config: Pick<Config, 'SIGN_IN_FREE_FAILURES' | 'SIGN_IN_MAX_DELAY_SECONDS'>, failures: RawBuilder<number>) {
  return sql<number>`case when ${failures} < ${config.SIGN_IN_FREE_FAILURES} then 0
                          else least(${config.SIGN_IN_MAX_DELAY_SECONDS}::float8, power(2::float8, ${failures} - ${config.SIGN_IN_FREE_FAILURES})) end`;
}

/** An account may sign in only while it belongs to a company that is not suspended. */
export async function ensureMayEnter(db: Db, userId: string): Promise<void> {
  const identity = await readIdentity(db, userId);
  if (!identity) throw new AppError('FORBIDDEN', 'This account does not belong to a company');
  if (identity.company.subscriptionStatus === 'suspended') {
    throw new AppError('FORBIDDEN', `${identity.company.name} is suspended. Contact support to reactivate it.`);
  }
}

/** The account's two-factor setting and where its codes go, read as the user (their own profile). */
export async function readTwoFactorAccount(db: Db, userId: string): Promise<(TwoFactorAccount & { enabled: boolean }) | null> {
  // profiles_self_read shows a user their own profile.
  const row = await asUser(db, userId, (tx) =>
    tx
      .selectFrom('profiles')
      .innerJoin('users', 'users.id', 'profiles.userId')
      .select(['profiles.twoFactorEnabled', 'profiles.twoFactorMethod', 'profiles.phone', 'users.email'])
      .where('profiles.userId', '=', userId)
      .executeTakeFirst(),
  );
  if (!row) return null;
  return { userId, enabled: row.twoFactorEnabled, method: row.twoFactorMethod, email: row.email, phone: row.phone };
}

/**
 * Creates a session with an absolute lifetime and keeps at most MAX_SESSIONS_PER_USER, on the
 * given handle (inside a call, its transaction). Answers the Set-Cookie value.
 */
export async function startSession(
  services: { db: Db; config: Pick<Config, 'MAX_SESSIONS_PER_USER' | 'SESSION_ABSOLUTE_DAYS' | 'SESSION_IDLE_DAYS' | 'NODE_ENV'> },
  userId: string,
  request: RequestInfo,
): Promise<string> {
  const { db, config } = services;
  // Sessions are under row-level security: the user's own, read and ended as that user.
  await asUser(db, userId, async (tx) => {
    const existing = await tx.selectFrom('sessions').select('id').where('userId', '=', userId).orderBy('createdAt', 'desc').execute();
    const surplus = existing.slice(config.MAX_SESSIONS_PER_USER - 1).map((row) => row.id);
    if (surplus.length > 0) await tx.deleteFrom('sessions').where('id', 'in', surplus).execute();
  });
  const absoluteExpiresAt = new Date(Date.now() + config.SESSION_ABSOLUTE_DAYS * 24 * 3600 * 1000);
  const lucia = luciaOn(db, config);
  const session = await lucia.createSession(userId, {
    absoluteExpiresAt,
    userAgent: request.userAgent?.slice(0, 300) ?? null,
    ip: request.ip,
  });
  return lucia.createSessionCookie(session.id).serialize();
}
