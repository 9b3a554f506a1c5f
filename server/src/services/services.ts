import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { AppLucia } from './lucia.js';
import type { Mailer } from './mail/mailer.js';
import type { RealtimeBus } from './realtime/bus.js';
import type { SocketRegistry } from './sockets.js';

/**
 * Everything a request may use, built once at start-up and passed in (tests build their own).
 * Services hold configuration and connections, not domain operations: those are plain functions
 * that take the call's database handle. Nothing here takes a database connection of its own
 * inside a call: the mailer writes to the caller's transaction and the job queue sends after commit.
 */
export interface AppServices {
  config: Config;
  /** Unscoped: only auth and the tenant helpers use it; domain code gets ctx.db inside its call's transaction. */
  db: Db;
  /** Validates session cookies (its own queries, before any call starts); inside a call use luciaOn(ctx.db). */
  lucia: AppLucia;
  mailer: Mailer;
  bus: RealtimeBus;
  sockets: SocketRegistry;
  log: { info: (message: string) => void; warn: (message: string) => void; error: (message: string, error?: unknown) => void };
}
