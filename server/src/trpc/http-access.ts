import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { can, type ActionOf, type Domain } from '#shared/permissions.js';
import type { SessionOutput } from '#shared/schemas/auth.js';
import { VERIFICATION_TEXTS } from '#shared/schemas/verification.js';
import type { AppServices } from '../services/services.js';
import { sessionReader } from './context.js';

/** One action of one domain of the permission table (shared/src/permissions.ts). */
export type Permission = { [D in Domain]: { domain: D; action: ActionOf<D> } }[Domain];

/**
 * What a plain HTTP route (outside tRPC) asks of its caller, declared on the route itself
 * (`config: { access }`), so no route reads a cookie or checks a role by hand:
 * - `{ public: why }`: no session at all; the route proves its caller another way (a signed
 *   download link, a signed webhook, a probe) and says which;
 * - a permission: a session of a verified address, in a company, whose role the permission table
 *   lists for that action (a master admin passes), exactly as permittedProcedure checks a
 *   procedure, with the same answers; `portal: true` lets a driver or carrier account in too, for
 *   the route to narrow to their own rows (a POD on their own load).
 */
export type RouteAccess = { public: string } | (Permission & { portal?: true });

/** Who called a route whose access is a permission: set before its handler runs. */
export interface RouteCaller {
  sessionId: string;
  session: SessionOutput;
  /** A driver or carrier account let in by `portal: true`, not a role the permission lists. */
  isPortal: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    caller: RouteCaller | null;
  }
  interface FastifyInstance {
    /** Every plain HTTP route's declared access, by "METHOD /path" (installRouteAccess). */
    routeAccess: RouteTable;
  }
}

export const NOT_AUTHENTICATED = 'Not authenticated';
export const FORBIDDEN_TEXT = 'You do not have permission to do this';
export const COMPANY_MISSING = 'Company ID not found';

/** Every route under these prefixes must declare its access (a route without one refuses to start). */
const GUARDED_PREFIXES = ['/api/', '/files/'];

/** The routes and what each asks, as registered: the authorization matrix reads it (tests). */
export type RouteTable = Map<string, RouteAccess>;

/**
 * Installs the one gate of plain HTTP routes on the app: at start, every route under /api/ or
 * /files/ must declare `config.access` (so a future route cannot forget); on every request to a
 * route with a permission, the session is read by the same reader as the tRPC context and checked
 * before the handler runs, which finds its caller in `request.caller`.
 */
export function installRouteAccess(app: FastifyInstance, services: AppServices): RouteTable {
  const readSession = sessionReader(services);
  const table: RouteTable = new Map();
  app.decorateRequest('caller', null);
  app.decorate('routeAccess', table);
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!access) {
      if (GUARDED_PREFIXES.some((prefix) => route.url.startsWith(prefix)))
        throw new Error(`Route ${methods.join(',')} ${route.url} declares no config.access (server/src/trpc/http-access.ts)`);
      return;
    }
    for (const method of methods) if (method !== 'HEAD') table.set(`${method} ${route.url}`, access);
    if ('public' in access) return;
    const guard = async (request: FastifyRequest, reply: FastifyReply) => {
      const refusal = await admit(request, reply, access);
      if (refusal) await reply.code(refusal.status).send({ error: { message: refusal.message } });
    };
    const existing = route.preHandler;
    route.preHandler = existing ? [guard, ...(Array.isArray(existing) ? existing : [existing])] : guard;
  });

  async function admit(request: FastifyRequest, reply: FastifyReply, access: Permission & { portal?: true }) {
    const read = await readSession(request.headers.cookie);
    // The cookie is cleared or renewed as a tRPC call's would be.
    if (read.sessionId === null) {
      if (read.ended) reply.header('set-cookie', services.lucia.createBlankSessionCookie().serialize());
      return { status: 401, message: NOT_AUTHENTICATED };
    }
    const { session, sessionId } = read;
    if (read.refreshedCookie) reply.header('set-cookie', read.refreshedCookie);
    if (!session.emailVerified) return { status: 403, message: VERIFICATION_TEXTS.required };
    if (!session.company?.id) return { status: 400, message: COMPANY_MISSING };
    const permitted = can(session, access.domain, access.action as never);
    const isPortal = !permitted && access.portal === true && session.role === null && session.portal !== null;
    if (!permitted && !isPortal) return { status: 403, message: FORBIDDEN_TEXT };
    request.caller = { sessionId, session, isPortal };
    return null;
  }
  return table;
}

/** The caller of a route guarded by installRouteAccess (its preHandler ran, or the route is misdeclared). */
export function callerOf(request: FastifyRequest): RouteCaller {
  if (!request.caller) throw new Error(`${request.method} ${request.url}: no caller (is config.access a permission?)`);
  return request.caller;
}
