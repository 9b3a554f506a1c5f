import type { Kysely } from 'kysely';
import { Lucia, TimeSpan, type Adapter, type DatabaseSession, type DatabaseUser } from 'lucia';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';

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
      .innerJoin('users', 'users.id', 'sessions.userId')
      .select([
        'sessions.id',
        'sessions.userId',
        'sessions.expiresAt',
        'sessions.absoluteExpiresAt',
        'sessions.createdAt',
        'sessions.userAgent',
        'sessions.ip',
        'users.email',
      ])
      .where('sessions.id', '=', sessionId)
      .executeTakeFirst();
    if (!row) return [null, null];
    if (new Date(row.absoluteExpiresAt).getTime() <= Date.now()) {
      await this.deleteSession(sessionId);
      return [null, null];
    }
    return [
      {
        id: row.id,
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

  async getUserSessions(userId: string): Promise<DatabaseSession[]> {
    const rows = await this.db.selectFrom('sessions').selectAll().where('userId', '=', userId).execute();
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
    await this.db
      .insertInto('sessions')
      .values({
        id: session.id,
        userId: session.userId,
        expiresAt: session.expiresAt,
        absoluteExpiresAt: session.attributes.absoluteExpiresAt,
        userAgent: session.attributes.userAgent,
        ip: session.attributes.ip,
      })
      .execute();
  }

  async updateSessionExpiration(sessionId: string, expiresAt: Date): Promise<void> {
    // Sliding renewal never extends past the absolute lifetime.
    await this.db
      .updateTable('sessions')
      .set((eb) => ({ expiresAt: eb.fn('least', [eb.val(expiresAt), eb.ref('absoluteExpiresAt')]) }))
      .where('id', '=', sessionId)
      .execute();
  }

  async deleteSession(sessionId: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id', '=', sessionId).execute();
  }

  async deleteUserSessions(userId: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('userId', '=', userId).execute();
  }

  async deleteExpiredSessions(): Promise<void> {
    await this.db
      .deleteFrom('sessions')
      .where((eb) => eb.or([eb('expiresAt', '<=', new Date()), eb('absoluteExpiresAt', '<=', new Date())]))
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

export const luciaOptions = (config: Pick<Config, 'SESSION_IDLE_DAYS' | 'NODE_ENV'>) => ({
  idleDays: config.SESSION_IDLE_DAYS,
  secure: config.NODE_ENV === 'production',
});

/**
 * Lucia on the caller's own handle: inside a procedure, its transaction, so creating or ending
 * a session takes no connection of its own (an instance is a few plain objects: cheap to make).
 */
export const luciaOn = (db: Db, config: Pick<Config, 'SESSION_IDLE_DAYS' | 'NODE_ENV'>): AppLucia => createLucia(db, luciaOptions(config));
