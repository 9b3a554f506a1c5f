import { granteesOf, readsEveryCompany, type Access, type ActionOf, type Domain, type PERMISSIONS } from '#shared/permissions.js';
import { API_KEY_TEXTS, apiKeyAllows } from '#shared/schemas/api-keys.js';
import type { SessionOutput } from '#shared/schemas/auth.js';
import { markApiKeyCall } from '../auth/api-key-context.js';
import type { Tx } from '../db/database.js';
import { toAppError } from '../db/pg-errors.js';
import { scopeOf, type Scope } from '../db/scope.js';
import { commitsBeforeFailing, transaction } from '../db/transactions.js';
import { withCompany, withMasterAdmin } from '../db/with-company.js';
import { AppError } from '../errors.js';
import { asOneCall } from '../services/connection-guard.js';
import type { AppServices } from '../services/services.js';
import { admit } from './admission.js';
import { t, type ProcedureMeta } from './init.js';
import { sessionCacheOf, writeMayChangeSessions } from './session-cache.js';

export type { ProcedureMeta } from './init.js';

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

/** What a call's own transaction leaves it of the services: everything but the pool (ctx.db is the transaction). */
type CallServices = Omit<AppServices, 'db'>;
/** A signed-in caller, proven to the compiler. */
interface Signed {
  session: SessionOutput;
  sessionId: string;
}
/** A visitor's call: a transaction with no company set, so row-level security shows no company's rows. */
interface GuestCtx {
  db: Tx;
  services: CallServices;
}
/** An unproven address's own call (sign out): its session, in a transaction with no company set. */
type AccountCtx = Signed & GuestCtx;
/** A member's call: inside their company's tenant transaction (or a master admin's audited read path), with its scope. */
type CompanyCtx = AccountCtx & { scope: Scope };

type GranteesOf<D extends Domain, A extends ActionOf<D>> = (typeof PERMISSIONS)[D][A] extends readonly (infer G)[] ? G : never;
/**
 * The actions the table grants an unproven address too ('unverified': self.session). They run with
 * no company set (such an account reaches no company data), so their ctx has no scope.
 */
type UnverifiedPermission = {
  [D in Domain]: { [A in ActionOf<D>]: 'unverified' extends GranteesOf<D, A> ? { domain: D; action: A } : never }[ActionOf<D>];
}[Domain];

export interface GuardOptions {
  /**
   * readOnly: the call only reads, in a READ ONLY transaction, so PostgreSQL refuses any write
   * there (db/database.ts, openingWith). Not for the master admin's audited read path.
   */
  readOnly?: boolean;
  /**
   * false: the call opens no transaction: a subscription (it lives as long as its socket, and
   * reads, if at all, per event), or a call that reads no table (who is signed in).
   */
  transaction?: boolean;
  /** A REST endpoint of the API (domains/api): its OpenAPI route, kept in the procedure's meta beside its access. */
  openapi?: ProcedureMeta['openapi'];
}

/**
 * The one guard: one middleware, the only one of every procedure, in this order:
 * 1. the access it checks must be the procedure's meta (a procedure not built by permitted(),
 *    or whose meta was overwritten, answers nothing);
 * 2. input with a NUL character is refused, naming the field; input nested too deep is refused;
 * 3. admission, from the permission table (admission.ts, the same function as every plain HTTP
 *    route's): the session, the proven address, the role or portal;
 * 4. the call's own transaction, handed over as ctx.db (never the unscoped pool): for a visitor
 *    or an unproven address one with no company set; for a member their company's tenant
 *    transaction, scoped by row-level security (ctx.scope beside it); for a master admin's reads
 *    of the domains that read every company (readsEveryCompany), the audited cross-company read
 *    path. A failed call rolls it back; a failure marked commitThenFail (db/transactions.ts)
 *    commits what it counted, then is answered; a database violation nobody mapped leaves as its
 *    AppError (db/pg-errors.ts), never as a 500;
 * 5. after a write, cached sessions it may have changed (role, company status, profile) are
 *    dropped here and on every other instance before it is answered.
 * One layer, not five: each middleware layer costs a call object and a context copy, on every call.
 */
function guard<Out extends object>(access: Access, options: GuardOptions) {
  const opening = { readOnly: options.readOnly === true };
  const opensTransaction = options.transaction !== false;
  const isPublic = 'public' in access;
  // Where the call's transaction runs (fixed per procedure): no company, the company, or every company for a master admin's read.
  const tenancy = isPublic || granteesOf(access.domain, access.action as never).includes('unverified') ? 'none' : 'company';
  const acrossCompanies = !isPublic && readsEveryCompany(access.domain, access.action as never);
  return t.middleware(async ({ ctx, next, getRawInput, meta, path, type }) => {
    if (meta?.access !== access) throw new Error(`${path}: its meta does not name the access its guard checks (build it with permitted())`);
    if (type === 'subscription' && opensTransaction)
      throw new Error(`${path}: a subscription opens no transaction ({ transaction: false })`);
    const problem = inspectInput(await getRawInput());
    if (problem && 'tooDeep' in problem) throw new AppError('BAD_REQUEST', INPUT_TOO_DEEP);
    if (problem) throw new AppError('BAD_REQUEST', `${problem.nulAt} contains an invalid character`, { field: problem.nulAt });
    const proceed = (overrides: object) => next({ ctx: overrides as Out });
    // One connection per call: while it holds one, the pool refuses it another (services/connection-guard.ts).
    const result = await asOneCall(`tRPC ${path}`, async () => {
      const admitted = admit(ctx.session, access);
      if ('refusal' in admitted) throw new AppError(admitted.refusal.code, admitted.refusal.message);
      // An API key's call: its scopes narrow what the table allows its session (auth/api-key-context.ts).
      if (ctx.apiKey && !apiKeyAllows(ctx.apiKey.scopes, access)) throw new AppError('FORBIDDEN', API_KEY_TEXTS.outOfScope);
      // admit() let no call without a session through but a public one's (which reads neither below).
      const session = ctx.session as SessionOutput;
      const signed = isPublic ? {} : { session, sessionId: ctx.sessionId as string };
      if (!opensTransaction) return proceed(signed);
      const { db: unscoped, ...services } = ctx.services;
      const scope = tenancy === 'company' ? { scope: scopeOf(session, acrossCompanies ? 'read' : 'company') } : {};
      const run = async (db: Tx) => {
        if (ctx.apiKey && type === 'mutation') await markApiKeyCall(db, ctx.apiKey.id);
        const outcome = await proceed({ ...signed, db, services, ...scope });
        if (!outcome.ok && !commitsBeforeFailing(outcome.error)) throw toAppError(outcome.error) ?? outcome.error;
        return outcome;
      };
      if (tenancy === 'none') return transaction(unscoped, run);
      const tenant = { companyId: session.company.id, userId: session.user.id };
      if (acrossCompanies && session.isMasterAdmin) return withMasterAdmin(unscoped, tenant, run, (message) => services.log.info(message));
      return withCompany(unscoped, tenant, run, opening);
    });
    if (type === 'mutation' && writeMayChangeSessions(access)) await sessionCacheOf(ctx.services.bus).afterWrite(ctx.session);
    return result;
  });
}

const guarded = <Out extends object>(access: Access, options: GuardOptions) =>
  t.procedure.meta(options.openapi ? { access, openapi: options.openapi } : { access }).use(guard<Out>(access, options));
type Guarded<Out extends object> = ReturnType<typeof guarded<Out>>;

/**
 * The one builder of every procedure: its access is one action of the permission table
 * (shared/src/permissions.ts), `permitted('loads', 'read')`, or public, `permitted({ public: why })`
 * with `why` naming how the caller proves itself instead (a password, a mailed token). The
 * access becomes the procedure's meta (the authorization matrix checks every procedure has it)
 * and its one guard's (above). ctx then holds what the access proves: ctx.session and ctx.sessionId
 * for a signed-in caller, ctx.db (the call's transaction) and, for a member, ctx.scope.
 */
export function permitted(access: { public: string }, options: { transaction: false }): Guarded<Record<never, never>>;
export function permitted(access: { public: string }): Guarded<GuestCtx>;
export function permitted<D extends Domain, A extends ActionOf<D>>(
  domain: D,
  action: A,
  options: { transaction: false; openapi?: ProcedureMeta['openapi'] },
): Guarded<Signed>;
export function permitted<D extends UnverifiedPermission['domain'], A extends Extract<UnverifiedPermission, { domain: D }>['action']>(
  domain: D,
  action: A,
): Guarded<AccountCtx>;
export function permitted<D extends Domain, A extends ActionOf<D>>(
  domain: D,
  action: A,
  options?: { readOnly?: boolean; openapi?: ProcedureMeta['openapi'] },
): Guarded<CompanyCtx>;
export function permitted(first: Domain | { public: string }, second?: string | GuardOptions, third?: GuardOptions): unknown {
  if (typeof first === 'object') return guarded({ public: first.public }, (second as GuardOptions | undefined) ?? {});
  return guarded({ domain: first, action: second } as Access, third ?? {});
}

/** A hot read's output validator, the same in every environment (trpc/output.ts). */
export { wireOutput } from './output.js';
