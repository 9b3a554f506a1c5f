import { openingWith, type Db, type Tx } from './database.js';

/**
 * The one way into tenant data: a transaction whose settings scope every row-level
 * security policy to one company and name the acting user for audit triggers.
 * The settings are transaction-local (set_config(..., true)), so a pooled connection
 * never carries a company into the next request.
 */
export async function withCompany<T>(
  db: Db,
  scope: { companyId: string; userId: string | null },
  fn: (tx: Tx) => Promise<T>,
  /** readOnly: a READ ONLY transaction (PostgreSQL refuses any write in it; db/database.ts, openingWith). */
  options: { readOnly?: boolean } = {},
): Promise<T> {
  // BEGIN and the settings in one round trip (db/database.ts, openingWith).
  const settings = [
    ['app.company_id', scope.companyId],
    ['app.user_id', scope.userId ?? ''],
  ] as const;
  return openingWith(db, settings, fn, options);
}

/** Reads of the signed-in user's own profile and role, before their company is known. */
export async function withUser<T>(db: Db, userId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return openingWith(db, [['app.user_id', userId]], fn);
}

/**
 * The explicit, audited cross-company read path of a master admin: policies grant
 * SELECT (never writes) across companies only while app.master_admin is on.
 */
export async function withMasterAdmin<T>(
  db: Db,
  scope: { companyId: string; userId: string },
  fn: (tx: Tx) => Promise<T>,
  audit: (message: string) => void,
): Promise<T> {
  audit(`master admin ${scope.userId} read across companies`);
  const settings = [
    ['app.company_id', scope.companyId],
    ['app.user_id', scope.userId],
    ['app.master_admin', 'on'],
  ] as const;
  return openingWith(db, settings, fn);
}
