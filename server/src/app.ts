import path from 'node:path';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { sql } from 'kysely';
import type { AppServices } from './services/services.js';
import { appRouter, type AppRouter } from './trpc/app-router.js';
import { contextFactory } from './trpc/context.js';

const defaultClientDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/client');
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

export async function buildApp(services: AppServices, options: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger
      ? {
          level: services.config.LOG_LEVEL,
          // Inputs of tRPC queries (tokens, codes, searches) never reach the logs.
          serializers: { req: (request) => ({ method: request.method, url: request.url.replace(/([?&]input=)[^&]*/, '$1[redacted]') }) },
        }
      : false,
    trustProxy: services.config.NODE_ENV === 'production',
    bodyLimit: 1024 * 1024,
  });

  await app.register(helmet, {
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
    hsts: services.config.NODE_ENV === 'production',
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, { max: 1200, timeWindow: '1 minute' });

  await app.register(websocket, { options: { maxPayload: 1024 * 1024 } });
  // Registered after the websocket plugin, whose own hooks must see (and close) refused upgrades.
  // Cookie sessions make cross-site requests dangerous: refuse writes and WebSocket upgrades from other origins.
  app.addHook('onRequest', async (request, reply) => {
    const isUpgrade = request.headers.upgrade?.toLowerCase() === 'websocket';
    if ((isUpgrade || !SAFE_METHODS.has(request.method)) && !isSameOrigin(request, services.config.APP_ORIGIN)) {
      return reply.code(403).send({ error: 'Cross-origin request refused' });
    }
  });

  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    useWSS: true,
    keepAlive: { enabled: true, pingMs: 30_000, pongWaitMs: 5_000 },
    trpcOptions: {
      router: appRouter,
      createContext: contextFactory(services),
      onError({ error, path: procedurePath }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') services.log.error(`tRPC ${procedurePath ?? '?'} failed`, error.cause ?? error);
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });

  app.get('/health/live', async () => ({ status: 'ok' }));
  app.get('/health/ready', async (_request, reply) => {
    try {
      await sql`select 1`.execute(services.db);
      return { status: 'ok', database: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'unavailable', database: 'unreachable' });
    }
  });

  // An ended session closes its open sockets (after its subscriptions had a moment to say so).
  const stopListening = services.bus.onEvent((event) => {
    if (event.table === 'sessions' && event.op === 'DELETE' && event.session) {
      const fingerprint = event.session;
      setTimeout(() => services.sockets.closeSession(fingerprint), 500).unref();
    }
  });
  app.addHook('onClose', async () => stopListening());

  const clientDist = services.config.CLIENT_DIST_DIR ? path.resolve(services.config.CLIENT_DIST_DIR) : defaultClientDist;
  if (existsSync(clientDist)) {
    await app.register(fastifyStatic, { root: clientDist, wildcard: false, index: false, maxAge: '1h' });
    app.setNotFoundHandler((request, reply) => {
      const isApi = request.url.startsWith('/trpc') || request.url.startsWith('/health');
      if (request.method === 'GET' && !isApi) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      return reply.code(404).send({ error: 'Not found' });
    });
  }

  return app;
}
