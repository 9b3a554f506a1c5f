import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { AppLucia } from '../auth/lucia.js';
import type { CompanyStatusChange, CompanyStatusResult } from '../auth/company-status.js';
import type { TestUserResult } from '../auth/test-users.js';
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
  /** A master admin's writes beyond their own company; procedures reach them without the unscoped db. */
  masterAdmin: MasterAdminWrites;
}

/** Each a narrow, logged path (server/src/auth/company-status.ts, test-users.ts); callers check the master admin first. */
export interface MasterAdminWrites {
  /** Suspend or reactivate a company (suspending ends its sessions); null when there is no such company. */
  setCompanyStatus(change: CompanyStatusChange): Promise<CompanyStatusResult | null>;
  /** The spec's seed of 8 test users across 2 companies; idempotent. */
  seedTestUsers(): Promise<TestUserResult[]>;
}
