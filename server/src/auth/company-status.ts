import { sql } from 'kysely';
import type { Db, Tx } from '../db/database.js';

export type SubscriptionStatus = 'active' | 'suspended';

export interface CompanyStatusChange {
  /** The acting master admin: named in the transaction, checked by the database. */
  actorUserId: string;
  companyId: string;
  status: SubscriptionStatus;
}

export interface CompanyStatusResult {
  id: string;
  name: string;
  status: SubscriptionStatus;
  /** Sessions of the company's users ended by a suspension (their sockets close with them). */
  endedSessions: number;
}

/**
 * The master admin's write path into another company (migration 2026-11-21T1320): a
 * transaction scoped to the target company like any tenant transaction, naming the master
 * admin and marked 'company_status', in which the database refuses every write except a
 * change of that company's subscription status. Exported for the tests that prove it.
 */
export async function withCompanyStatusWrite<T>(
  db: Db,
  scope: { actorUserId: string; companyId: string },
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (tx) => {
    await sql`select set_config('app.company_id', ${scope.companyId}, true),
                     set_config('app.user_id', ${scope.actorUserId}, true),
                     set_config('app.master_admin_write', 'company_status', true)`.execute(tx);
    return fn(tx);
  });
}

/**
 * Suspends or reactivates a company. Suspending also ends every session of its users at
 * once, in the same transaction: deleting the rows notifies the realtime bus, which closes
 * their sockets, and sign-in refuses them from then on. Null when there is no such company.
 */
export async function setCompanyStatus(
  db: Db,
  change: CompanyStatusChange,
  audit: (message: string) => void,
): Promise<CompanyStatusResult | null> {
  audit(`master admin ${change.actorUserId} set company ${change.companyId} subscription status to ${change.status}`);
  return withCompanyStatusWrite(db, change, async (tx) => {
    const company = await tx
      .updateTable('companies')
      .set({ subscriptionStatus: change.status })
      .where('id', '=', change.companyId)
      .returning(['id', 'name'])
      .executeTakeFirst();
    if (!company) return null;
    let endedSessions = 0;
    if (change.status === 'suspended') {
      const ended = await tx
        .deleteFrom('sessions')
        .where('userId', 'in', (eb) => eb.selectFrom('profiles').select('userId').where('companyId', '=', change.companyId))
        .executeTakeFirst();
      endedSessions = Number(ended.numDeletedRows);
    }
    return { id: company.id, name: company.name, status: change.status, endedSessions };
  });
}
