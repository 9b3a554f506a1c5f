import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, type AppErrorCode } from '../errors.js';
import type { Context } from './context.js';
import { errorShapeOf, t } from './init.js';

/**
 * errorShapeOf (the WebSocket guard's refusals, tests) builds the very shape tRPC's own answers
 * carry through the app's formatter: each error is thrown by a procedure of the app's `t`, asked
 * over tRPC's fetch adapter, and the answer's error compared with errorShapeOf's.
 */
let thrown: AppError = new AppError('BAD_REQUEST', 'unset');
const router = t.router({
  fail: t.procedure.query(() => {
    throw thrown;
  }),
  typed: t.procedure.input(z.object({ limit: z.number().max(10, 'Limit must be at most 10') })).query(() => 1),
});

async function answerOf(url: string): Promise<unknown> {
  const response = await fetchRequestHandler({
    endpoint: '/trpc',
    req: new Request(`http://localhost/trpc/${url}`),
    router,
    createContext: () => ({}) as Context,
  });
  return ((await response.json()) as { error: unknown }).error;
}

describe('errorShapeOf', () => {
  const errors: [AppErrorCode, string, string?][] = [
    ['TOO_MANY_REQUESTS', 'Too many messages on this connection'],
    ['BAD_REQUEST', 'Batch too large'],
    ['UNAUTHORIZED', 'Not authenticated'],
    ['FORBIDDEN', 'You do not have permission to do this'],
    ['SERVICE_UNAVAILABLE', 'Busy, try again'],
    ['CONFLICT', 'Already taken', 'email'],
  ];
  for (const [code, message, field] of errors) {
    it(`is tRPC's own error shape: ${code}${field ? ' with a field' : ''}`, async () => {
      thrown = new AppError(code, message, field ? { field } : {});
      expect(errorShapeOf(thrown, 'fail')).toEqual(await answerOf('fail'));
      const withoutPath = errorShapeOf(thrown);
      expect(withoutPath.data.path).toBeUndefined();
      expect(withoutPath.message).toBe(message);
    });
  }

  it('hides an internal error as the formatter does', async () => {
    const internal = Object.assign(new AppError('BAD_REQUEST', 'x'), { code: 'INTERNAL_SERVER_ERROR' as const, message: 'secret detail' });
    thrown = internal;
    const shape = errorShapeOf(internal, 'fail');
    expect(shape).toEqual(await answerOf('fail'));
    expect(shape.message).toBe('Something went wrong. Please try again.');
  });

  it('zod failures name their field (the formatter, as tRPC calls it)', async () => {
    const answer = (await answerOf(`typed?input=${encodeURIComponent(JSON.stringify({ limit: 50 }))}`)) as {
      message: string;
      data: { field: string };
    };
    expect(answer.data.field).toBe('limit');
    expect(answer.message).toBe('Limit must be at most 10');
  });
});
