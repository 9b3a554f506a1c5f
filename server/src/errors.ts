import { TRPCError } from '@trpc/server';

export type AppErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'TOO_MANY_REQUESTS'
  | 'PRECONDITION_FAILED'
  /** 503: busy or restarting, try again (a full pool, a database timeout, a restart). */
  | 'SERVICE_UNAVAILABLE';

/**
 * The one error domain code throws. `field` names the input field the message is about,
 * so forms can show it beside that field.
 */
export class AppError extends TRPCError {
  readonly field: string | undefined;

  constructor(code: AppErrorCode, message: string, options: { field?: string; cause?: unknown } = {}) {
    super({ code, message, cause: options.cause });
    this.name = 'AppError';
    this.field = options.field;
  }
}

export const notFound = (what = 'Record') => new AppError('NOT_FOUND', `${what} not found`);

/** The record, or NOT_FOUND naming what was asked for: another company's id answers exactly like a missing one. */
export function orNotFound<Value>(value: Value | null | undefined, what: string): Value {
  if (value === null || value === undefined) throw notFound(what);
  return value;
}
