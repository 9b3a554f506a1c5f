import { accountInvitationSentOutput, driverAccountOutput, inviteDriverInput } from '#shared/schemas/invitations.js';
import { permitted } from '../../trpc/procedures.js';
import { inviteAccount, readDriverAccount } from '../invitations/invite-account.js';

/** The Invite to Haulwise dialog's reading: the record's email, whether it has an account, its open invitation. */
export const readDriverAccountProcedure = permitted('drivers', 'invite')
  .input(inviteDriverInput)
  .output(driverAccountOutput)
  .query(({ ctx, input }) => readDriverAccount(ctx, input.driverId));

/**
 * Invites the driver of a record by email (the team invitation's flow, role driver): accepting
 * creates the account, links it to the record and lands on the driver portal.
 */
export const inviteDriverProcedure = permitted('drivers', 'invite')
  .input(inviteDriverInput)
  .output(accountInvitationSentOutput)
  .mutation(({ ctx, input }) => inviteAccount(ctx, { driverId: input.driverId, role: 'driver' }));
