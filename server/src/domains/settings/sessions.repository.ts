import type { Kysely } from 'kysely';
import type { ActiveSession } from '#shared/schemas/settings.js';
import type { Database } from '../../db/schema.js';
import { hashSessionId } from '../../services/lucia.js';

type Db = Kysely<Database>;

/**
 * A user's sessions. Sessions are global (an account signs in before any company is chosen),
 * so they are read by user id; each is named outside the server only by its fingerprint, never
 * by the token that is its id. A row's id is the token's SHA-256 (services/lucia.ts); the fingerprint
 * is its first 32 characters (the same as sessionFingerprint of the token).
 */
const fingerprintOf = (storedId: string) => storedId.slice(0, 32);

async function liveSessions(db: Db, userId: string) {
  const now = new Date();
  return db
    .selectFrom('sessions')
    .select(['id', 'createdAt', 'expiresAt', 'absoluteExpiresAt', 'userAgent', 'ip'])
    .where('userId', '=', userId)
    .where('expiresAt', '>', now)
    .where('absoluteExpiresAt', '>', now)
    .orderBy('createdAt', 'desc')
    .execute();
}

export async function listSessions(db: Db, userId: string, currentSessionId: string): Promise<ActiveSession[]> {
  const rows = await liveSessions(db, userId);
  const current = hashSessionId(currentSessionId);
  const sessions = rows.map((row) => {
    const expiresAt = new Date(Math.min(new Date(row.expiresAt).getTime(), new Date(row.absoluteExpiresAt).getTime()));
    return {
      id: fingerprintOf(row.id),
      createdAt: new Date(row.createdAt).toISOString(),
      expiresAt: expiresAt.toISOString(),
      userAgent: row.userAgent,
      ip: row.ip,
      isCurrent: row.id === current,
    };
  });
  // This device first, then the newest.
  return sessions.sort((a, b) => Number(b.isCurrent) - Number(a.isCurrent));
}

/** Ends one of the user's own sessions, named by its fingerprint: the stored id of the ended session, or null when the user has no such session. */
export async function endSessionByFingerprint(db: Db, userId: string, fingerprint: string): Promise<string | null> {
  const rows = await db.selectFrom('sessions').select('id').where('userId', '=', userId).execute();
  const match = rows.find((row) => fingerprintOf(row.id) === fingerprint);
  if (!match) return null;
  const result = await db.deleteFrom('sessions').where('id', '=', match.id).where('userId', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1 ? match.id : null;
}

/**
 * Ends every other session of the user and keeps this one: after a password or two-factor
 * change, whoever else was signed in must sign in again under the new rules.
 */
export async function endOtherSessions(db: Db, userId: string, keepSessionId: string): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where('userId', '=', userId)
    .where('id', '!=', hashSessionId(keepSessionId))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
