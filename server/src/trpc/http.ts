import type { FastifyInstance } from 'fastify';
import type { AnyRouter } from '@trpc/server';
import { fastifyRequestHandler, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { incomingMessageToRequest } from '@trpc/server/adapters/node-http';
import { resolveResponse } from '@trpc/server/http';
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
 * tRPC over HTTP, as @trpc/server's Fastify plugin serves it, with one difference found by the CPU
 * profile of issue 16 (docs/architecture.md, Performance): the plugin hands Fastify the answer as
 * a web stream, which Fastify pipes out in chunks (several socket writes and a trailer per call,
 * the largest share of the server's CPU under load). A JSON answer (every query and mutation the
 * client's httpBatchLink makes) is read whole and sent in one write with its length; a streamed
 * answer (jsonl, asked for by a client that streams) still goes out as a stream.
 */
export function trpcHttpPlugin<TRouter extends AnyRouter>(
  fastify: FastifyInstance,
  options: Omit<FastifyTRPCPluginOptions<TRouter>, 'useWSS'>,
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
