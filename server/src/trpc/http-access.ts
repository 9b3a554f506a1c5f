import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Access, Permission } from '#shared/permissions.js';
import { API_KEY_TEXTS, apiKeyAllows } from '#shared/schemas/api-keys.js';
import type { SessionOutput } from '#shared/schemas/auth.js';
import { readApiKey, type ApiKeyActor } from '../auth/api-key-context.js';
import type { AppServices } from '../services/services.js';
import { admit, FORBIDDEN_TEXT, NOT_AUTHENTICATED } from './admission.js';
import { sessionReader, type ReadSession } from './context.js';
import { isApiPath, PROBLEM_CONTENT_TYPE, problemOfStatus } from './problem.js';

export type { Permission };
export { FORBIDDEN_TEXT, NOT_AUTHENTICATED };

/**
 * What a plain HTTP route (outside tRPC) asks of its caller, declared on the route itself
 * (`config: { access }`), so no route reads a cookie or checks a role by hand. The same Access as
 * a procedure's (shared/src/permissions.ts), checked by the same function (admission.ts, admit):
 * - `{ public: why }`: no session at all; the route proves its caller another way (a signed
 *   download link, a signed webhook, a probe) and says which;
 * - a permission of the table: a session (of a proven address unless the action lists
 *   'unverified') whom the table lists for that action, with the same answers as a procedure's
 *   guard. An action that lists 'driver' or 'carrier' (documents.upload) lets those portal
 *   accounts in, for the route to narrow to their own rows (a POD on their own load).
 */
export type RouteAccess = Access;

/** Who called a route whose access is a permission: set before its handler runs. */
export interface RouteCaller {
  sessionId: string;
  session: SessionOutput;
  /** A driver or carrier account, let in as such (the permission lists 'driver' or 'carrier'), not by a role. */
  isPortal: boolean;
  /** A call made with an API key instead of a session cookie (auth/api-key-context.ts): its writes name the key (markApiKeyCall). */
  apiKey?: ApiKeyActor;
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
      const refusal = await admitRequest(request, reply, access);
      // Under the REST API an error is a problem (RFC 9457), as every answer of /api/v1 (trpc/problem.ts).
      if (refusal && isApiPath(request.url))
        await reply
          .code(refusal.status)
          .header('content-type', PROBLEM_CONTENT_TYPE)
          .send(JSON.stringify(problemOfStatus(refusal.status, refusal.message)));
      else if (refusal) await reply.code(refusal.status).send({ error: { message: refusal.message } });
    };
    const existing = route.preHandler;
    route.preHandler = existing ? [guard, ...(Array.isArray(existing) ? existing : [existing])] : guard;
  });

  async function admitRequest(request: FastifyRequest, reply: FastifyReply, access: Permission) {
    const read = await readSession(request.headers.cookie);
    // No session, but an API key: the key's company integration, by the same table, narrowed by the key's scopes.
    if (read.sessionId === null && request.headers.authorization) {
      const keyed = await readApiKey(services, request.headers.authorization);
      if ('refusal' in keyed) return keyed.refusal;
      const admitted = admit(keyed.session, access);
      if ('refusal' in admitted) return { status: admitted.refusal.status, message: admitted.refusal.message };
      if (!apiKeyAllows(keyed.actor.scopes, access)) return { status: 403, message: API_KEY_TEXTS.outOfScope };
      request.caller = { sessionId: `api-key:${keyed.actor.id}`, session: keyed.session, isPortal: false, apiKey: keyed.actor };
      return null;
    }
    // The cookie is cleared or renewed as a tRPC call's would be.
    if (read.sessionId === null && read.ended) reply.header('set-cookie', services.lucia.createBlankSessionCookie().serialize());
    if (read.sessionId !== null && read.refreshedCookie) reply.header('set-cookie', read.refreshedCookie);
    // The one guard's decision, the same function as every procedure's (admission.ts).
    const admitted = admit(read.session, access);
    if ('refusal' in admitted) return { status: admitted.refusal.status, message: admitted.refusal.message };
    // admit() lets no call of a permission through without a session.
    const { sessionId, session } = read as Extract<ReadSession, { sessionId: string }>;
    request.caller = { sessionId, session, isPortal: admitted.grant === 'driver' || admitted.grant === 'carrier' };
    return null;
  }
  return table;
}

/** The caller of a route guarded by installRouteAccess (its preHandler ran, or the route is misdeclared). */
export function callerOf(request: FastifyRequest): RouteCaller {
  if (!request.caller) throw new Error(`${request.method} ${request.url}: no caller (is config.access a permission?)`);
  return request.caller;
}
