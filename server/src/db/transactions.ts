import { sql, type Kysely, type Transaction } from 'kysely';
import { openingWith } from './database.js';
import type { Database } from './schema.js';

/**
 * Transactions of one call. A call does all its database work on one transaction (one pooled
 * connection); these helpers let the parts of it that need their own settings or their own
 * outcome do so without a second connection.
 */

const committedFailures = new WeakSet<object>();

/**
 * Marks an error whose call still commits before it is answered: what the failed call counted
 * (a rate-limit hit, a code's tries, a wrong password) must stand, or the limit could be tried
 * forever. The procedure builders' transactions and `transaction` below honour the mark; any
 * other error rolls the call back.
 */
export function commitThenFail<E extends Error>(error: E): E {
  committedFailures.add(error);
  return error;
}

export function commitsBeforeFailing(error: unknown): boolean {
  return typeof error === 'object' && error !== null && committedFailures.has(error);
}

/**
 * Runs `fn` in a transaction: a new one on a pool handle, the same one on a transaction (its
 * work joins the caller's). A commitThenFail error commits, then is thrown.
 */
export async function transaction<T>(db: Kysely<Database>, fn: (tx: Transaction<Database>) => Promise<T>): Promise<T> {
  if (db.isTransaction) return fn(db as Transaction<Database>);
  const outcome = await db.transaction().execute(async (tx) => {
    try {
      return { ok: true as const, value: await fn(tx) };
    } catch (error) {
      if (commitsBeforeFailing(error)) return { ok: false as const, error };
      throw error;
    }
  });
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}

type Setting = 'app.company_id' | 'app.user_id' | 'app.master_admin' | 'app.master_admin_write' | 'app.invitation_token_hash';

/**
 * Runs `fn` with transaction-local settings (the scope row-level security reads), then puts the
 * previous values back, so the rest of the call keeps its own scope. Inside a transaction only.
 */
export async function withSettings<T>(
  tx: Transaction<Database>,
  settings: Partial<Record<Setting, string | null>>,
  fn: () => Promise<T>,
): Promise<T> {
  const entries = Object.entries(settings) as [Setting, string | null][];
  const previous: [Setting, string][] = [];
  for (const [name] of entries) {
    const { rows } = await sql<{ value: string | null }>`select current_setting(${name}, true) as value`.execute(tx);
    previous.push([name, rows[0]?.value ?? '']);
  }
  await setAll(tx, entries);
  const result = await fn();
  await setAll(tx, previous);
  return result;
}

async function setAll(tx: Transaction<Database>, entries: readonly (readonly [Setting, string | null])[]): Promise<void> {
  for (const [name, value] of entries) await sql`select set_config(${name}, ${value ?? ''}, true)`.execute(tx);
}

/**
 * Runs `fn` as the user (app.user_id, which their own-row policies read): in a new transaction
 * on a pool handle, or inside the caller's transaction with its scope put back after.
 */
export async function asUser<T>(db: Kysely<Database>, userId: string, fn: (tx: Transaction<Database>) => Promise<T>): Promise<T> {
  if (db.isTransaction) {
    const tx = db as Transaction<Database>;
    return withSettings(tx, { 'app.user_id': userId }, () => fn(tx));
  }
  return openingWith(db, [['app.user_id', userId]], fn);
}

/** Runs `fn` scoped to a company (and acting user, for audit): see withSettings. */
export async function inCompany<T>(
  db: Kysely<Database>,
  scope: { companyId: string; userId: string | null },
  fn: (tx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return transaction(db, (tx) => withSettings(tx, { 'app.company_id': scope.companyId, 'app.user_id': scope.userId ?? '' }, () => fn(tx)));
}

/**
 * Runs `fn` inside a savepoint of the caller's transaction: when it fails, its work is undone and
 * the transaction goes on (a duplicate found by a unique index, in work that tolerates one).
 */
export async function savepoint<T>(tx: Transaction<Database>, name: string, fn: () => Promise<T>): Promise<T> {
  await sql`savepoint ${sql.id(name)}`.execute(tx);
  try {
    const result = await fn();
    await sql`release savepoint ${sql.id(name)}`.execute(tx);
    return result;
  } catch (error) {
    await sql`rollback to savepoint ${sql.id(name)}`.execute(tx);
    throw error;
  }
}
