import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { SessionOutput } from '#shared/schemas/auth.js';
import type { AppServices } from '../services/services.js';
import { sessionCookieName } from '../auth/lucia.js';
import { loadSessionContext } from '../auth/session-context.js';
import { sessionCacheOf } from './session-cache.js';

export interface RequestInfo {
  ip: string;
  userAgent: string | null;
}

export interface Context {
  services: AppServices;
  request: RequestInfo;
  sessionId: string | null;
  session: SessionOutput | null;
  /** Present on HTTP requests; WebSocket connections cannot set cookies. */
  setCookie: ((serialized: string) => void) | null;
  socket: WebSocket | null;
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

export function contextFactory(services: AppServices) {
  const cookieName = sessionCookieName(services.config);
  const cache = sessionCacheOf(services.bus);
  return async ({ req, res }: HttpOrSocket): Promise<Context> => {
    // Over WebSocket the adapter hands over the raw Node request.
    const headers = req.headers;
    const isHttp = 'raw' in req;
    const ip = isHttp ? req.ip : (req.socket.remoteAddress ?? 'unknown');
    const userAgent = typeof headers['user-agent'] === 'string' ? headers['user-agent'] : null;
    const sessionId = readCookie(headers.cookie, cookieName);
    const setCookie = isHttp ? (serialized: string) => void (res as FastifyReply).header('set-cookie', serialized) : null;
    const socket = isHttp ? null : (res as WebSocket);
    const request = { ip, userAgent };
    // Each answer is one object literal (no base object copied into it), its fields always in this order.
    if (!sessionId) return { services, request, setCookie, socket, sessionId: null, session: null };
    // A session read in the last few seconds and not revoked since costs no round trip
    // (trpc/session-cache.ts), for a call or a socket that opens; reads of one session at the
    // same time are one read (a tab's sockets, thousands of channels reopening together).
    const cached = cache.get(sessionId);
    if (cached) {
      // The fingerprint (a SHA-256) only for a socket: a cached HTTP call needs none.
      if (!isHttp) services.sockets.track(sessionFingerprint(sessionId), res as WebSocket);
      return { services, request, setCookie, socket, sessionId, session: cached };
    }
    const fingerprint = sessionFingerprint(sessionId);
    const loaded = await cache.readOnce(sessionId, async (mark) => {
      const read = await loadSessionContext(services, sessionId);
      if (read) cache.set(mark, sessionId, fingerprint, read.session, read.endsAt);
      return read;
    });
    if (!loaded) {
      setCookie?.(services.lucia.createBlankSessionCookie().serialize());
      return { services, request, setCookie, socket, sessionId: null, session: null };
    }
    if (loaded.refreshedCookie) setCookie?.(loaded.refreshedCookie);
    if (!isHttp) services.sockets.track(fingerprint, res as WebSocket);
    return { services, request, setCookie, socket, sessionId, session: loaded.session };
  };
}
