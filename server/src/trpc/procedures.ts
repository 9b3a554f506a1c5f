import type { StaffRole } from '#shared/constants.js';
import { MASTER_ADMIN_READS_EVERY_COMPANY, rolesFor, type ActionOf, type Domain } from '#shared/permissions.js';
import { toAppError } from '../db/pg-errors.js';
import { scopeOf } from '../db/scope.js';
import { commitsBeforeFailing, transaction } from '../db/transactions.js';
import { withCompany, withMasterAdmin } from '../db/with-company.js';
import { AppError } from '../errors.js';
import { asOneCall } from '../services/connection-guard.js';
import { t } from './init.js';

export const router = t.router;

/** The path of the first string holding a NUL character (PostgreSQL text cannot store one), or null. */
function findNulCharacter(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') || 'input' : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findNulCharacter(item, [...path, String(index)]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = findNulCharacter(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/** Every procedure starts here: input with a NUL character is refused, naming the field. */
export const publicProcedure = t.procedure.use(async ({ getRawInput, next, path }) => {
  const field = findNulCharacter(await getRawInput());
  if (field) throw new AppError('BAD_REQUEST', `${field} contains an invalid character`, { field });
  // One connection per call: while it holds one, the pool refuses it another (services/connection-guard.ts).
  return asOneCall(`tRPC ${path}`, () => next());
});

/** A valid session is proven to the compiler: ctx.session is non-null from here on. */
export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.session || !ctx.sessionId) throw new AppError('UNAUTHORIZED', 'Not authenticated');
  return next({ ctx: { session: ctx.session, sessionId: ctx.sessionId } });
});

const forbidden = () => new AppError('FORBIDDEN', 'You do not have permission to do this');

/**
 * Runs the rest of the procedure inside a tenant transaction and hands it ctx.db, never the
 * unscoped handle. A failed procedure rolls the whole transaction back.
 * - 'company': scoped by row-level security to the user's company (reads and writes);
 * - 'read': the same for staff; for a master admin, the audited cross-company read path
 *   (policies grant SELECT across companies, never writes).
 * Not for subscriptions: they re-enter withCompany for each read instead.
 */
const tenantScope = (mode: 'company' | 'read') =>
  t.middleware(async ({ ctx, next }) => {
    if (!ctx.session) throw new AppError('UNAUTHORIZED', 'Not authenticated');
    const tenant = { companyId: ctx.session.company.id, userId: ctx.session.user.id };
    // Who is asking and which rows they reach (server/src/db/scope.ts), beside the scoped db.
    const scope = scopeOf(ctx.session, mode);
    const { db: unscoped, ...services } = ctx.services;
    const run = async (db: Parameters<Parameters<typeof withCompany>[2]>[0]) => {
      const result = await next({ ctx: { db, services, scope } });
      // A database violation nobody mapped leaves as its AppError (server/src/db/pg-errors.ts), never as a 500.
      // A failure marked commitThenFail (db/transactions.ts) commits what it counted, then is answered.
      if (!result.ok && !commitsBeforeFailing(result.error)) throw toAppError(result.error) ?? result.error;
      return result;
    };
    if (mode === 'read' && ctx.session.isMasterAdmin) {
      return withMasterAdmin(unscoped, tenant, run, (message) => services.log.info(message));
    }
    return withCompany(unscoped, tenant, run);
  });

const allowRoles = (roles: readonly StaffRole[] | 'master_admin') =>
  t.middleware(({ ctx, next }) => {
    const session = ctx.session;
    const allowed = session?.isMasterAdmin || (roles !== 'master_admin' && session?.role != null && roles.includes(session.role));
    if (!allowed) throw forbidden();
    return next();
  });

/**
 * A visitor's call that reads or writes before any company applies (sign-up, sign-in, the
 * contact form, an invitation's token): one transaction with no company set, so row-level
 * security shows no company's rows, handed over as ctx.db; the unscoped handle is not.
 */
export const guestProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const { db: unscoped, ...services } = ctx.services;
  return transaction(unscoped, async (db) => {
    const result = await next({ ctx: { db, services } });
    if (!result.ok) throw commitsBeforeFailing(result.error) ? result.error : (toAppError(result.error) ?? result.error);
    return result;
  });
});

/** Any signed-in user, inside their company's tenant transaction. */
export const companyProcedure = authedProcedure.use(tenantScope('company'));

/**
 * The guard of every company procedure, read from the one permission table (shared/src/permissions.ts):
 * the roles listed for this action of this domain, inside the tenant transaction. A master admin
 * passes; their reads of the domains in MASTER_ADMIN_READS_EVERY_COMPANY go through the audited
 * cross-company read path, everything else stays in their own company.
 */
export const permittedProcedure = <D extends Domain>(domain: D, action: ActionOf<D>) =>
  authedProcedure
    .use(allowRoles(rolesFor(domain, action)))
    .use(tenantScope(action === 'read' && MASTER_ADMIN_READS_EVERY_COMPANY.includes(domain) ? 'read' : 'company'));

/** Master admins only; ctx.db reads across companies through the audited master-admin path. */
export const masterAdminProcedure = authedProcedure.use(allowRoles('master_admin')).use(tenantScope('read'));
