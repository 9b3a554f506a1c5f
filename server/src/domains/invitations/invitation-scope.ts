import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * The invitee's way in, before they have a company: on the call's transaction, row-level
 * security then shows exactly one invitation, the one whose token hash is set here, and the
 * name of the company it invites to (policies invitations_token_read and companies_invitation_read).
 * Like every scope, the setting is transaction-local, so a pooled connection never keeps it.
 */
export async function enterInvitationScope(tx: Kysely<Database>, tokenHash: string): Promise<void> {
  await sql`select set_config('app.invitation_token_hash', ${tokenHash}, true)`.execute(tx);
}

/**
 * Joining: once the token has proven the invitation, the rest of the transaction acts in the
 * invitation's company (read from that row, never from the request) as the joining user, so
 * the profile, the role and the invitation's acceptance pass the tenant policies' checks.
 */
export async function enterInvitedCompany(tx: Kysely<Database>, scope: { companyId: string; userId: string }): Promise<void> {
  await sql`select set_config('app.company_id', ${scope.companyId}, true),
                   set_config('app.user_id', ${scope.userId}, true)`.execute(tx);
}
