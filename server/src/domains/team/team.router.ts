import { router } from '../../trpc/procedures.js';
import { changeRoleProcedure } from './change-role.js';
import { inviteMemberProcedure } from './invite-member.js';
import { listInvitationsProcedure } from './list-invitations.js';
import { listMembersProcedure } from './list-members.js';
import { readAdminStatsProcedure } from './read-admin-stats.js';
import { removeMemberProcedure } from './remove-member.js';
import { resendInvitationProcedure } from './resend-invitation.js';
import { revokeInvitationProcedure } from './revoke-invitation.js';
import { listSalesAgentsProcedure } from './sales-agents.js';

/**
 * The admin's team (shared/src/permissions.ts, domain 'team'); a master admin passes the guard
 * and manages their own company's team, never another's.
 */
export const teamRouter = router({
  /** The team list: name, email, role, joined, status (Active). */
  members: listMembersProcedure,
  /** The admin dashboard's counters: Total Loads, Active Drivers, Team Members, Total Revenue. */
  adminStats: readAdminStatsProcedure,

  /** Invitations not yet accepted or revoked (expired ones too, flagged, to resend). */
  invitations: listInvitationsProcedure,
  /** The spec's invite-team-member: email, first name, last name and role; mails a single-use link. */
  invite: inviteMemberProcedure,
  resendInvitation: resendInvitationProcedure,
  revokeInvitation: revokeInvitationProcedure,

  /** Role changes and removals end the member's sessions at once; the last admin stays. */
  changeRole: changeRoleProcedure,
  removeMember: removeMemberProcedure,

  /** The company's sales agents, for the Sales Agent select of the load, driver and carrier forms (admins, dispatchers). */
  salesAgents: listSalesAgentsProcedure,
});
