import { z } from 'zod';
import { accountInvitationSentOutput, driverAccountOutput, inviteCarrierUserInput } from '#shared/schemas/invitations.js';
import { recordId } from '#shared/schemas/fields.js';
import { writable } from '../../db/scope.js';
import { notFound } from '../../errors.js';
import { permittedProcedure } from '../../trpc/procedures.js';
import { inviteAccount, readDriverAccount } from '../invitations/invite-account.js';

const carrierUserCandidate = driverAccountOutput.extend({ name: z.string() });

/**
 * The Invite Carrier User dialog's choices: the carrier's drivers (a carrier user is an account
 * linked to a driver record with carrier_id, docs/fleet.md), each with its email, account and
 * open invitation.
 */
export const listCarrierUserCandidatesProcedure = permittedProcedure('carriers', 'invite')
  .input(recordId)
  .output(z.array(carrierUserCandidate))
  .query(async ({ ctx, input }) => {
    const carrier = await ctx.db
      .selectFrom('carriers')
      .select('id')
      .where(writable(ctx.scope, 'carriers'))
      .where('id', '=', input.id)
      .executeTakeFirst();
    if (!carrier) throw notFound('Carrier');
    const drivers = await ctx.db
      .selectFrom('drivers')
      .select(['id', 'firstName', 'lastName'])
      .where('companyId', '=', ctx.scope.companyId)
      .where('carrierId', '=', carrier.id)
      .orderBy('firstName')
      .orderBy('lastName')
      .limit(200)
      .execute();
    return Promise.all(
      drivers.map(async (driver) => ({ ...(await readDriverAccount(ctx, driver.id)), name: `${driver.firstName} ${driver.lastName}` })),
    );
  });

/** Invites one of the carrier's drivers as the carrier's user: accepting lands on the carrier portal. */
export const inviteCarrierUserProcedure = permittedProcedure('carriers', 'invite')
  .input(inviteCarrierUserInput)
  .output(accountInvitationSentOutput)
  .mutation(async ({ ctx, input }) => {
    const carrier = await ctx.db
      .selectFrom('carriers')
      .select('id')
      .where(writable(ctx.scope, 'carriers'))
      .where('id', '=', input.carrierId)
      .executeTakeFirst();
    if (!carrier) throw notFound('Carrier');
    return inviteAccount(ctx, { driverId: input.driverId, role: 'carrier', carrierId: carrier.id });
  });
