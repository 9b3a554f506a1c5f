import { z } from 'zod';
import { adminStatsOutput, pendingInvitationsOutput, teamMembersOutput } from '#shared/schemas/team.js';
import { permittedProcedure, router } from '../../trpc/procedures.js';
import { listPendingInvitations } from '../invitations/invitations.repository.js';
import { invite } from './invite-member.js';
import { resendInvitation, revokeInvitationProcedure } from './manage-invitations.js';
import { changeRole, removeMember } from './manage-members.js';
import { adminStats, listMembers } from './team.repository.js';

/**
 * Who may call what: the team is the admin's (docs/permissions.md); a master admin passes the
 * guard and manages their own company's team, never another's.
 */
const admins = permittedProcedure('team', 'read');

export const teamRouter = router({
  /** The team list: name, email, role, joined, status (Active). */
  members: admins
    .input(z.void())
    .output(teamMembersOutput)
    .query(({ ctx }) => listMembers(ctx.db, ctx.session.company.id, ctx.session.user.id)),
  /** The admin dashboard's counters: Total Loads, Active Drivers, Team Members, Total Revenue. */
  adminStats: admins
    .input(z.void())
    .output(adminStatsOutput)
    .query(({ ctx }) => adminStats(ctx.db, ctx.session.company.id)),

  /** Invitations not yet accepted or revoked (expired ones too, flagged, to resend). */
  invitations: admins
    .input(z.void())
    .output(pendingInvitationsOutput)
    .query(({ ctx }) => listPendingInvitations(ctx.db, ctx.session.company.id)),
  /** The spec's invite-team-member: email, first name, last name and role; mails a single-use link. */
  invite,
  resendInvitation,
  revokeInvitation: revokeInvitationProcedure,

  /** Role changes and removals end the member's sessions at once; the last admin stays. */
  changeRole,
  removeMember,
});
