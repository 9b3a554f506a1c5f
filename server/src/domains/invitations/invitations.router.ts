import { router } from '../../trpc/procedures.js';
import { acceptInvitationProcedure } from './accept-invitation.js';
import { previewInvitationProcedure } from './preview-invitation.js';

/** The invitee's side of a team invitation: public, the mailed token is the only key. */
export const invitationsRouter = router({
  /** Company name, email, names and role of a usable invitation; "invalid or has expired" otherwise. */
  preview: previewInvitationProcedure,
  /** Joins the company with the invitation's role (a new account, or an existing one without a company) and signs in. */
  accept: acceptInvitationProcedure,
});
