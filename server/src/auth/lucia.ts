import { Lucia, TimeSpan, type Adapter, type DatabaseSession, type DatabaseUser } from 'lucia';
import type { Db } from '../db/database.js';

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

export const SESSION_COOKIE = 'hw_session';

/**
 * Lucia v3 is frozen upstream, so it stays behind this folder. Our adapter adds what it
 * lacks: an absolute lifetime that sliding renewal can never pass.
 */
class KyselyAdapter implements Adapter {
  constructor(private readonly db: Db) {}

  async getSessionAndUser(sessionId: string): Promise<[DatabaseSession | null, DatabaseUser | null]> {
    const row = await this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select([
        'sessions.id',
        'sessions.user_id',
        'sessions.expires_at',
        'sessions.absolute_expires_at',
        'sessions.created_at',
        'sessions.user_agent',
        'sessions.ip',
        'users.email',
      ])
      .where('sessions.id', '=', sessionId)
      .executeTakeFirst();
    if (!row) return [null, null];
    if (new Date(row.absolute_expires_at).getTime() <= Date.now()) {
      await this.deleteSession(sessionId);
      return [null, null];
    }
    return [
      {
        id: row.id,
        userId: row.user_id,
        expiresAt: new Date(row.expires_at),
        attributes: {
          absoluteExpiresAt: new Date(row.absolute_expires_at),
          createdAt: new Date(row.created_at),
          userAgent: row.user_agent,
          ip: row.ip,
        },
      },
      { id: row.user_id, attributes: { email: row.email } },
    ];
  }

  async getUserSessions(userId: string): Promise<DatabaseSession[]> {
    const rows = await this.db.selectFrom('sessions').selectAll().where('user_id', '=', userId).execute();
    return rows.map((row) => ({
      id: row.id,
      userId: row.user_id,
      expiresAt: new Date(row.expires_at),
      attributes: {
        absoluteExpiresAt: new Date(row.absolute_expires_at),
        createdAt: new Date(row.created_at),
        userAgent: row.user_agent,
        ip: row.ip,
      },
    }));
  }

  async setSession(session: DatabaseSession): Promise<void> {
    await this.db
      .insertInto('sessions')
      .values({
        id: session.id,
        user_id: session.userId,
        expires_at: session.expiresAt,
        absolute_expires_at: session.attributes.absoluteExpiresAt,
        user_agent: session.attributes.userAgent,
        ip: session.attributes.ip,
      })
      .execute();
  }

  async updateSessionExpiration(sessionId: string, expiresAt: Date): Promise<void> {
    // Sliding renewal never extends past the absolute lifetime.
    await this.db
      .updateTable('sessions')
      .set((eb) => ({ expires_at: eb.fn('least', [eb.val(expiresAt), eb.ref('absolute_expires_at')]) }))
      .where('id', '=', sessionId)
      .execute();
  }

  async deleteSession(sessionId: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id', '=', sessionId).execute();
  }

  async deleteUserSessions(userId: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  }

  async deleteExpiredSessions(): Promise<void> {
    await this.db
      .deleteFrom('sessions')
      .where((eb) => eb.or([eb('expires_at', '<=', new Date()), eb('absolute_expires_at', '<=', new Date())]))
      .execute();
  }
}

export function createLucia(db: Db, options: { idleDays: number; secure: boolean }) {
  return new Lucia(new KyselyAdapter(db), {
    sessionExpiresIn: new TimeSpan(options.idleDays * 24, 'h'),
    sessionCookie: {
      name: SESSION_COOKIE,
      attributes: { secure: options.secure, sameSite: 'lax' },
    },
    getSessionAttributes: (attributes) => attributes,
    getUserAttributes: (attributes) => ({ email: attributes.email }),
  });
}

export type AppLucia = ReturnType<typeof createLucia>;
