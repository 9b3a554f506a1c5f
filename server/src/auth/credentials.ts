import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { asUser } from '../db/transactions.js';

/**
 * Password hashes are not readable by the app role table-wide (migration
 * 2026-11-25T1100_security_role): these two owner-rights functions answer one account's at a time.
 */

/** The account of an address and its password hash, for a sign-in or an invitation's existing account. */
export async function credentialsByEmail(db: Kysely<Database>, email: string): Promise<{ id: string; passwordHash: string } | undefined> {
  const { rows } = await sql<{ userId: string; passwordHash: string }>`select * from app_credentials_by_email(${email})`.execute(db);
  const row = rows[0];
  return row ? { id: row.userId, passwordHash: row.passwordHash } : undefined;
}

/** The password hash of this user, read as that user (app.user_id): to prove they know it. */
export async function ownPasswordHash(db: Kysely<Database>, userId: string): Promise<string | null> {
  return asUser(db, userId, async (tx) => {
    const { rows } = await sql<{ hash: string | null }>`select app_own_password_hash() as hash`.execute(tx);
    return rows[0]?.hash ?? null;
  });
}
