import {
  createTrackingLinkInput,
  createTrackingLinkOutput,
  TRACKING_LINKS_PER_LOAD_MAX,
  TRACKING_TEXTS,
  trackingPath,
} from '#shared/schemas/tracking.js';
import { AppError, orNotFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { findTrackedLoad, countActiveLinks, insertLink } from './tracking.repository.js';
import { createTrackingToken } from './tracking-token.js';

const DAY_MS = 86_400_000;

/**
 * tracking.createLink: a new public tracking link for a load of the caller's company, valid for
 * 1, 3, 7 (default) or 30 days, showing the truck's position exactly (default) or only the town
 * it is near (positionPrecision 'city'). The token is answered once and only its hash is stored; the
 * creation is audited (a trigger). At most TRACKING_LINKS_PER_LOAD_MAX active links per load.
 */
export const createTrackingLinkProcedure = permitted('trackingLinks', 'write')
  .input(createTrackingLinkInput)
  .output(createTrackingLinkOutput)
  .mutation(async ({ ctx, input }) => {
    const load = orNotFound(await findTrackedLoad(ctx.db, ctx.scope, input.loadId), 'Load');
    if ((await countActiveLinks(ctx.db, ctx.scope, load.id)) >= TRACKING_LINKS_PER_LOAD_MAX) {
      throw new AppError('CONFLICT', TRACKING_TEXTS.tooMany);
    }
    const { token, tokenHash } = createTrackingToken();
    const link = await insertLink(ctx.db, {
      companyId: ctx.scope.companyId,
      loadId: load.id,
      tokenHash,
      expiresAt: new Date(Date.now() + input.days * DAY_MS),
      createdBy: ctx.scope.userId,
      positionPrecision: input.positionPrecision,
    });
    const profile = await ctx.db
      .selectFrom('profiles')
      .select(['firstName', 'lastName'])
      .where('userId', '=', ctx.scope.userId)
      .executeTakeFirst();
    const createdByName = [profile?.firstName, profile?.lastName].filter(Boolean).join(' ').trim() || null;
    return { ...link, createdByName, token, path: trackingPath(token) };
  });
