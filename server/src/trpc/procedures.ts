import type { StaffRole } from '#shared/constants.js';
import { MASTER_ADMIN_READS_EVERY_COMPANY, rolesFor, type ActionOf, type Domain } from '#shared/permissions.js';
import { VERIFICATION_TEXTS } from '#shared/schemas/verification.js';
import { toAppError } from '../db/pg-errors.js';
import { scopeOf } from '../db/scope.js';
import { commitsBeforeFailing, transaction } from '../db/transactions.js';
import { withCompany, withMasterAdmin } from '../db/with-company.js';
import { AppError } from '../errors.js';
import { asOneCall } from '../services/connection-guard.js';
import { t } from './init.js';
import { sessionCacheOf } from './session-cache.js';

export const router = t.router;

/** How deep an input may nest: every form of the app stays within a few levels. */
export const MAX_INPUT_DEPTH = 16;

export const INPUT_TOO_DEEP = `Input is nested too deeply (more than ${MAX_INPUT_DEPTH} levels)`;

interface Visit {
  value: unknown;
  key: string | null;
  parent: Visit | null;
  depth: number;
}

const pathOf = (visit: Visit): string => {
  const keys: string[] = [];
  for (let at: Visit | null = visit; at && at.key !== null; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.') || 'input';
};

/**
 * Walks the raw input once, iteratively (no recursion, no path copied per level): the path of
 * the first string holding a NUL character (PostgreSQL text cannot store one), 'too deep' past
 * MAX_INPUT_DEPTH levels, or null. Linear in the input's size, so deep input costs no more than wide.
 */
export function inspectInput(input: unknown): { nulAt: string } | { tooDeep: true } | null {
  // Most inputs are one flat object ({ id }, a list's filters): nothing to walk when no value is an object or a string with NUL.
  if (typeof input === 'object' && input !== null && !Array.isArray(input)) {
    let flat = true;
    for (const key in input) {
      if (!Object.hasOwn(input, key)) continue;
      const value = (input as Record<string, unknown>)[key];
      if (typeof value === 'string' ? value.includes('\u0000') : typeof value === 'object' && value !== null) {
        flat = false;
        break;
      }
    }
    if (flat) return null;
  }
  const stack: Visit[] = [{ value: input, key: null, parent: null, depth: 0 }];
  while (stack.length > 0) {
    const visit = stack.pop() as Visit;
    const { value, depth } = visit;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return { nulAt: pathOf(visit) };
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    if (depth >= MAX_INPUT_DEPTH) return { tooDeep: true };
    const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : Object.entries(value);
    // Pushed in reverse, so fields are met in their order (the first bad field is the one named).
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [key, item] = entries[index] as readonly [string, unknown];
      stack.push({ value: item, key, parent: visit, depth: depth + 1 });
    }
  }
  return null;
}

/** Every procedure starts here: input with a NUL character is refused, naming the field; input nested too deep is refused. */
export const publicProcedure = t.procedure.use(async ({ ctx, getRawInput, next, path, type }) => {
  const problem = inspectInput(await getRawInput());
  if (problem && 'tooDeep' in problem) throw new AppError('BAD_REQUEST', INPUT_TOO_DEEP);
  if (problem) throw new AppError('BAD_REQUEST', `${problem.nulAt} contains an invalid character`, { field: problem.nulAt });
  // One connection per call: while it holds one, the pool refuses it another (services/connection-guard.ts).
  const result = await asOneCall(`tRPC ${path}`, () => next());
  // A write may have changed who a session is (role, company status, profile): cached sessions
  // it may touch are dropped here and on every other instance before it is answered.
  if (type === 'mutation') await sessionCacheOf(ctx.services.bus).afterWrite(ctx.session);
  return result;
});

/**
 * A valid session, whether or not its address is verified: only for what an unverified account
 * may do (watch its session, sign out, ask for a new verification link). Everything else is
 * authedProcedure.
 */
export const sessionProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.session || !ctx.sessionId) throw new AppError('UNAUTHORIZED', 'Not authenticated');
  return next({ ctx: { session: ctx.session, sessionId: ctx.sessionId } });
});

/**
 * A valid session of a verified address is proven to the compiler: ctx.session is non-null from
 * here on. An account that has not proven its address reaches no company data (issue 10, item 1).
 */
export const authedProcedure = sessionProcedure.use(({ ctx, next }) => {
  if (!ctx.session.emailVerified) throw new AppError('FORBIDDEN', VERIFICATION_TEXTS.required);
  return next();
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

/**
 * A signed-in account's own call that needs no verified address (sign out, a new verification
 * link): one transaction with no company set, like a guest's, handed over as ctx.db.
 */
export const accountProcedure = sessionProcedure.use(async ({ ctx, next }) => {
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
 * The checks of authedProcedure, the role guard and the tenant scope run as one middleware (the
 * same checks, in the same order, with the same errors): each middleware layer costs a call
 * object and a context copy, on every call.
 */
export const permittedProcedure = <D extends Domain>(
  domain: D,
  action: ActionOf<D>,
  /**
   * readOnly: the call only reads, in a READ ONLY transaction, so PostgreSQL refuses any write
   * there (db/database.ts, openingWith). Not for the master admin's audited read path.
   */
  options: { readOnly?: boolean } = {},
) => {
  const roles = rolesFor(domain, action);
  const opening = { readOnly: options.readOnly === true };
  const mode = action === 'read' && MASTER_ADMIN_READS_EVERY_COMPANY.includes(domain) ? 'read' : 'company';
  return publicProcedure.use(async ({ ctx, next }) => {
    const { session, sessionId } = ctx;
    if (!session || !sessionId) throw new AppError('UNAUTHORIZED', 'Not authenticated');
    if (!session.emailVerified) throw new AppError('FORBIDDEN', VERIFICATION_TEXTS.required);
    if (!session.isMasterAdmin && (session.role == null || !roles.includes(session.role))) throw forbidden();
    const tenant = { companyId: session.company.id, userId: session.user.id };
    const scope = scopeOf(session, mode);
    const { db: unscoped, ...services } = ctx.services;
    const run = async (db: Parameters<Parameters<typeof withCompany>[2]>[0]) => {
      const result = await next({ ctx: { session, sessionId, db, services, scope } });
      if (!result.ok && !commitsBeforeFailing(result.error)) throw toAppError(result.error) ?? result.error;
      return result;
    };
    if (mode === 'read' && session.isMasterAdmin) {
      return withMasterAdmin(unscoped, tenant, run, (message) => services.log.info(message));
    }
    return withCompany(unscoped, tenant, run, opening);
  });
};

/** A hot read's output validator, the same in every environment (trpc/output.ts). */
export { wireOutput } from './output.js';

/** Master admins only; ctx.db reads across companies through the audited master-admin path. */
export const masterAdminProcedure = authedProcedure.use(allowRoles('master_admin')).use(tenantScope('read'));
