import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createOpenApiNodeHttpHandler } from 'trpc-to-openapi';
import { readApiKey } from '../../auth/api-key-context.js';
import type { AppServices } from '../../services/services.js';
import type { Context } from '../../trpc/context.js';
import { apiReferencePage } from './docs-page.js';
import { API_BASE_PATH, openApiDocument } from './openapi-document.js';
import { CODE_OF_STATUS, problem, problemOfError, problemOfErrorShape, PROBLEM_CONTENT_TYPE, type Problem } from '../../trpc/problem.js';
import { servedOpenApiRouter } from './rest.router.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function sendProblem(reply: FastifyReply, body: Problem, headers: Record<string, string> = {}) {
  return reply.code(body.status).headers(headers).header('content-type', PROBLEM_CONTENT_TYPE).send(JSON.stringify(body));
}

/**
 * The REST API's HTTP routes (issue 28, item 1), each declaring its access to the one gate (trpc/http-access.ts):
 * - GET /api/v1/openapi.json: the OpenAPI 3.1 document (openapi-document.ts);
 * - GET /api/docs: the reference page, made from that document by us (docs-page.ts; no CDN, no script);
 * - /api/v1/*: the endpoints (rest.router.ts), served by trpc-to-openapi's fetch handler. The caller
 *   proves itself with an API key (auth/api-key-context.ts: 401 unknown, revoked or expired, 429 over
 *   its limit), then acts as its company's integration through the app's own procedures. Every
 *   error is application/problem+json (problem.ts). A session cookie is no credential here.
 */
export function apiPlugin(services: AppServices) {
  return async (app: FastifyInstance) => {
    // What Fastify refuses before a handler runs (a body that is not JSON, too large) is a problem too.
    app.setErrorHandler((error: { statusCode?: number; message: string }, _request, reply) => {
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
      if (status === 500) services.log.error('REST request failed', error);
      return sendProblem(
        reply,
        problem(
          status,
          CODE_OF_STATUS[status] ?? 'BAD_REQUEST',
          status === 500 ? 'Something went wrong. Please try again.' : error.message,
        ),
      );
    });

    app.get(
      `${API_BASE_PATH}/openapi.json`,
      { config: { access: { public: "the API's published description" } } },
      async (_request, reply) => reply.header('cache-control', 'no-cache').send(openApiDocument()),
    );
    app.get('/api/docs', { config: { access: { public: "the API's reference page" } } }, async (_request, reply) =>
      reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(apiReferencePage(openApiDocument())),
    );

    // One handler for every call, built once (trpc-to-openapi's fetch handler builds one per call,
    // and outside production checks the whole router each time). Each call's context and error
    // are kept by its Request. It serves the endpoints whose answers are checked synchronously
    // (rest.router.ts, servedRestRouter), the ones the document describes.
    interface Call {
      ctx: Context;
      failure: unknown;
    }
    const calls = new WeakMap<object, Call>();
    const handle = createOpenApiNodeHttpHandler({
      router: servedOpenApiRouter,
      createContext: ({ req }: { req: object }) => {
        const call = calls.get(req);
        if (!call) throw new Error('REST call without its context');
        return call.ctx;
      },
      // The call's error, as thrown (the handler's own answer loses an AppError's code and field: problemOfError).
      onError: ({ error, req }: { error: unknown; req: object }) => {
        const call = calls.get(req);
        if (call) call.failure = error;
      },
    });

    const access = { public: "an API key (Authorization: Bearer hw_live_…), checked by each procedure's guard with the key's scopes" };
    app.route({
      method: METHODS,
      url: `${API_BASE_PATH}/*`,
      config: { access },
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const read = await readApiKey(services, request.headers.authorization);
        if ('refusal' in read) {
          const { status, message, retryAfterSeconds } = read.refusal;
          const headers: Record<string, string> = status === 401 ? { 'www-authenticate': 'Bearer realm="Haulwise API"' } : {};
          if (retryAfterSeconds !== undefined) headers['retry-after'] = String(retryAfterSeconds);
          return sendProblem(reply, problem(status, CODE_OF_STATUS[status] ?? 'UNAUTHORIZED', message), headers);
        }
        const userAgent = request.headers['user-agent'];
        const ctx: Context = {
          services,
          request: { ip: request.ip, userAgent: typeof userAgent === 'string' ? userAgent : null },
          sessionId: `api-key:${read.actor.id}`,
          session: read.session,
          setCookie: null,
          socket: null,
          apiKey: read.actor,
        };
        const method = request.method;
        // The handler reads a web Request as trpc-to-openapi's own fetch adapter hands it one (its
        // content type, JSON body and signal); the address without the /api/v1 prefix names the endpoint.
        const req = new Request(new URL(request.url.slice(API_BASE_PATH.length), 'http://api.internal'), {
          method,
          headers: { 'content-type': 'application/json' },
          ...(WITH_BODY.has(method) ? { body: JSON.stringify(request.body ?? {}) } : {}),
        });
        const call: Call = { ctx, failure: null };
        calls.set(req, call);
        const response = await new Promise<{ status: number; text: string }>((resolve, reject) => {
          const res = {
            statusCode: 200,
            setHeader: () => {},
            end: (body: string) => resolve({ status: res.statusCode, text: body }),
          };
          handle(req as never, res as never).catch(reject);
        });
        const failure = call.failure;
        const { text } = response;
        if (response.status < 400) return reply.code(response.status).header('content-type', 'application/json; charset=utf-8').send(text);
        const answer = failure ? problemOfError(failure) : problemOfErrorShape(response.status, parseJson(text));
        if (answer.status >= 500) services.log.error(`REST ${request.method} ${request.url.split('?')[0]} failed`, failure);
        return sendProblem(reply, answer);
      },
    });
  };
}
