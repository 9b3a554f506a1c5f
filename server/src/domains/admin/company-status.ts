import { sql, type Kysely, type Transaction } from 'kysely';
import type { SubscriptionStatus } from '#shared/schemas/admin.js';
import type { Database } from '../../db/schema.js';
import { transaction, withSettings } from '../../db/transactions.js';

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
 * The master admin's write path into another company (migration 2026-11-21T1320): for the length
 * of `fn`, the transaction is scoped to the target company like any tenant transaction, names the
 * master admin and is marked 'company_status', and the database refuses every write in it except
 * a change of that company's subscription status. The call's own scope comes back after. On the
 * caller's transaction (a new one on a pool handle). Exported for the tests that prove it.
 */
export async function withCompanyStatusWrite<T>(
  db: Kysely<Database>,
  scope: { actorUserId: string; companyId: string },
  fn: (tx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return transaction(db, (tx) =>
    withSettings(
      tx,
      { 'app.company_id': scope.companyId, 'app.user_id': scope.actorUserId, 'app.master_admin_write': 'company_status' },
      () => fn(tx),
    ),
  );
}

/**
 * Suspends or reactivates a company. Suspending also ends every session of its users at once,
 * in the same transaction: deleting the rows notifies the realtime bus, which closes their
 * sockets, and sign-in refuses them from then on. Null when there is no such company.
 */
export async function setCompanyStatus(db: Kysely<Database>, change: CompanyStatusChange): Promise<CompanyStatusResult | null> {
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
      // Through the database's owner-rights function: the app role reads no one else's sessions.
      const { rows } = await sql<{ ended: number }>`select app_end_company_sessions() as ended`.execute(tx);
      endedSessions = Number(rows[0]?.ended ?? 0);
    }
    return { id: company.id, name: company.name, status: change.status, endedSessions };
  });
}
