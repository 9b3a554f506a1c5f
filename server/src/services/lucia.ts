import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { Lucia, TimeSpan, type Adapter, type DatabaseSession, type DatabaseUser } from 'lucia';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import { asUser } from '../db/transactions.js';

type Db = Kysely<Database>;

interface SessionAttributes {
  absoluteExpiresAt: Date;
  userAgent: string | null;
  ip: string | null;
  createdAt?: Date;
}
interface UserAttributes {
  email: string;
}

declare module 'lucia' {
  interface Register {
    Lucia: ReturnType<typeof createLucia>;
    DatabaseSessionAttributes: SessionAttributes;
    DatabaseUserAttributes: UserAttributes;
  }
}

/** The session cookie's name outside production (tests and development use plain HTTP). */
export const SESSION_COOKIE = 'hw_session';
/** In production: a __Host- cookie is only accepted over HTTPS, for this host, path / (no Domain). */
export const PRODUCTION_SESSION_COOKIE = '__Host-hw_session';

export const sessionCookieName = (config: Pick<Config, 'NODE_ENV'>) =>
  config.NODE_ENV === 'production' ? PRODUCTION_SESSION_COOKIE : SESSION_COOKIE;

/**
 * What the sessions table stores for a session: the SHA-256 (hex) of the token the cookie carries,
 * so a read of the table yields no usable session. Its first 32 characters are the session's
 * fingerprint (trpc/context.ts), which the sessions trigger sends to the realtime bus.
 */
export function hashSessionId(sessionId: string): string {
  return createHash('sha256').update(sessionId, 'utf8').digest('hex');
}

/**
 * Lucia v3 is frozen upstream, so it stays behind this file. Our adapter adds what it
 * lacks: an absolute lifetime that sliding renewal can never pass, and ids stored only as
 * their SHA-256. Lucia hands the adapter the token (the cookie's value); the adapter hashes it
 * before every read and write. getUserSessions answers the stored (hashed) ids.
 */
class KyselyAdapter implements Adapter {
  constructor(private readonly db: Db) {}

  async getSessionAndUser(sessionId: string): Promise<[DatabaseSession | null, DatabaseUser | null]> {
    // The app role reads no session table-wide: one session by its stored id, through an
    // owner-rights function (migration 2026-11-25T1100_security_role).
    const { rows } = await sql<{
      id: string;
      userId: string;
      expiresAt: Date;
      absoluteExpiresAt: Date;
      createdAt: Date;
      userAgent: string | null;
      ip: string | null;
      email: string;
    }>`select * from app_session_lookup(${hashSessionId(sessionId)})`.execute(this.db);
    const row = rows[0];
    if (!row) return [null, null];
    if (new Date(row.absoluteExpiresAt).getTime() <= Date.now()) {
      await this.deleteSession(sessionId);
      return [null, null];
    }
    return [
      {
        id: sessionId,
        userId: row.userId,
        expiresAt: new Date(row.expiresAt),
        attributes: {
          absoluteExpiresAt: new Date(row.absoluteExpiresAt),
          createdAt: new Date(row.createdAt),
          userAgent: row.userAgent,
          ip: row.ip,
        },
      },
      { id: row.userId, attributes: { email: row.email } },
    ];
  }

  /** A user's own sessions, read as that user (row-level security shows no one else's). */
  async getUserSessions(userId: string): Promise<DatabaseSession[]> {
    const rows = await asUser(this.db, userId, (tx) => tx.selectFrom('sessions').selectAll().where('userId', '=', userId).execute());
    return rows.map((row) => ({
      id: row.id,
      userId: row.userId,
      expiresAt: new Date(row.expiresAt),
      attributes: {
        absoluteExpiresAt: new Date(row.absoluteExpiresAt),
        createdAt: new Date(row.createdAt),
        userAgent: row.userAgent,
        ip: row.ip,
      },
    }));
  }

  async setSession(session: DatabaseSession): Promise<void> {
    await asUser(this.db, session.userId, (tx) =>
      tx
        .insertInto('sessions')
        .values({
          id: hashSessionId(session.id),
          userId: session.userId,
          expiresAt: session.expiresAt,
          absoluteExpiresAt: session.attributes.absoluteExpiresAt,
          userAgent: session.attributes.userAgent,
          ip: session.attributes.ip,
        })
        .execute(),
    );
  }

  async updateSessionExpiration(sessionId: string, expiresAt: Date): Promise<void> {
    // Sliding renewal never extends past the absolute lifetime (the function takes the least of both).
    await sql`select app_session_extend(${hashSessionId(sessionId)}, ${expiresAt})`.execute(this.db);
  }

  async deleteSession(sessionId: string): Promise<void> {
    await sql`select app_session_end(${hashSessionId(sessionId)})`.execute(this.db);
  }

  async deleteUserSessions(userId: string): Promise<void> {
    await asUser(this.db, userId, (tx) => tx.deleteFrom('sessions').where('userId', '=', userId).execute());
  }

  async deleteExpiredSessions(): Promise<void> {
    await sql`select app_sessions_sweep()`.execute(this.db);
  }
}

export function createLucia(db: Db, options: { idleDays: number; secure: boolean; cookieName?: string }) {
  return new Lucia(new KyselyAdapter(db), {
    sessionExpiresIn: new TimeSpan(options.idleDays * 24, 'h'),
    sessionCookie: {
      name: options.cookieName ?? SESSION_COOKIE,
      // Path=/ and no Domain always (what a __Host- cookie requires); HttpOnly is Lucia's default.
      attributes: { secure: options.secure, sameSite: 'lax', path: '/' },
    },
    getSessionAttributes: (attributes) => attributes,
    getUserAttributes: (attributes) => ({ email: attributes.email }),
  });
}

export type AppLucia = ReturnType<typeof createLucia>;

export const luciaOptions = (config: Pick<Config, 'SESSION_IDLE_DAYS' | 'NODE_ENV'>) => ({
  idleDays: config.SESSION_IDLE_DAYS,
  secure: config.NODE_ENV === 'production',
  cookieName: sessionCookieName(config),
});

/**
 * Lucia on the caller's own handle: inside a procedure, its transaction, so creating or ending
 * a session takes no connection of its own (an instance is a few plain objects: cheap to make).
 */
export const luciaOn = (db: Db, config: Pick<Config, 'SESSION_IDLE_DAYS' | 'NODE_ENV'>): AppLucia => createLucia(db, luciaOptions(config));
