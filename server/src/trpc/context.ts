import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { SessionOutput } from '#shared/schemas/auth.js';
import type { AppServices } from '../services/services.js';
import { sessionCookieName } from '../services/lucia.js';
import { loadSessionContext } from '../auth/session-context.js';
import type { RequestInfo } from '../auth/request-info.js';
import type { ApiKeyActor } from '../auth/api-key-context.js';
import { sessionCacheOf } from './session-cache.js';

export interface Context {
  services: AppServices;
  request: RequestInfo;
  sessionId: string | null;
  session: SessionOutput | null;
  /** Present on HTTP requests; WebSocket connections cannot set cookies. */
  setCookie: ((serialized: string) => void) | null;
  socket: WebSocket | null;
  /** A call made with an API key (the REST API, domains/api): the key, whose scopes narrow the session's permissions (auth/api-key-context.ts). */
  apiKey?: ApiKeyActor | null;
}

export function sessionFingerprint(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex').slice(0, 32);
}

/** The cookie's value, or null; a value that is not valid percent-encoding is no cookie (never a failed call). */
export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  // Each ';'-separated part in turn, as header.split(';') would give them, without the array and a copy of every part.
  for (let start = 0; start <= header.length;) {
    const semicolon = header.indexOf(';', start);
    const end = semicolon === -1 ? header.length : semicolon;
    const index = header.indexOf('=', start);
    if (index !== -1 && index < end && header.slice(start, index).trim() === name) {
      try {
        return decodeURIComponent(header.slice(index + 1, end).trim());
      } catch {
        return null;
      }
    }
    if (semicolon === -1) break;
    start = semicolon + 1;
  }
  return null;
}

type HttpOrSocket = { req: FastifyRequest; res: FastifyReply } | { req: IncomingMessage; res: WebSocket };

/** Who a request's cookie header belongs to (SessionReader): a session, none, or one that has ended (its cookie is cleared). */
export type ReadSession =
  | { sessionId: string; session: SessionOutput; fingerprint: string | null; refreshedCookie: string | null }
  | { sessionId: null; session: null; ended: boolean };

/**
 * The one way anything learns who is calling from a request's Cookie header: the tRPC context
 * (HTTP and WebSocket) and every plain HTTP route (httpCaller below). The cookie's name comes from
 * the configuration (`__Host-hw_session` in production, `hw_session` elsewhere), so no route names
 * a cookie itself, and a plain `hw_session` planted beside a production cookie is no session.
 */
export function sessionReader(services: AppServices) {
  const cookieName = sessionCookieName(services.config);
  const cache = sessionCacheOf(services.bus);
  return async (cookieHeader: string | undefined): Promise<ReadSession> => {
    const sessionId = readCookie(cookieHeader, cookieName);
    if (!sessionId) return { sessionId: null, session: null, ended: false };
    // A session read in the last few seconds and not revoked since costs no round trip
    // (trpc/session-cache.ts); reads of one session at the same time are one read (a tab's
    // sockets, thousands of channels reopening together).
    const cached = cache.get(sessionId);
    if (cached) return { sessionId, session: cached, fingerprint: null, refreshedCookie: null };
    const fingerprint = sessionFingerprint(sessionId);
    const loaded = await cache.readOnce(sessionId, async (mark) => {
      const read = await loadSessionContext(services, sessionId);
      if (read) cache.set(mark, sessionId, fingerprint, read.session, read.endsAt);
      return read;
    });
    if (!loaded) return { sessionId: null, session: null, ended: true };
    return { sessionId, session: loaded.session, fingerprint, refreshedCookie: loaded.refreshedCookie };
  };
}

/**
 * The client's address of a WebSocket upgrade as Fastify saw it (request.ip, which honours
 * TRUST_PROXY), kept by the upgrade route for the tRPC context: the adapter hands the context the
 * raw Node request, whose socket address behind a load balancer is the balancer's.
 */
const upgradeAddresses = new WeakMap<IncomingMessage, string>();
export function rememberClientAddress(request: FastifyRequest): void {
  upgradeAddresses.set(request.raw, request.ip);
}

export function contextFactory(services: AppServices) {
  const readSession = sessionReader(services);
  return async ({ req, res }: HttpOrSocket): Promise<Context> => {
    // Over WebSocket the adapter hands over the raw Node request.
    const headers = req.headers;
    const isHttp = 'raw' in req;
    const ip = isHttp ? req.ip : (upgradeAddresses.get(req) ?? req.socket.remoteAddress ?? 'unknown');
    const userAgent = typeof headers['user-agent'] === 'string' ? headers['user-agent'] : null;
    const setCookie = isHttp ? (serialized: string) => void (res as FastifyReply).header('set-cookie', serialized) : null;
    const socket = isHttp ? null : (res as WebSocket);
    const request = { ip, userAgent };
    const read = await readSession(headers.cookie);
    if (read.sessionId === null) {
      if (read.ended) setCookie?.(services.lucia.createBlankSessionCookie().serialize());
      return { services, request, setCookie, socket, sessionId: null, session: null };
    }
    if (read.refreshedCookie) setCookie?.(read.refreshedCookie);
    if (socket) services.sockets.track(read.fingerprint ?? sessionFingerprint(read.sessionId), socket);
    return { services, request, setCookie, socket, sessionId: read.sessionId, session: read.session };
  };
}
