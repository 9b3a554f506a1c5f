import { getTRPCErrorFromUnknown, TRPCError, type AnyRouter } from '@trpc/server';

/**
 * tRPC's procedure chain (callRecursive in @trpc/server 11) copies the call's options, and the
 * context at every `next({ ctx })`, with a transpiled object-spread helper (Object.keys, symbol
 * lookups and a defineProperty per field): under load that helper alone was about a tenth of a
 * trivial query's CPU (issue 16's profile). The same chain, with the same options, the same
 * context merges, the same middleware order and the same error results, written with native
 * spreads; the input and output validators of `.input()` / `.output()` run the same parsers tRPC
 * chose (parseAsync for zod, a plain function as it is) without their own spreads.
 *
 * Every procedure of a router is replaced in place (its `_def.procedures` map, which the HTTP and
 * WebSocket handlers and every createCaller look procedures up in), keeping its `_def`, `meta` and
 * `procedure` marker, so nothing that inspects a procedure sees a difference.
 */

const MARKER = 'middlewareMarker';

type Result = { ok: true; data: unknown; ctx?: unknown; marker: string } | { ok: false; error: TRPCError; marker: string };

interface CallOptions {
  ctx: unknown;
  input?: unknown;
  getRawInput: () => Promise<unknown>;
  [key: string]: unknown;
}

type Middleware = (opts: Record<string, unknown>) => Promise<Result>;

interface ProcedureDef {
  middlewares: Middleware[];
  inputs: unknown[];
  output?: unknown;
  meta?: unknown;
  type: string;
  caller?: unknown;
}

type ParseFn = (value: unknown) => unknown;

/** As tRPC's getParseFn, for the parsers it accepts. */
function parseFnOf(parser: unknown): ParseFn | null {
  if (parser === null || parser === undefined) return null;
  const candidate = parser as Record<string, unknown> & ((value: unknown) => unknown);
  const isStandard = typeof parser === 'object' || typeof parser === 'function' ? '~standard' in candidate : false;
  if (typeof parser === 'function' && typeof candidate.assert === 'function') return null; // arktype-like: leave to tRPC
  if (typeof parser === 'function' && !isStandard) return parser as ParseFn;
  if (typeof candidate.parseAsync === 'function') return (candidate.parseAsync as ParseFn).bind(parser);
  if (typeof candidate.parse === 'function') return (candidate.parse as ParseFn).bind(parser);
  return null;
}

const isObject = (value: unknown): value is Record<string, unknown> => !!value && !Array.isArray(value) && typeof value === 'object';

/** The input validator of the k-th `.input()`, as tRPC's inputValidatorMiddleware. */
function inputMiddleware(parse: ParseFn): Middleware {
  return async (opts) => {
    const rawInput = await (opts.getRawInput as () => Promise<unknown>)();
    let parsed: unknown;
    try {
      parsed = await parse(rawInput);
    } catch (cause) {
      throw new TRPCError({ code: 'BAD_REQUEST', cause });
    }
    const combined = isObject(opts.input) && isObject(parsed) ? { ...opts.input, ...parsed } : parsed;
    return (opts.next as (next: { input: unknown }) => Promise<Result>)({ input: combined });
  };
}

/**
 * An output parser that may say it leaves answers as they are (wireOutput in production): the
 * output step then hands on the rest of the chain's result itself, without an await and a copy.
 */
export const PASSES_THROUGH = Symbol('passesThrough');

/** The output validator of `.output()`, as tRPC's outputValidatorMiddleware. */
function outputMiddleware(parse: ParseFn): Middleware {
  const passesThrough = (parse as { [PASSES_THROUGH]?: () => boolean })[PASSES_THROUGH];
  const validating = async (opts: Record<string, unknown>): Promise<Result> => {
    const result = await (opts.next as () => Promise<Result>)();
    if (!result.ok) return result;
    try {
      const data = await parse(result.data);
      return { ...result, data };
    } catch (cause) {
      throw new TRPCError({ message: 'Output validation failed', code: 'INTERNAL_SERVER_ERROR', cause });
    }
  };
  if (typeof passesThrough !== 'function') return validating;
  return (opts) => (passesThrough() ? (opts.next as () => Promise<Result>)() : validating(opts));
}

/** The procedure's middlewares with its validators made again without spread helpers, or null to leave it to tRPC. */
function chainOf(def: ProcedureDef): Middleware[] | null {
  let inputIndex = 0;
  const chain: Middleware[] = [];
  for (const middleware of def.middlewares) {
    const kind = (middleware as { _type?: string })._type;
    if (kind === 'input') {
      const parse = parseFnOf(def.inputs[inputIndex]);
      inputIndex += 1;
      if (!parse) return null;
      chain.push(inputMiddleware(parse));
    } else if (kind === 'output') {
      const parse = parseFnOf(def.output);
      if (!parse) return null;
      chain.push(outputMiddleware(parse));
    } else {
      chain.push(middleware);
    }
  }
  if (inputIndex !== def.inputs.length) return null;
  return chain;
}

async function callRecursive(chain: Middleware[], meta: unknown, index: number, opts: CallOptions): Promise<Result> {
  try {
    const middleware = chain[index] as Middleware;
    return await middleware({
      ...opts,
      meta,
      input: opts.input,
      next(nextOpts?: { ctx?: unknown; input?: unknown; getRawInput?: () => Promise<unknown> }) {
        return callRecursive(chain, meta, index + 1, {
          ...opts,
          ctx: nextOpts?.ctx ? { ...(opts.ctx as object), ...(nextOpts.ctx as object) } : opts.ctx,
          input: nextOpts && 'input' in nextOpts ? nextOpts.input : opts.input,
          getRawInput: nextOpts?.getRawInput ?? opts.getRawInput,
        });
      },
    });
  } catch (cause) {
    return { ok: false, error: getTRPCErrorFromUnknown(cause), marker: MARKER };
  }
}

const CLIENT_ONLY = `This is a client-only function.
If you want to call this function on the server, see https://trpc.io/docs/v11/server/server-side-calls`;

/** A procedure's caller with the same behaviour as tRPC's, or null when the procedure is one to leave as it is. */
function fastProcedure(original: { _def: ProcedureDef; meta?: unknown }): ((opts: CallOptions) => Promise<unknown>) | null {
  const def = original._def;
  if (def.caller || !Array.isArray(def.middlewares) || !Array.isArray(def.inputs)) return null;
  const chain = chainOf(def);
  if (!chain) return null;
  const fastCall = async (opts: CallOptions): Promise<unknown> => {
    if (!opts || !('getRawInput' in opts)) throw new Error(CLIENT_ONLY);
    const result = await callRecursive(chain, def.meta, 0, opts);
    if (!result) {
      throw new TRPCError({
        code: 'INTERNAL_SERVER_ERROR',
        message: 'No result from middlewares - did you forget to `return next()`?',
      });
    }
    if (!result.ok) throw result.error;
    return result.data;
  };
  return Object.assign(fastCall, { _def: def, procedure: true, meta: original.meta });
}

/** Replaces every procedure of the router (not lazy ones) with its fast caller; returns how many were replaced. */
export function useFastProcedures(router: AnyRouter): number {
  const procedures = router._def.procedures as Record<string, unknown>;
  let replaced = 0;
  for (const path of Object.keys(procedures)) {
    const original = procedures[path] as { _def: ProcedureDef; meta?: unknown } | undefined;
    if (typeof original !== 'function') continue;
    const fast = fastProcedure(original);
    if (!fast) continue;
    procedures[path] = fast;
    replaced += 1;
  }
  return replaced;
}
