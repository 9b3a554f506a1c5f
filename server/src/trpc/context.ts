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
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index === -1) continue;
    if (part.slice(0, index).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      return null;
    }
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
    const base = { services, request: { ip, userAgent }, setCookie, socket: isHttp ? null : (res as WebSocket) };
    if (!sessionId) return { ...base, sessionId: null, session: null };
    // A session read in the last few seconds and not revoked since costs no round trip
    // (trpc/session-cache.ts), for a call or a socket that opens; reads of one session at the
    // same time are one read (a tab's sockets, thousands of channels reopening together).
    const cached = cache.get(sessionId);
    if (cached) {
      // The fingerprint (a SHA-256) only for a socket: a cached HTTP call needs none.
      if (!isHttp) services.sockets.track(sessionFingerprint(sessionId), res as WebSocket);
      return { ...base, sessionId, session: cached };
    }
    const fingerprint = sessionFingerprint(sessionId);
    const loaded = await cache.readOnce(sessionId, async (mark) => {
      const read = await loadSessionContext(services, sessionId);
      if (read) cache.set(mark, sessionId, fingerprint, read.session, read.endsAt);
      return read;
    });
    if (!loaded) {
      setCookie?.(services.lucia.createBlankSessionCookie().serialize());
      return { ...base, sessionId: null, session: null };
    }
    if (loaded.refreshedCookie) setCookie?.(loaded.refreshedCookie);
    if (!isHttp) services.sockets.track(fingerprint, res as WebSocket);
    return { ...base, sessionId, session: loaded.session };
  };
}
