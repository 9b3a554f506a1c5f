import { initTRPC, TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appRouter } from './app-router.js';
import { useFastProcedures } from './fast-procedures.js';

interface Ctx {
  user: string | null;
  trail: string[];
}

const t = initTRPC.context<Ctx>().create();

const withRole = t.procedure.use(({ ctx, next }) => {
  ctx.trail.push('role');
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'no user' });
  return next({ ctx: { role: `${ctx.user}-role` } });
});

const procedures = {
  echo: t.procedure.input(z.object({ a: z.number() })).query(({ input, ctx }) => ({ input, user: ctx.user })),
  twoInputs: t.procedure
    .input(z.object({ a: z.number() }))
    .input(z.object({ b: z.string().default('bee') }))
    .query(({ input }) => input),
  role: withRole.query(({ ctx }) => ({ role: ctx.role, user: ctx.user })),
  output: t.procedure
    .input(z.object({ bad: z.boolean() }))
    .output(z.object({ n: z.number() }))
    .query(({ input }) => (input.bad ? ({ n: 'x' } as unknown as { n: number }) : { n: 1 })),
  functionOutput: t.procedure.output((value: unknown) => ({ wrapped: value })).query(() => 7 as unknown as { wrapped: unknown }),
  rewriteInput: t.procedure
    .use(({ next }) => next({ input: { a: 41 } }))
    .input(z.object({ a: z.number() }))
    .query(({ input }) => input.a + 1),
  throws: t.procedure.query(() => {
    throw new Error('boom');
  }),
  mutate: t.procedure.input(z.string()).mutation(({ input }) => input.toUpperCase()),
  noNext: t.procedure.use((() => undefined) as never).query(() => 1),
};

const plain = t.router(procedures);
const fast = t.router(procedures);
useFastProcedures(fast);

async function outcome(router: typeof plain, ctx: Ctx, call: (caller: ReturnType<typeof plain.createCaller>) => Promise<unknown>) {
  try {
    return { data: await call(router.createCaller(ctx)), trail: ctx.trail };
  } catch (error) {
    const trpc = error as TRPCError;
    return { code: trpc.code, message: trpc.message, cause: trpc.cause?.constructor.name, trail: ctx.trail };
  }
}

describe('fast procedures (issue 16: the procedure chain without spread helpers)', () => {
  const cases: [string, string | null, (caller: ReturnType<typeof plain.createCaller>) => Promise<unknown>][] = [
    ['input parsed', 'u', (c) => c.echo({ a: 1 })],
    ['input refused', 'u', (c) => c.echo({ a: 'x' } as never)],
    ['two inputs merged', null, (c) => c.twoInputs({ a: 2 } as never)],
    ['context merged by a middleware', 'ann', (c) => c.role()],
    ['a middleware refuses', null, (c) => c.role()],
    ['output parsed', null, (c) => c.output({ bad: false })],
    ['output refused', null, (c) => c.output({ bad: true })],
    ['function output', null, (c) => c.functionOutput()],
    ['input set by a middleware', null, (c) => c.rewriteInput({ a: 1 })],
    ['resolver throws', null, (c) => c.throws()],
    ['mutation', null, (c) => c.mutate('abc')],
    ['a middleware without next', null, (c) => c.noNext()],
  ];
  for (const [name, user, call] of cases) {
    it(`answers as tRPC does: ${name}`, async () => {
      const expected = await outcome(plain, { user, trail: [] }, call);
      const actual = await outcome(fast, { user, trail: [] }, call);
      expect(actual).toEqual(expected);
    });
  }

  it('keeps what inspects a procedure (_def, type, meta)', () => {
    const original = plain._def.procedures.echo as unknown as { _def: { type: string }; meta: unknown; procedure: boolean };
    const replaced = fast._def.procedures.echo as unknown as typeof original;
    expect(replaced).not.toBe(original);
    expect(replaced._def).toBe(original._def);
    expect(replaced._def.type).toBe('query');
    expect(replaced.procedure).toBe(true);
  });

  it("replaces every procedure of the app's router", () => {
    const all = Object.values(appRouter._def.procedures as Record<string, { name?: string }>);
    expect(all.length).toBeGreaterThan(50);
    // tRPC's own callers are named "procedure"; ours are not (the app router was converted at import).
    expect(all.filter((procedure) => procedure.name === 'procedure')).toEqual([]);
  });
});

describe("wireOutput's step in the fast chain", () => {
  it('parses answers while validation is on, and hands them on untouched while it is off (production)', async () => {
    const { setWireOutputValidation, wireOutput } = await import('./procedures.js');
    const router = t.router({
      wired: t.procedure
        .input(z.object({ bad: z.boolean() }))
        .output(wireOutput(z.object({ n: z.number() })))
        .query(({ input }) => (input.bad ? ({ n: 'x', extra: true } as unknown as { n: number }) : { n: 1 })),
    });
    expect(useFastProcedures(router)).toBe(1);
    const caller = router.createCaller({ user: null, trail: [] });
    try {
      setWireOutputValidation(true);
      await expect(caller.wired({ bad: false })).resolves.toEqual({ n: 1 });
      await expect(caller.wired({ bad: true })).rejects.toThrow('Output validation failed');
      setWireOutputValidation(false);
      await expect(caller.wired({ bad: true })).resolves.toEqual({ n: 'x', extra: true });
    } finally {
      setWireOutputValidation(true);
    }
  });
});
