import type { z } from 'zod';

/**
 * The output validator of a hot read (`loads.list`, `loads.get`): `.output(wireOutput(schema))`
 * checks the answer against `schema` exactly as `.output(schema)` would (the same rules, unknown
 * keys dropped, an answer that does not fit is a 500 "Output validation failed"), in every
 * environment: tests and production run the same code. It differs only in how: it is a plain
 * function validator (a form tRPC documents for validators it has no adapter for) that runs zod's
 * synchronous `parse`, where tRPC runs `parseAsync` for a zod schema; zod's asynchronous path
 * skips its compiled object parser, and was about 4x slower on a page of 50 rows
 * (`bench/output-validation.ts`; README, Benchmarks).
 */
export const wireOutput =
  <S extends z.ZodType>(schema: S) =>
  (value: unknown): z.output<S> =>
    schema.parse(value);
