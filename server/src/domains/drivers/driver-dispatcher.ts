import { ACCOUNT_INVITE_TEXTS } from '#shared/schemas/invitations.js';
import { dispatcherOptionsOutput } from '#shared/schemas/drivers.js';
import { AppError } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { dispatcherOptions, type DriversDb } from './drivers.repository.js';

/**
 * A driver's dispatcher must be a dispatcher or an admin of the driver's company (the user's own):
 * anyone else, another company's user included, is refused beside the Dispatcher field.
 */
export async function assertDispatcher(db: DriversDb, companyId: string, dispatcherId: string | null | undefined): Promise<void> {
  if (!dispatcherId) return;
  const [found] = await dispatcherOptions(db, companyId, dispatcherId);
  if (!found) throw new AppError('BAD_REQUEST', ACCOUNT_INVITE_TEXTS.dispatcherNotFound, { field: 'dispatcherId' });
}

/** The driver form's Dispatcher select: the company's dispatchers and admins. */
export const listDispatcherOptionsProcedure = permitted('drivers', 'write')
  .output(dispatcherOptionsOutput)
  .query(({ ctx }) => dispatcherOptions(ctx.db, ctx.scope.companyId));
