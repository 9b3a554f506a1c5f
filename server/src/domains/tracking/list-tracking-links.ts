import { listTrackingLinksInput, listTrackingLinksOutput } from '#shared/schemas/tracking.js';
import { orNotFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { findTrackedLoad, listActiveLinks } from './tracking.repository.js';

/** tracking.listLinks: the load's links that still work, newest first, with their expiry (never a token: only hashes are kept). */
export const listTrackingLinksProcedure = permitted('trackingLinks', 'read')
  .input(listTrackingLinksInput)
  .output(listTrackingLinksOutput)
  .query(async ({ ctx, input }) => {
    const load = orNotFound(await findTrackedLoad(ctx.db, ctx.scope, input.loadId), 'Load');
    return { items: await listActiveLinks(ctx.db, ctx.scope, load.id) };
  });
