import net from 'node:net';
import { initTRPC, TRPCError } from '@trpc/server';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { trpcHttpPlugin } from './http.js';

/**
 * trpcHttpPlugin is tRPC's own Fastify adapter plus one onSend hook: a non-streamed answer leaves in
 * one write with its length; a streamed (jsonl) answer still streams; tRPC's statuses and bodies
 * are untouched. Checked on a small router, against the adapter registered bare.
 */
const t = initTRPC.create();
const router = t.router({
  hello: t.procedure.input(z.object({ name: z.string() })).query(({ input }) => ({ greeting: `Hello ${input.name}` })),
  fail: t.procedure.query(() => {
    throw new TRPCError({ code: 'NOT_FOUND', message: 'Nothing here' });
  }),
  shout: t.procedure.input(z.string()).mutation(({ input }) => input.toUpperCase()),
});

let ours: FastifyInstance;
let bare: FastifyInstance;

beforeAll(async () => {
  ours = Fastify();
  await ours.register(trpcHttpPlugin<typeof router>, { prefix: '/trpc', trpcOptions: { router, maxBatchSize: 3 } });
  bare = Fastify();
  const { fastifyTRPCPlugin } = await import('@trpc/server/adapters/fastify');
  await bare.register(fastifyTRPCPlugin<typeof router>, { prefix: '/trpc', trpcOptions: { router, maxBatchSize: 3 } });
  // Another route of the same app: the hook is the tRPC routes' own.
  ours.get('/other', async () => ({ ok: true }));
});
afterAll(async () => {
  await ours.close();
  await bare.close();
});

const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));

describe('trpcHttpPlugin', () => {
  const cases: { name: string; method: 'GET' | 'POST'; url: string; body?: string; status: number }[] = [
    { name: 'a query', method: 'GET', url: `/trpc/hello?input=${input({ name: 'Ada' })}`, status: 200 },
    { name: 'a batch', method: 'GET', url: `/trpc/hello,fail?batch=1&input=${input({ 0: { name: 'Ada' } })}`, status: 207 },
    { name: 'an error', method: 'GET', url: '/trpc/fail', status: 404 },
    { name: 'bad input', method: 'GET', url: `/trpc/hello?input=${input({ name: 1 })}`, status: 400 },
    { name: 'a batch past maxBatchSize', method: 'GET', url: '/trpc/fail,fail,fail,fail?batch=1', status: 400 },
    { name: 'a mutation', method: 'POST', url: '/trpc/shout', body: '"hi"', status: 200 },
    { name: 'an unknown procedure', method: 'GET', url: '/trpc/nothing', status: 404 },
  ];

  for (const { name, method, url, body, status } of cases) {
    it(`${name}: tRPC's answer, in one write with its length`, async () => {
      const request = { method, url, ...(body ? { payload: body, headers: { 'content-type': 'application/json' } } : {}) };
      const [answer, adapter] = await Promise.all([ours.inject(request), bare.inject(request)]);
      expect(answer.statusCode).toBe(status);
      expect(answer.statusCode).toBe(adapter.statusCode);
      expect(answer.body).toBe(adapter.body);
      expect(answer.headers['content-type']).toBe(adapter.headers['content-type']);
      expect(answer.headers.vary).toBe(adapter.headers.vary);
      expect(answer.headers['content-length']).toBe(String(Buffer.byteLength(answer.body)));
      expect(answer.headers['transfer-encoding']).toBeUndefined();
      // The bare adapter pipes the same answer out as a stream.
      expect(adapter.headers['transfer-encoding']).toBe('chunked');
    });
  }

  it('a streamed batch (jsonl) still streams', async () => {
    const answer = await ours.inject({
      method: 'GET',
      url: `/trpc/hello,hello?batch=1&input=${input({ 0: { name: 'A' }, 1: { name: 'B' } })}`,
      headers: { 'trpc-accept': 'application/jsonl' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['transfer-encoding']).toBe('chunked');
    expect(answer.headers['content-length']).toBeUndefined();
    expect(answer.body).toContain('Hello A');
    expect(answer.body).toContain('Hello B');
  });

  it("a Host header that makes no URL is a 400 in tRPC's shape, not a 500", async () => {
    await ours.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ours.server.address() as net.AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () =>
        socket.write('GET /trpc/hello HTTP/1.1\r\nHost: exa[mple\r\nConnection: close\r\n\r\n'),
      );
      let text = '';
      socket.on('data', (chunk) => (text += String(chunk)));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
    const body = JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)) as { error: { message: string; data: { code: string } } };
    expect(body.error).toMatchObject({ message: 'Invalid URL', data: { code: 'BAD_REQUEST' } });
  });

  it("leaves the app's other routes alone", async () => {
    const answer = await ours.inject({ method: 'GET', url: '/other' });
    expect(answer.json()).toEqual({ ok: true });
  });
});
