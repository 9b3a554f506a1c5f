import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { getErrorShape, getTRPCErrorFromUnknown, TRPCError, type AnyRouter } from '@trpc/server';
import { fastifyRequestHandler, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { incomingMessageToRequest } from '@trpc/server/adapters/node-http';
import { getHTTPStatusCode, resolveResponse } from '@trpc/server/http';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A GET call (a query: its input is in the address) as tRPC reads it: method, address, headers
 * and an abort signal, without building a fetch Request (undici's validation of every header, a
 * body stream) and without the adapter's abort on every response's close, which makes a
 * DOMException per call. The signal still aborts when the client goes away before the answer.
 */
function getRequest(raw: IncomingMessage, response: ServerResponse): Request {
  const controller = new AbortController();
  response.once('close', () => {
    if (!response.writableFinished) controller.abort();
  });
  const header = (name: string) => {
    const value = raw.headers[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  };
  const headers = { get: header, has: (name: string) => header(name) !== null };
  // Only the query string is read from the address: a fixed origin, never the Host header.
  return { method: 'GET', url: `http://localhost${raw.url ?? '/'}`, headers, signal: controller.signal } as unknown as Request;
}

/**
 * A signal that aborts only when the client goes away before its answer is written. A response
 * closes once: `on`, not `once`, spares a wrapper and its removal per call.
 */
function leaveSignal(response: ServerResponse): AbortSignal {
  const controller = new AbortController();
  response.on('close', () => {
    if (!response.writableFinished) controller.abort();
  });
  return controller.signal;
}

type Options<TRouter extends AnyRouter> = Omit<FastifyTRPCPluginOptions<TRouter>, 'useWSS'>;
type Answer = { result: { data: unknown } } | { error: unknown };
type AnyProcedure = AnyRouter['_def']['procedures'][string];

/** One query of a GET call, looked up and its input parsed before anything runs. */
interface QueryCall {
  path: string;
  procedure: AnyProcedure & ((opts: Record<string, unknown>) => Promise<unknown>);
  input: unknown;
}

const first = (value: unknown): string | undefined =>
  Array.isArray(value) ? (value[0] as string | undefined) : (value as string | undefined);

/**
 * The queries of an ordinary GET call (one, or a batch: what the client's httpBatchLink sends),
 * or null when anything about it is out of the ordinary (a path or input that does not parse, an
 * unknown or non-query procedure, a batch past the limit, a streamed or SSE answer asked for,
 * connection params): resolveResponse then answers it, with its own errors, as before.
 */
function plainQueries(
  router: AnyRouter,
  request: FastifyRequest,
  path: string,
  maxBatchSize: number | undefined,
): { calls: QueryCall[]; isBatch: boolean } | null {
  const headers = request.headers;
  if (headers['trpc-accept'] !== undefined || headers.accept?.includes('application/jsonl')) return null;
  const query = request.query as Record<string, unknown>;
  if (query.connectionParams !== undefined) return null;
  const isBatch = first(query.batch) === '1';
  let paths: string[];
  let inputs: unknown;
  try {
    const decoded = decodeURIComponent(path);
    paths = isBatch ? decoded.split(',') : [decoded];
    const text = first(query.input);
    inputs = text ? JSON.parse(text) : undefined;
  } catch {
    return null;
  }
  if (isBatch && typeof maxBatchSize === 'number' && paths.length > maxBatchSize) return null;
  if (isBatch && inputs !== undefined && (typeof inputs !== 'object' || inputs === null || Array.isArray(inputs))) return null;
  const { procedures, _config: config } = router._def;
  const calls: QueryCall[] = [];
  for (const [index, name] of paths.entries()) {
    const procedure = Object.hasOwn(procedures, name) ? procedures[name] : undefined;
    if (!procedure || typeof procedure !== 'function' || procedure._def.type !== 'query') return null;
    const raw = inputs === undefined ? undefined : isBatch ? (inputs as Record<string, unknown>)[index] : inputs;
    calls.push({
      path: name,
      procedure: procedure as QueryCall['procedure'],
      input: raw === undefined ? undefined : config.transformer.input.deserialize(raw),
    });
  }
  return { calls, isBatch };
}

/**
 * Answers the queries of a GET call as resolveResponse would (the same context, procedure calls,
 * error shapes, onError, status codes and JSON body), without its fetch Request, Headers and
 * Response (undici), the body read back from a web stream, or a combined abort signal per call:
 * those were about a third of the CPU of a trivial query (issue 16's profile).
 */
async function answerQueries<TRouter extends AnyRouter>(
  options: Options<TRouter>,
  request: FastifyRequest,
  reply: FastifyReply,
  calls: QueryCall[],
  isBatch: boolean,
): Promise<string> {
  const trpcOptions = options.trpcOptions;
  const router = trpcOptions.router;
  const config = router._def._config;
  const signal = leaveSignal(reply.raw);
  const info = {
    isBatchCall: isBatch,
    accept: null,
    type: 'query' as const,
    connectionParams: null,
    signal,
    url: null,
    calls: calls.map(({ path, procedure, input }, batchIndex) => ({
      path,
      procedure,
      batchIndex,
      getRawInput: () => Promise.resolve(input),
      result: () => input,
    })),
  };
  let ctx: unknown;
  let ctxError: TRPCError | undefined;
  try {
    ctx = await trpcOptions.createContext?.({ req: request, res: reply, info } as never);
  } catch (cause) {
    ctxError = getTRPCErrorFromUnknown(cause);
  }
  const answerOf = async ({ path, procedure, input }: QueryCall, batchIndex: number): Promise<Answer> => {
    try {
      if (ctxError) throw ctxError;
      const data = await procedure({ path, getRawInput: () => Promise.resolve(input), ctx, type: 'query', signal, batchIndex });
      if (isDataStream(data)) {
        throw new TRPCError({
          code: 'UNSUPPORTED_MEDIA_TYPE',
          message: 'Cannot use stream-like response in non-streaming request - use httpBatchStreamLink',
        });
      }
      return { result: { data } };
    } catch (cause) {
      const error = getTRPCErrorFromUnknown(cause);
      trpcOptions.onError?.({ error, path, input, ctx: ctx as never, type: 'query', req: request as never });
      return { error: getErrorShape({ config, ctx: ctx as never, error, input, path, type: 'query' }) };
    }
  };
  // One call (no batch) is awaited alone, without Promise.all's array and its own promise.
  const answers = calls.length === 1 ? [await answerOf(calls[0] as QueryCall, 0)] : await Promise.all(calls.map(answerOf));
  // As getHTTPStatusCode: 200 when every answer is a result (without its set of statuses), else its reading of the errors.
  reply.code(answers.some((answer) => 'error' in answer) ? getHTTPStatusCode(answers as never) : 200);
  reply.header('vary', 'trpc-accept, accept');
  reply.header('content-type', 'application/json');
  // As transformTRPCResponse, without its object spreads: each answer's data or error through the router's transformer.
  const { serialize } = config.transformer.output;
  const wire = answers.map((answer) =>
    'error' in answer ? { error: serialize(answer.error) as unknown } : { result: { data: serialize(answer.result.data) as unknown } },
  );
  return JSON.stringify(isBatch ? wire : wire[0]);
}

/** As resolveResponse's check: an async iterable, or an object holding promises or async iterables (own values, no array made). */
function isDataStream(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (Symbol.asyncIterator in value) return true;
  if (Array.isArray(value)) return false;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const item = (value as Record<string, unknown>)[key];
    if (
      typeof item === 'object' &&
      item !== null &&
      (typeof (item as { then?: unknown }).then === 'function' || Symbol.asyncIterator in item)
    ) {
      return true;
    }
  }
  return false;
}

/**
 * tRPC over HTTP, as @trpc/server's Fastify plugin serves it, with one difference found by the CPU
 * profile of issue 16 (docs/architecture.md, Performance): the plugin hands Fastify the answer as
 * a web stream, which Fastify pipes out in chunks (several socket writes and a trailer per call,
 * the largest share of the server's CPU under load). A JSON answer (every query and mutation the
 * client's httpBatchLink makes) is read whole and sent in one write with its length; a streamed
 * answer (jsonl, asked for by a client that streams) still goes out as a stream.
 */
export function trpcHttpPlugin<TRouter extends AnyRouter>(
  fastify: FastifyInstance,
  options: Options<TRouter>,
  done: (error?: Error) => void,
): void {
  // As the plugin does: tRPC reads the bodies itself (encapsulated: other routes keep Fastify's parsers).
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, parsed) => parsed(null, body));
  fastify.removeContentTypeParser('multipart/form-data');
  fastify.addContentTypeParser('multipart/form-data', {}, (_request, body, parsed) => parsed(null, body));

  const trpcOptions = options.trpcOptions;
  const createContext = trpcOptions.createContext;
  fastify.all<{ Params: { path: string } }>('/:path', async (request, reply) => {
    const path = request.params.path;
    if (!createContext) return fastifyRequestHandler({ ...trpcOptions, req: request, res: reply, path });
    if (request.method === 'GET' && !trpcOptions.responseMeta) {
      const plain = plainQueries(trpcOptions.router, request, path, trpcOptions.maxBatchSize);
      if (plain) return answerQueries(options, request, reply, plain.calls, plain.isBatch);
    }
    const incoming = request.raw as typeof request.raw & { body?: unknown };
    if (request.body !== undefined) incoming.body = request.body;
    const response = await resolveResponse({
      ...trpcOptions,
      req:
        request.method === 'GET'
          ? getRequest(request.raw, reply.raw)
          : incomingMessageToRequest(incoming, reply.raw, { maxBodySize: null }),
      path,
      error: null,
      createContext: (inner) => createContext({ req: request, res: reply, ...inner }),
      onError: (event) => trpcOptions.onError?.({ ...event, req: request }),
    });
    const type = response.headers.get('content-type') ?? '';
    if (!type.startsWith('application/json') || !response.body) return reply.send(response);
    const body = await response.text();
    reply.code(response.status);
    response.headers.forEach((value, name) => void reply.header(name, value));
    return reply.send(body);
  });
  done();
}
