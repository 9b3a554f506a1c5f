import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import { setCompanyStatus } from '../auth/company-status.js';
import { createLucia } from '../auth/lucia.js';
import { seedTestUsers } from '../auth/test-users.js';
import { appConnectionString, ensureDatabaseExists, prepareDatabase } from '../db/bootstrap.js';
import { createDb, createPool } from '../db/database.js';
import { createMailer, resendTransport } from './mail/mailer.js';
import { createRateLimiter } from './rate-limit.js';
import { startRealtimeBus } from './realtime/bus.js';
import type { AppServices } from './services.js';
import { createSocketRegistry } from './sockets.js';

export interface StartedServices {
  services: AppServices;
  close: () => Promise<void>;
}

/** Migrates as the owner, then builds every service on a pool that connects as the app role. */
export async function createServices(
  config: Config,
  ownerUrl: string,
  options: { poolSize?: number; log?: AppServices['log']; migrate?: boolean } = {},
): Promise<StartedServices> {
  const log = options.log ?? consoleLog;
  if (options.migrate ?? true) await migrate(ownerUrl, config.APP_DB_PASSWORD);
  const appUrl = appConnectionString(ownerUrl, config.APP_DB_PASSWORD);
  const pool = createPool({
    connectionString: appUrl,
    max: options.poolSize ?? config.DB_POOL_SIZE,
    acquireTimeoutMs: config.DB_ACQUIRE_TIMEOUT_MS,
    onError: (error) => log.warn(`database pool error: ${error.message}`),
  });
  const db = createDb(pool);
  const bus = await startRealtimeBus(appUrl, (message) => log.warn(message));
  const lucia = createLucia(db, { idleDays: config.SESSION_IDLE_DAYS, secure: config.NODE_ENV === 'production' });
  const transport = config.RESEND_API_KEY
    ? resendTransport(config.RESEND_API_KEY, config.MAIL_FROM, { baseUrl: config.RESEND_BASE_URL })
    : null;
  const services: AppServices = {
    config,
    db,
    lucia,
    mailer: createMailer(db, transport),
    rateLimiter: createRateLimiter(db),
    bus,
    sockets: createSocketRegistry({ maxPerSession: config.WS_MAX_CONNECTIONS_PER_SESSION }),
    log,
    masterAdmin: {
      setCompanyStatus: (change) => setCompanyStatus(db, change, (message) => log.info(message)),
      seedTestUsers: () => seedTestUsers(db, { onError: (message, error) => log.error(message, error) }),
    },
  };
  // Time-expired sessions are deleted once a minute, which also closes their sockets.
  const sweep = setInterval(() => void lucia.deleteExpiredSessions().catch((error: Error) => log.warn(error.message)), 60_000);
  sweep.unref();
  return {
    services,
    close: async () => {
      clearInterval(sweep);
      await bus.close();
      await db.destroy();
    },
  };
}

async function migrate(ownerUrl: string, appPassword: string): Promise<void> {
  await ensureDatabaseExists(ownerUrl);
  const owner = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: ownerUrl, max: 2 }) }) });
  try {
    await prepareDatabase(owner, appPassword);
  } finally {
    await owner.destroy();
  }
}

const consoleLog: AppServices['log'] = {
  info: (message) => console.log(message),
  warn: (message) => console.warn(message),
  error: (message, error) => console.error(message, error),
};
