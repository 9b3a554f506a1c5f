import type { Kysely, Transaction } from 'kysely';
import { TEST_USER_COMPANIES, TEST_USER_PASSWORD, type TestUserAccount, type TestUserCompany } from '#shared/test-users.js';
import { addMember } from '../../auth/accounts.js';
import { hashPassword } from '../../auth/password.js';
import { readIdentity } from '../../auth/session-context.js';
import { signUp } from '../../auth/sign-up.js';
import { isPgError } from '../../db/pg-errors.js';
import type { Database } from '../../db/schema.js';
import { savepoint, transaction, withSettings } from '../../db/transactions.js';
import { AppError } from '../../errors.js';

export interface TestUserResult {
  email: string;
  /** The account exists and can sign in with the shared test password (new or already there). */
  success: boolean;
  /** Created by this run; false when it was already present or failed. */
  created: boolean;
  message: string;
}

export const TEST_USER_MESSAGES = {
  created: 'Created',
  existing: 'Already exists',
  noCompany: 'The company admin account has no company, so members cannot be added',
  notSeeded: 'This address was registered by someone else, not by the seed: its company gets no test members',
  production: 'Seeding test users is off in production: they all share a public password',
  failed: 'Could not create this account',
} as const;

export interface SeedOptions {
  companies?: readonly TestUserCompany[];
  password?: string;
  /** Where an unexpected failure's details go; the result only says the account could not be created. */
  onError?: (message: string, error: unknown) => void;
  /** The server's NODE_ENV (by default this process's): in production the seed refuses. */
  nodeEnv?: string | undefined;
}

const isDuplicateAccount = (error: unknown) => isPgError(error, 'unique') || (error instanceof AppError && error.code === 'CONFLICT');

type Tx = Transaction<Database>;
type Failure = (email: string, error: unknown) => TestUserResult;

/**
 * The seed of test users: each company signs up through its admin (the real sign-up path), then
 * its other accounts join it with their roles. All in one transaction (inside the master admin's
 * call, its own), each account in a savepoint of it. Idempotent, also when two runs overlap: an
 * account that exists is reported as already present and left as it is. The shared password is
 * hashed once, and only when an account is missing. The seed's accounts are verified; an admin
 * address someone signed up with first (unverified: .example addresses receive no mail) keeps
 * its company to itself, and no test member joins it. Never in production.
 */
export async function seedTestUsers(db: Kysely<Database>, options: SeedOptions = {}): Promise<TestUserResult[]> {
  const { companies = TEST_USER_COMPANIES, password = TEST_USER_PASSWORD, onError = () => {} } = options;
  if ((options.nodeEnv ?? process.env.NODE_ENV) === 'production') throw new AppError('FORBIDDEN', TEST_USER_MESSAGES.production);
  const failed: Failure = (email, error) => {
    // An AppError's message is meant for people; anything else stays in the log.
    if (!(error instanceof AppError)) onError(`seeding the test user ${email} failed`, error);
    const message = error instanceof AppError ? error.message : TEST_USER_MESSAGES.failed;
    return { email, success: false, created: false, message };
  };
  let hashed: Promise<string> | undefined;
  const passwordHash = () => (hashed ??= hashPassword(password));
  return transaction(db, async (tx) => {
    const results: TestUserResult[] = [];
    for (const company of companies) {
      const [admin, ...members] = company.accounts;
      const { result, companyId } = await ensureCompanyAdmin(tx, company.name, admin, password, passwordHash, failed);
      results.push(result);
      for (const member of members) {
        if (!companyId) {
          const message = result.message === TEST_USER_MESSAGES.notSeeded ? TEST_USER_MESSAGES.notSeeded : TEST_USER_MESSAGES.noCompany;
          results.push({ email: member.email, success: false, created: false, message });
          continue;
        }
        results.push(await ensureMember(tx, companyId, member, password, passwordHash, failed));
      }
    }
    return results;
  });
}

async function ensureCompanyAdmin(
  tx: Tx,
  companyName: string,
  admin: TestUserAccount,
  password: string,
  passwordHash: () => Promise<string>,
  failed: Failure,
): Promise<{ result: TestUserResult; companyId: string | null }> {
  const existing = await findUser(tx, admin.email);
  if (existing) return existingAdmin(tx, admin.email, existing);
  try {
    const signUpInput = { companyName, email: admin.email, firstName: admin.firstName, lastName: admin.lastName, password };
    const hash = await passwordHash();
    // create_company_for_user scopes the transaction to the new company: the seed's own scope comes back after.
    const { companyId } = await savepoint(tx, 'seed_account', () =>
      withSettings(tx, { 'app.company_id': null, 'app.user_id': null }, () =>
        signUp(tx, signUpInput, { isPlatformAdmin: false, passwordHash: hash, emailVerified: true }),
      ),
    );
    return { result: created(admin.email), companyId };
  } catch (error) {
    if (!isDuplicateAccount(error)) return { result: failed(admin.email, error), companyId: null };
    // Another run created it in the meantime.
    const user = await findUser(tx, admin.email);
    return user ? existingAdmin(tx, admin.email, user) : { result: present(admin.email), companyId: null };
  }
}

/** An admin account that exists: the seed's own (verified) gets its members; anyone else's, none. */
async function existingAdmin(
  tx: Tx,
  email: string,
  user: { id: string; emailVerifiedAt: Date | null },
): Promise<{ result: TestUserResult; companyId: string | null }> {
  if (user.emailVerifiedAt === null) {
    return { result: { email, success: false, created: false, message: TEST_USER_MESSAGES.notSeeded }, companyId: null };
  }
  return { result: present(email), companyId: await companyOf(tx, user.id) };
}

async function ensureMember(
  tx: Tx,
  companyId: string,
  member: TestUserAccount,
  password: string,
  passwordHash: () => Promise<string>,
  failed: Failure,
): Promise<TestUserResult> {
  if (await findUser(tx, member.email)) return present(member.email);
  try {
    const hash = await passwordHash();
    await savepoint(tx, 'seed_account', () => addMember(tx, companyId, { ...member, password, passwordHash: hash, emailVerified: true }));
    return created(member.email);
  } catch (error) {
    return isDuplicateAccount(error) ? present(member.email) : failed(member.email, error);
  }
}

async function findUser(tx: Tx, email: string): Promise<{ id: string; emailVerifiedAt: Date | null } | null> {
  const row = await tx.selectFrom('users').select(['id', 'emailVerifiedAt']).where('email', '=', email).executeTakeFirst();
  return row ? { id: row.id, emailVerifiedAt: row.emailVerifiedAt === null ? null : new Date(row.emailVerifiedAt) } : null;
}

async function companyOf(tx: Tx, userId: string): Promise<string | null> {
  return (await readIdentity(tx, userId))?.company.id ?? null;
}

const created = (email: string): TestUserResult => ({ email, success: true, created: true, message: TEST_USER_MESSAGES.created });
const present = (email: string): TestUserResult => ({ email, success: true, created: false, message: TEST_USER_MESSAGES.existing });
