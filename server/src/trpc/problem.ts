import { STATUS_CODES } from 'node:http';
import { TRPCError } from '@trpc/server';
import { errorShapeOf } from './init.js';

/** An RFC 9457 problem (application/problem+json): the shape of every error of /api/v1 (openapi-document.ts, problemSchema). */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  errors: { field: string; message: string }[];
}

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

const slug = (code: string) => code.toLowerCase().replaceAll('_', '-');

export function problem(status: number, code: string, detail: string, errors: Problem['errors'] = []): Problem {
  return { type: `/api/docs#problem-${slug(code)}`, title: STATUS_CODES[status] ?? 'Error', status, detail, code, errors };
}

/** The status's app error code, for refusals answered before any procedure runs. */
export const CODE_OF_STATUS: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_SERVER_ERROR',
};

interface ErrorShape {
  message?: string;
  code?: string;
  data?: { code?: string; httpStatus?: number; field?: string | null; fieldErrors?: Record<string, string> | null } | null;
}

/**
 * A tRPC error as trpc-to-openapi answers it (the app's error shape, trpc/init.ts formatError, with
 * its field errors) as a problem: `detail` the app's message (the first bad field's), `errors` every
 * field named with its message.
 */
export function problemOfErrorShape(status: number, body: unknown): Problem {
  const shape = (typeof body === 'object' && body !== null ? body : {}) as ErrorShape;
  const code = shape.data?.code ?? (typeof shape.code === 'string' ? shape.code : (CODE_OF_STATUS[status] ?? 'INTERNAL_SERVER_ERROR'));
  const fieldErrors = shape.data?.fieldErrors ?? null;
  const errors = fieldErrors ? Object.entries(fieldErrors).map(([field, message]) => ({ field, message })) : [];
  const detail = errors[0]?.message ?? shape.message ?? STATUS_CODES[status] ?? 'Error';
  return problem(status, code, detail, errors);
}

/** Where the REST API lives: its errors are problems (the plain routes under it too: http-access.ts, the documents' upload). */
export const API_BASE_PATH = '/api/v1';
export const isApiPath = (url: string) => url.startsWith(`${API_BASE_PATH}/`);

/** A refusal answered before any procedure (the one gate, a plain route) as a problem: its status's code. */
export const problemOfStatus = (status: number, detail: string): Problem =>
  problem(status, CODE_OF_STATUS[status] ?? 'BAD_REQUEST', detail);

/**
 * A procedure's error as a problem, through the app's one error formatter (init.ts: zod failures
 * name their fields, an AppError its field, a 5xx never its internals). trpc-to-openapi answers an
 * error that is not named 'TRPCError' (our AppError) as a 500 wrapping it: the error inside is the one meant.
 */
export function problemOfError(error: unknown): Problem {
  let meant = error instanceof TRPCError ? error : new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: error });
  if (meant.code === 'INTERNAL_SERVER_ERROR' && meant.cause instanceof TRPCError) meant = meant.cause;
  const shape = errorShapeOf(meant);
  return problemOfErrorShape(shape.data.httpStatus, shape);
}
