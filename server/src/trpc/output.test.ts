import { initTRPC, TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { wireOutput } from './output.js';

/** wireOutput validates as `.output(schema)` does: the same answers, the same refusals, in every environment. */
const t = initTRPC.create();
const schema = z.object({ id: z.uuid(), name: z.string(), rate: z.string().nullable() });
const id = '6f1c7a2e-8a44-4b8e-9a65-0d2f6c1c2b11';

const answers = {
  fits: { id, name: 'Load', rate: null },
  extra: { id, name: 'Load', rate: '1.00', passwordHash: 'secret', company_id: 'x' },
  wrong: { id: 'not-a-uuid', name: 'Load', rate: null },
};
type Case = keyof typeof answers;

const router = t.router({
  wire: t.procedure
    .input(z.enum(['fits', 'extra', 'wrong']))
    .output(wireOutput(schema))
    .query(({ input }) => answers[input] as z.output<typeof schema>),
  schema: t.procedure
    .input(z.enum(['fits', 'extra', 'wrong']))
    .output(schema)
    .query(({ input }) => answers[input] as z.output<typeof schema>),
});
const caller = t.createCallerFactory(router)({});

async function outcome(call: Promise<unknown>): Promise<unknown> {
  try {
    return { data: await call };
  } catch (error) {
    expect(error).toBeInstanceOf(TRPCError);
    return { code: (error as TRPCError).code, message: (error as TRPCError).message };
  }
}

describe('wireOutput', () => {
  for (const name of Object.keys(answers) as Case[]) {
    it(`answers as .output(schema) does: ${name}`, async () => {
      expect(await outcome(caller.wire(name))).toEqual(await outcome(caller.schema(name)));
    });
  }

  it('drops columns the schema does not name', async () => {
    expect(await caller.wire('extra')).toEqual({ id, name: 'Load', rate: '1.00' });
  });

  it('refuses an answer that does not fit, whatever NODE_ENV says', async () => {
    const before = process.env.NODE_ENV;
    try {
      for (const env of ['production', 'test', 'development']) {
        process.env.NODE_ENV = env;
        expect(await outcome(caller.wire('wrong'))).toEqual({ code: 'INTERNAL_SERVER_ERROR', message: 'Output validation failed' });
      }
    } finally {
      process.env.NODE_ENV = before;
    }
  });
});
