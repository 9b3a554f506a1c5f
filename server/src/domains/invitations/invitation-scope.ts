import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * The invitee's way in, before they have a company: a transaction in which row-level
 * security shows exactly one invitation, the one whose token hash is set here, and the name
 * of the company it invites to (policies invitations_token_read and companies_invitation_read).
 * Like withCompany, the setting is transaction-local, so a pooled connection never keeps it.
 */
export async function withInvitationToken<T>(
  db: Kysely<Database>,
  tokenHash: string,
  fn: (tx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (tx) => {
    await sql`select set_config('app.invitation_token_hash', ${tokenHash}, true)`.execute(tx);
    return fn(tx);
  });
}

/**
 * Joining: once the token has proven the invitation, the rest of the transaction acts in the
 * invitation's company (read from that row, never from the request) as the joining user, so
 * the profile, the role and the invitation's acceptance pass the tenant policies' checks.
 */
export async function enterInvitedCompany(tx: Transaction<Database>, scope: { companyId: string; userId: string }): Promise<void> {
  await sql`select set_config('app.company_id', ${scope.companyId}, true),
                   set_config('app.user_id', ${scope.userId}, true)`.execute(tx);
}
