import { sql } from 'kysely';
import { z } from 'zod';
import { accountInvitationSentOutput, driverAccountOutput, inviteCarrierUserInput } from '#shared/schemas/invitations.js';
import { recordId } from '#shared/schemas/fields.js';
import { writable } from '../../db/scope.js';
import { notFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { inviteAccount } from '../invitations/invite-account.js';

/** carrierUserId: the person is this carrier's user already (carrier_users, by the record's email): the dialog offers to remove them. */
const carrierUserCandidate = driverAccountOutput.extend({ name: z.string(), carrierUserId: z.uuid().nullable() });

/**
 * The Invite Carrier User dialog's choices: the carrier's drivers (a carrier user is an account
 * linked to a driver record with carrier_id, docs/fleet.md), each with its email, account and
 * open invitation.
 */
export const listCarrierUserCandidatesProcedure = permitted('carriers', 'invite')
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
    // One statement: each driver with its open invitation (at most one per record).
    const rows = await ctx.db
      .selectFrom('drivers')
      .leftJoin('invitations as invitation', (join) =>
        join
          .onRef('invitation.companyId', '=', 'drivers.companyId')
          .onRef('invitation.driverId', '=', 'drivers.id')
          .on('invitation.acceptedAt', 'is', null)
          .on('invitation.revokedAt', 'is', null),
      )
      .select([
        'drivers.id',
        'drivers.firstName',
        'drivers.lastName',
        'drivers.email',
        'drivers.userId',
        // The person already has an account here: a carrier user is linked to the carrier, not to this record.
        sql<string | null>`(select p.user_id from profiles p join users u on u.id = p.user_id
          where p.company_id = drivers.company_id and u.email = lower(drivers.email))`.as('emailAccountId'),
        sql<string | null>`(select c.user_id from carrier_users c join users u on u.id = c.user_id
          where c.company_id = drivers.company_id and c.carrier_id = drivers.carrier_id and u.email = lower(drivers.email))`.as(
          'carrierUserId',
        ),
        'invitation.id as invitationId',
        'invitation.role',
        'invitation.email as invitationEmail',
        'invitation.lastSentAt',
        'invitation.expiresAt',
      ])
      .where('drivers.companyId', '=', ctx.scope.companyId)
      .where('drivers.carrierId', '=', carrier.id)
      .orderBy('drivers.firstName')
      .orderBy('drivers.lastName')
      .limit(200)
      .execute();
    return rows.map((row) => ({
      driverId: row.id,
      name: `${row.firstName} ${row.lastName}`,
      email: row.email,
      hasAccount: row.userId !== null || row.emailAccountId !== null,
      accountUserId: row.userId ?? row.emailAccountId,
      carrierUserId: row.carrierUserId,
      pendingInvitation:
        row.invitationId && row.invitationEmail && row.lastSentAt && row.expiresAt && (row.role === 'driver' || row.role === 'carrier')
          ? {
              id: row.invitationId,
              role: row.role,
              email: row.invitationEmail,
              lastSentAt: row.lastSentAt.toISOString(),
              expiresAt: row.expiresAt.toISOString(),
            }
          : null,
    }));
  });

/** Invites one of the carrier's drivers as the carrier's user: accepting lands on the carrier portal. */
export const inviteCarrierUserProcedure = permitted('carriers', 'invite')
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
