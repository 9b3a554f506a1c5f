import { TEST_USER_COMPANIES, TEST_USER_PASSWORD, type TestUserAccount, type TestUserCompany } from '../../../scripts/test-users.js';
import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';
import { addMember } from './accounts.js';
import { readIdentity } from './session-context.js';
import { signUp } from './sign-up.js';
import { isPgError } from '../db/pg-errors.js';

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
  failed: 'Could not create this account',
} as const;

export interface SeedOptions {
  companies?: readonly TestUserCompany[];
  password?: string;
  /** Where an unexpected failure's details go; the result only says the account could not be created. */
  onError?: (message: string, error: unknown) => void;
}

const isDuplicateAccount = (error: unknown) => isPgError(error, 'unique') || (error instanceof AppError && error.code === 'CONFLICT');

/**
 * The seed of test users: each company signs up through its admin (the real sign-up path),
 * then its other accounts join it with their roles. Idempotent, also when two runs overlap:
 * an account that exists is reported as already present and left as it is.
 */
export async function seedTestUsers(db: Db, options: SeedOptions = {}): Promise<TestUserResult[]> {
  const { companies = TEST_USER_COMPANIES, password = TEST_USER_PASSWORD, onError = () => {} } = options;
  const failed = (email: string, error: unknown): TestUserResult => {
    // An AppError's message is meant for people; anything else stays in the log.
    if (!(error instanceof AppError)) onError(`seeding the test user ${email} failed`, error);
    const message = error instanceof AppError ? error.message : TEST_USER_MESSAGES.failed;
    return { email, success: false, created: false, message };
  };
  const results: TestUserResult[] = [];
  for (const company of companies) {
    const [admin, ...members] = company.accounts;
    const { result, companyId } = await ensureCompanyAdmin(db, company.name, admin, password, failed);
    results.push(result);
    for (const member of members) {
      if (!companyId) {
        results.push({ email: member.email, success: false, created: false, message: TEST_USER_MESSAGES.noCompany });
        continue;
      }
      results.push(await ensureMember(db, companyId, member, password, failed));
    }
  }
  return results;
}

async function ensureCompanyAdmin(
  db: Db,
  companyName: string,
  admin: TestUserAccount,
  password: string,
  failed: Failure,
): Promise<{ result: TestUserResult; companyId: string | null }> {
  const existing = await findUserId(db, admin.email);
  if (existing) return { result: present(admin.email), companyId: await companyOf(db, existing) };
  try {
    const { companyId } = await signUp(
      db,
      { companyName, email: admin.email, firstName: admin.firstName, lastName: admin.lastName, password },
      { isPlatformAdmin: false },
    );
    return { result: created(admin.email), companyId };
  } catch (error) {
    if (!isDuplicateAccount(error)) return { result: failed(admin.email, error), companyId: null };
    // Another run created it in the meantime.
    const userId = await findUserId(db, admin.email);
    return { result: present(admin.email), companyId: userId ? await companyOf(db, userId) : null };
  }
}

type Failure = (email: string, error: unknown) => TestUserResult;

async function ensureMember(
  db: Db,
  companyId: string,
  member: TestUserAccount,
  password: string,
  failed: Failure,
): Promise<TestUserResult> {
  if (await findUserId(db, member.email)) return present(member.email);
  try {
    await addMember(db, companyId, { ...member, password });
    return created(member.email);
  } catch (error) {
    return isDuplicateAccount(error) ? present(member.email) : failed(member.email, error);
  }
}

async function findUserId(db: Db, email: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  return row?.id ?? null;
}

async function companyOf(db: Db, userId: string): Promise<string | null> {
  return (await readIdentity(db, userId))?.company.id ?? null;
}

const created = (email: string): TestUserResult => ({ email, success: true, created: true, message: TEST_USER_MESSAGES.created });
const present = (email: string): TestUserResult => ({ email, success: true, created: false, message: TEST_USER_MESSAGES.existing });
