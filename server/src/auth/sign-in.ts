import type { SignInInput } from '#shared/schemas/auth.js';
import { withUser } from '../db/with-company.js';
import { AppError } from '../errors.js';
import type { AppServices } from '../services/services.js';
import type { RequestInfo } from '../trpc/context.js';
import { verifyAgainstDummy, verifyPassword } from './password.js';
import { readIdentity } from './session-context.js';
import type { TwoFactorAccount } from './two-factor-sign-in.js';

const SIGN_IN_WINDOW_SECONDS = 15 * 60;

const INVALID_CREDENTIALS = 'Invalid login credentials';

export async function signIn(
  services: Pick<AppServices, 'db' | 'config' | 'lucia' | 'rateLimiter'>,
  input: SignInInput,
  request: RequestInfo,
): Promise<{ userId: string; twoFactor: TwoFactorAccount | null }> {
  const { SIGN_IN_MAX_PER_IP, SIGN_IN_MAX_PER_ACCOUNT } = services.config;
  const ipAllowed = await services.rateLimiter.hit(`sign-in:ip:${request.ip}`, SIGN_IN_MAX_PER_IP, SIGN_IN_WINDOW_SECONDS);
  const accountAllowed = await services.rateLimiter.hit(`sign-in:account:${input.email}`, SIGN_IN_MAX_PER_ACCOUNT, SIGN_IN_WINDOW_SECONDS);
  if (!ipAllowed || !accountAllowed) {
    throw new AppError('TOO_MANY_REQUESTS', 'Too many sign-in attempts. Please wait 15 minutes and try again.');
  }
  const user = await services.db.selectFrom('users').select(['id', 'passwordHash']).where('email', '=', input.email).executeTakeFirst();
  const isValid = user ? await verifyPassword(user.passwordHash, input.password) : await verifyAgainstDummy(input.password);
  if (!user || !isValid) throw new AppError('UNAUTHORIZED', INVALID_CREDENTIALS);
  await ensureMayEnter(services, user.id);
  const twoFactor = await readTwoFactorAccount(services, user.id);
  return { userId: user.id, twoFactor: twoFactor?.enabled ? twoFactor : null };
}

/** An account may sign in only while it belongs to a company that is not suspended. */
export async function ensureMayEnter(services: Pick<AppServices, 'db'>, userId: string): Promise<void> {
  const identity = await readIdentity(services.db, userId);
  if (!identity) throw new AppError('FORBIDDEN', 'This account does not belong to a company');
  if (identity.company.subscriptionStatus === 'suspended') {
    throw new AppError('FORBIDDEN', `${identity.company.name} is suspended. Contact support to reactivate it.`);
  }
}

/** The account's two-factor setting and where its codes go, read as the user (their own profile). */
export async function readTwoFactorAccount(
  services: Pick<AppServices, 'db'>,
  userId: string,
): Promise<(TwoFactorAccount & { enabled: boolean }) | null> {
  return withUser(services.db, userId, async (tx) => {
    const row = await tx
      .selectFrom('profiles')
      .innerJoin('users', 'users.id', 'profiles.userId')
      .select(['profiles.twoFactorEnabled', 'profiles.twoFactorMethod', 'profiles.phone', 'users.email'])
      .where('profiles.userId', '=', userId)
      .executeTakeFirst();
    if (!row) return null;
    return { userId, enabled: row.twoFactorEnabled, method: row.twoFactorMethod, email: row.email, phone: row.phone };
  });
}

/** Creates a session with an absolute lifetime and keeps at most MAX_SESSIONS_PER_USER. */
export async function startSession(
  services: Pick<AppServices, 'db' | 'config' | 'lucia'>,
  userId: string,
  request: RequestInfo,
): Promise<string> {
  const existing = await services.db
    .selectFrom('sessions')
    .select('id')
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .execute();
  const surplus = existing.slice(services.config.MAX_SESSIONS_PER_USER - 1).map((row) => row.id);
  if (surplus.length > 0) await services.db.deleteFrom('sessions').where('id', 'in', surplus).execute();
  const absoluteExpiresAt = new Date(Date.now() + services.config.SESSION_ABSOLUTE_DAYS * 24 * 3600 * 1000);
  const session = await services.lucia.createSession(userId, {
    absoluteExpiresAt,
    userAgent: request.userAgent?.slice(0, 300) ?? null,
    ip: request.ip,
  });
  return services.lucia.createSessionCookie(session.id).serialize();
}
