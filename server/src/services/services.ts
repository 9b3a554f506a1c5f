import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { AppLucia } from '../auth/lucia.js';
import type { Mailer } from './mail/mailer.js';
import type { RateLimiter } from './rate-limit.js';
import type { RealtimeBus } from './realtime/bus.js';
import type { SocketRegistry } from './sockets.js';

/** Everything a request may use, built once at start-up and passed in (tests build their own). */
export interface AppServices {
  config: Config;
  /** Unscoped: only auth and the tenant helpers use it; domain code gets ctx.db inside withCompany. */
  db: Db;
  lucia: AppLucia;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  bus: RealtimeBus;
  sockets: SocketRegistry;
  log: { info: (message: string) => void; warn: (message: string) => void; error: (message: string, error?: unknown) => void };
}
