import type { FastifyInstance } from 'fastify';
import { TRPCError, type AnyRouter } from '@trpc/server';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { errorShapeOf } from './init.js';

type Options<TRouter extends AnyRouter> = Omit<FastifyTRPCPluginOptions<TRouter>, 'useWSS'>;

const isWebResponse = (payload: unknown): payload is Response => payload instanceof Response;

/**
 * tRPC over HTTP through @trpc/server's own Fastify adapter (`fastifyTRPCPlugin`), with one
 * addition made by a Fastify `onSend` hook: the adapter hands Fastify each answer as a web
 * `Response`, whose body Fastify pipes out as a stream (chunked, several socket writes per call).
 * A JSON answer (every query and mutation `httpBatchLink` makes) is read whole here and sent in
 * one write with its content-length; a streamed answer (jsonl, asked for by a client that
 * streams) goes out as the adapter made it.
 *
 * Registered as an encapsulated plugin: the hook, and the adapter's content-type parsers (tRPC
 * reads bodies itself), apply to the tRPC routes only. The WebSocket side is app.ts's own route
 * (behind its SocketGuard), so `useWSS` is not offered here.
 */
export function trpcHttpPlugin<TRouter extends AnyRouter>(
  fastify: FastifyInstance,
  options: Options<TRouter>,
  done: (error?: Error) => void,
): void {
  fastify.addHook('onSend', async (_request, reply, payload) => {
    if (!isWebResponse(payload)) return payload;
    // tRPC marks a streamed answer (jsonl) chunked, its content-type application/json all the
    // same; every other answer it makes (JSON: results, errors, and an error found before any call
    // ran, such as a batch past maxBatchSize, which undici labels text/plain) is one finite string.
    const streamed = payload.headers.has('transfer-encoding') || payload.headers.get('content-type')?.startsWith('text/event-stream');
    if (streamed || payload.body === null) return payload;
    const body = await payload.text();
    void reply.code(payload.status);
    payload.headers.forEach((value, name) => void reply.header(name, value));
    return body;
  });
  // The adapter turns the request into a fetch Request before tRPC answers anything: a Host header
  // that makes no URL throws tRPC's BAD_REQUEST there, which Fastify would answer 500 and log as a
  // failure. It is answered as tRPC answers a bad request instead.
  fastify.setErrorHandler((error, _request, reply) => {
    if (!(error instanceof TRPCError)) throw error;
    const shape = errorShapeOf(error);
    return reply.code(shape.data.httpStatus).send({ error: shape });
  });
  void fastify.register(fastifyTRPCPlugin<TRouter>, { trpcOptions: options.trpcOptions });
  done();
}
