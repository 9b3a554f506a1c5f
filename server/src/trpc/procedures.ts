import type { StaffRole } from '../../../shared/src/constants.js';
import { canEnter } from '../../../shared/src/roles.js';
import { withCompany, withMasterAdmin } from '../db/with-company.js';
import { AppError } from '../errors.js';
import { t } from './init.js';

export const router = t.router;
export const publicProcedure = t.procedure;

/** A valid session is proven to the compiler: ctx.session is non-null from here on. */
export const authedProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.session || !ctx.sessionId) throw new AppError('UNAUTHORIZED', 'Not authenticated');
  return next({ ctx: { session: ctx.session, sessionId: ctx.sessionId } });
});

/**
 * Runs the procedure inside the user's tenant transaction: ctx.db is scoped by row-level
 * security to the user's company. A failed procedure rolls the whole transaction back.
 * Not for subscriptions: they re-enter withCompany for each read instead.
 */
export const companyProcedure = authedProcedure.use(async ({ ctx, next }) => {
  const scope = { companyId: ctx.session.company.id, userId: ctx.session.user.id };
  const { db: unscoped, ...services } = ctx.services;
  return withCompany(unscoped, scope, async (db) => {
    // Domain code gets the scoped transaction and never the unscoped handle.
    const result = await next({ ctx: { db, services } });
    if (!result.ok) throw result.error;
    return result;
  });
});

/** Company-scoped and limited to the listed roles; a master admin always passes. */
export const roleProcedure = (...roles: StaffRole[]) =>
  companyProcedure.use(({ ctx, next }) => {
    if (!canEnter(ctx.session, roles)) throw new AppError('FORBIDDEN', 'You do not have permission to do this');
    return next();
  });

/** Master admins only; ctx.db reads across companies through the audited master-admin path. */
export const masterAdminProcedure = authedProcedure.use(async ({ ctx, next }) => {
  if (!ctx.session.isMasterAdmin) throw new AppError('FORBIDDEN', 'You do not have permission to do this');
  const scope = { companyId: ctx.session.company.id, userId: ctx.session.user.id };
  const { db: unscoped, ...services } = ctx.services;
  return withMasterAdmin(
    unscoped,
    scope,
    async (db) => {
      const result = await next({ ctx: { db, services } });
      if (!result.ok) throw result.error;
      return result;
    },
    (message) => ctx.services.log.info(message),
  );
});
