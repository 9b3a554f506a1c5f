import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { existsSync } from 'node:fs';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import type { TRPCError } from '@trpc/server';
import type { FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { getWSConnectionHandler, handleKeepAlive } from '@trpc/server/adapters/ws';
import { sql } from 'kysely';
import { BUSY_MESSAGE, databaseUnavailableMessage } from './db/database.js';
import { documentRoutes } from './domains/documents/documents.routes.js';
import { AppError } from './errors.js';
import { CLIENT_DIST_DIR } from './paths.js';
import { prerenderedPages } from './prerendered-pages.js';
import type { AppServices } from './services/services.js';
import { Admission, admitRequest } from './services/admission.js';
import { FloodGuard } from './services/rate-limit-http.js';
import { installSocketGuard, SHUTDOWN_CLOSE_CODE, SocketGuard, type RefuseFn } from './services/sockets.js';
import { appRouter, type AppRouter } from './app-router.js';
import { contextFactory, rememberClientAddress } from './trpc/context.js';
import { installRouteAccess } from './trpc/http-access.js';
import { trpcHttpPlugin } from './trpc/http.js';
import { errorShapeOf } from './trpc/init.js';

/** The demo workspace of this start: none asked for, being written after listening, in, or failed. */
export type DemoSeedState = 'none' | 'seeding' | 'ready' | 'failed';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Same-origin means the browser's Origin names this very host, or the configured public origin. */
export function isSameOrigin(request: FastifyRequest, appOrigin: string | undefined): boolean {
  const origin = request.headers.origin;
  if (!origin) return request.headers['sec-fetch-site'] !== 'cross-site';
  if (appOrigin && origin === new URL(appOrigin).origin) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/** A request's address without its query. */
function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * A URL as request logs may show it: the secret parts (an invitation's /invite/<token>, any
 * token, code, challenge or tRPC input in the query) replaced by [redacted].
 */
export function redactUrl(url: string): string {
  const [pathname = '', query] = url.split(/\?(.*)/s, 2);
  const safePath = pathname.replace(/\/(invite|verify-email|reset-password|pay|track)\/[^/?#]+/gi, '/$1/[redacted]');
  if (query === undefined) return safePath;
  const safeQuery = query.replace(/(^|&)((?:[^&=]*token[^&=]*|code|challenge|input|key|signature)=)[^&]*/gi, '$1$2[redacted]');
  return `${safePath}?${safeQuery}`;
}

/** The headers helmet sets with these options, as [name, value] pairs: helmet run once on a response that only records them. */
export function securityHeadersOf(options: HelmetOptions): (readonly [string, string])[] {
  const headers: (readonly [string, string])[] = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => void headers.push([name, String(value)]),
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
  });
  return headers;
}

/** Fastify's trustProxy: a hop count as its function (the n proxies nearest the app are believed). */
function trustProxyOption(setting: false | number | string[]): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}

export async function buildApp(
  services: AppServices,
  options: {
    logger?: boolean;
    /** Where request logs go (stdout by default; tests read them). */ logStream?: { write: (line: string) => void };
    /** Where the demo workspace's seeding stands, when this start seeds it after listening (main.ts). */
    demo?: () => DemoSeedState;
  } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger
      ? {
          level: services.config.LOG_LEVEL,
          ...(options.logStream ? { stream: options.logStream } : {}),
          // Tokens (invitation links, verification links, ?token=) and tRPC inputs never reach the logs.
          serializers: { req: (request) => ({ method: request.method, url: redactUrl(request.url) }) },
        }
      : false,
    // TRUST_PROXY (config.ts): off, a hop count or the proxies' addresses; never "any client".
    trustProxy: trustProxyOption(services.config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    // Deadlines: a request is received and answered within this, or it gets a 503 (WebSocket messages: SocketGuard).
    handlerTimeout: services.config.REQUEST_TIMEOUT_MS,
    requestTimeout: services.config.REQUEST_TIMEOUT_MS,
    // A tRPC batch names every procedure in the path ("loads.list,drivers.list,..."): room for MAX_BATCH_SIZE of them.
    routerOptions: { maxParamLength: 8192 },
  });
  const { config } = services;

  // The security headers, computed once at start: @fastify/helmet rebuilt helmet's whole
  // configuration (the CSP directives parsed again) on every request, about 2% of a call's CPU.
  const securityHeaders = securityHeadersOf({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity: services.config.NODE_ENV === 'production',
    crossOriginEmbedderPolicy: false,
  });
  // Per IP, sized for an office behind one NAT address (services/rate-limit-http.ts). Every route is
  // limited but those whose config says `rateLimit: false` (the health checks below: static
  // addresses only) and requests no route answers (the not-found handler), as @fastify/rate-limit did.
  const floodGuard = new FloodGuard(config.RATE_LIMIT_PER_MINUTE, 60_000);
  const unlimited = new Set<string>();
  app.addHook('onRoute', (route) => {
    const setting = (route.config as { rateLimit?: unknown } | undefined)?.rateLimit;
    if (setting === undefined || setting === null) return;
    if (setting !== false) throw new Error(`Route ${route.url}: config.rateLimit may only be false`);
    if (/[:*]/.test(route.url)) throw new Error(`Route ${route.url}: only a static address may opt out of the rate limit`);
    unlimited.add(route.url);
  });

  // On shutdown every socket is told why before the server closes (the plugin's own preClose follows).
  app.addHook('preClose', (done) => {
    for (const client of app.websocketServer.clients) client.close(SHUTDOWN_CLOSE_CODE, 'Server is shutting down');
    done();
  });
  await app.register(websocket, { options: { maxPayload: 1024 * 1024 } });
  // Admission control (services/admission.ts): past MAX_CONCURRENT_REQUESTS calls in progress, or
  // while calls take over BUSY_LATENCY_MS on average, a call is answered 503 "busy" at once.
  const admission = new Admission({ maxInFlight: config.MAX_CONCURRENT_REQUESTS, busyLatencyMs: config.BUSY_LATENCY_MS });
  // Every request's checks in one synchronous hook, in this order: the security headers; the
  // origin check (cookie sessions make cross-site requests dangerous: writes and WebSocket upgrades
  // from other origins are refused); admission control; the per-address rate limit. One callback
  // hook instead of three and the plugin's async one: no promise and no hook step per check.
  // Registered after the websocket plugin, whose own hook must see (and close) refused upgrades.
  app.addHook('onRequest', (request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of securityHeaders) raw.setHeader(name, value);
    const isUpgrade = request.headers.upgrade?.toLowerCase() === 'websocket';
    if ((isUpgrade || !SAFE_METHODS.has(request.method)) && !isSameOrigin(request, services.config.APP_ORIGIN)) {
      void reply.code(403).send({ error: 'Cross-origin request refused' });
      return;
    }
    if (!admitRequest(admission, request, reply)) return;
    if (!request.is404 && !(unlimited.size > 0 && unlimited.has(pathOf(request.url)))) {
      const refusal = floodGuard.hit(request.ip);
      if (refusal) {
        void reply.code(refusal.statusCode).headers(refusal.headers).send(refusal.body);
        return;
      }
    }
    done();
  });

  const createContext = contextFactory(services);
  const onError = ({ error, path: procedurePath }: { error: TRPCError; path?: string | undefined }) => {
    if (error.code !== 'INTERNAL_SERVER_ERROR') return;
    const unavailable = databaseUnavailableMessage(error.cause);
    if (unavailable) services.log.warn(`tRPC ${procedurePath ?? '?'}: ${error.cause?.message ?? unavailable}`);
    else services.log.error(`tRPC ${procedurePath ?? '?'} failed`, error.cause ?? error);
  };
  // @trpc/server's own Fastify adapter, with JSON answers sent in one write by an onSend hook (trpc/http.ts).
  await app.register(trpcHttpPlugin<AppRouter>, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext,
      onError,
      maxBatchSize: config.MAX_BATCH_SIZE,
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });

  // tRPC over WebSocket on the same path, behind a guard that bounds batches, subscriptions,
  // message rate and time per message (services/sockets.ts).
  const onConnection = getWSConnectionHandler<AppRouter>({ wss: app.websocketServer, router: appRouter, createContext, onError });
  // A refusal carries the error shape tRPC's own answers do (trpc/init.ts, errorShapeOf).
  const refuse: RefuseFn = (id, code, message) => JSON.stringify({ id, error: errorShapeOf(new AppError(code, message)) });
  const socketLimits = {
    maxBatchSize: config.MAX_BATCH_SIZE,
    maxSubscriptions: config.WS_MAX_SUBSCRIPTIONS,
    maxMessagesPerMinute: config.WS_MAX_MESSAGES_PER_MINUTE,
    timeoutMs: config.REQUEST_TIMEOUT_MS,
  };
  app.get('/trpc', { websocket: true }, (socket, request) => {
    rememberClientAddress(request);
    const guard = new SocketGuard(socket, socketLimits, refuse);
    installSocketGuard(socket, guard, () => onConnection(socket, request.raw));
    handleKeepAlive(socket, 30_000, 5_000);
  });

  // The one gate of the plain HTTP routes below (trpc/http-access.ts): each declares its access.
  installRouteAccess(app, services);
  // Document uploads (multipart) and signed downloads of files on disk.
  await documentRoutes(app, services);
  await app.register((await import('./domains/export/export.routes.js')).exportPlugin(services)); // POST /api/export (streamed data export)
  await app.register((await import('./domains/invoices/payment-webhook.routes.js')).paymentWebhookPlugin(services)); // POST /api/payments/airwallex/webhook (signed)
  await app.register((await import('./domains/imports/imports.routes.js')).importsPlugin(services)); // POST /api/imports (a CSV to import)
  await app.register((await import('./domains/rate-cons/rate-cons.routes.js')).rateConsPlugin(services)); // POST /api/rate-confirmations/extract and /api/v1/… (a rate con read into a load's fields)
  await app.register((await import('./domains/api/api.routes.js')).apiPlugin(services)); // the REST API: /api/v1/* (API keys), /api/v1/openapi.json, /api/docs

  // Probes are never rate limited: a load balancer or a busy office behind one address must not take a healthy instance out.
  app.get('/health/live', { config: { rateLimit: false } }, async () => ({ status: 'ok' }));
  app.get('/health/ready', { config: { rateLimit: false } }, async (_request, reply) => {
    try {
      await sql`select 1`.execute(services.db);
      return { status: 'ok', database: 'ok' };
    } catch (error) {
      const busy = databaseUnavailableMessage(error) === BUSY_MESSAGE;
      return reply.code(503).send({ status: 'unavailable', database: busy ? 'busy' : 'unreachable' });
    }
  });

  // Demo data follows the start in the background: 200 once it is in (or when none is seeded), 503
  // while it is being written, so a script that signs in as a demo account waits for this, not /health/ready.
  app.get('/health/demo', { config: { rateLimit: false } }, async (_request, reply) => {
    const demo = options.demo?.() ?? 'none';
    return reply.code(demo === 'seeding' || demo === 'failed' ? 503 : 200).send({ demo });
  });

  // An ended session closes its open sockets (after its subscriptions had a moment to say so).
  const stopListening = services.bus.onEvent((event) => {
    if (event.table === 'sessions' && event.op === 'DELETE' && event.session) {
      const fingerprint = event.session;
      setTimeout(() => services.sockets.closeSession(fingerprint), 500).unref();
    }
  });
  app.addHook('onClose', async () => stopListening());

  const clientDist = services.config.CLIENT_DIST_DIR ? path.resolve(services.config.CLIENT_DIST_DIR) : CLIENT_DIST_DIR;
  if (existsSync(clientDist)) {
    await app.register(fastifyStatic, {
      root: clientDist,
      wildcard: false,
      index: false,
      // The .br and .gz copies written at build (scripts/compress-assets.ts), as the browser accepts them.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => reply.header('cache-control', cacheControlFor(clientDist, filePath)),
    });
    const prerendered = prerenderedPages(clientDist); // the public pages' HTML rendered at build (scripts/prerender.ts)
    app.setNotFoundHandler((request, reply) => {
      const isApi = request.url.startsWith('/trpc') || request.url.startsWith('/health');
      if ((request.method === 'GET' || request.method === 'HEAD') && !isApi) {
        // A script's fetch (the service worker caching the app shell at install: Sec-Fetch-Dest empty)
        // gets the app itself, never a prerendered page, which loads the app only when used.
        const page = request.headers['sec-fetch-dest'] === 'empty' ? null : prerendered(request.url);
        return reply.header('cache-control', 'no-cache').sendFile(page ?? 'index.html');
      }
      return reply.code(404).send({ error: 'Not found' });
    });
  } else {
    // No built client (tests, an API-only server): still our own 404, whose log line is the
    // redacted request line, never Fastify's default "Route GET:<raw url> not found".
    app.setNotFoundHandler((_request, reply) => reply.code(404).send({ error: 'Not found' }));
  }

  return app;
}

/**
 * Vite's hashed assets never change under their name: a year, immutable. Everything else (the
 * service worker, the manifest, icons, index.html) is asked about again on every use.
 */
export function cacheControlFor(root: string, filePath: string): string {
  const relative = path.relative(root, filePath).split(path.sep).join('/');
  return relative.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
}
