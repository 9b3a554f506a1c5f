import { revokeTrackingLinkInput, revokeTrackingLinkOutput, TRACKING_TEXTS } from '#shared/schemas/tracking.js';
import { AppError } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { deleteLink } from './tracking.repository.js';

/** tracking.revokeLink: the link stops working at once (it is deleted; the load's audit trail keeps the record). */
export const revokeTrackingLinkProcedure = permitted('trackingLinks', 'write')
  .input(revokeTrackingLinkInput)
  .output(revokeTrackingLinkOutput)
  .mutation(async ({ ctx, input }) => {
    const deleted = await deleteLink(ctx.db, ctx.scope, input.id);
    if (!deleted) throw new AppError('NOT_FOUND', TRACKING_TEXTS.linkNotFound);
    return deleted;
  });
