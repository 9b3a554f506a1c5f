import { initTRPC, type TRPCDefaultErrorShape, type TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { ZodError } from 'zod';
import type { Access } from '#shared/permissions.js';
import { databaseUnavailableMessage } from '../db/database.js';
import { AppError } from '../errors.js';
import type { Context } from './context.js';

/**
 * The one error formatter: zod failures become field errors (the first message names the
 * field), AppError carries its field, and 5xx answers never carry internals.
 */
export function formatError({ shape, error }: { shape: TRPCDefaultErrorShape; error: TRPCError }) {
  const cause = error.cause;
  if (cause instanceof ZodError) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of cause.issues) {
      const key = issue.path.join('.') || 'input';
      fieldErrors[key] ??= issue.message;
    }
    const [firstField, firstMessage] = Object.entries(fieldErrors)[0] ?? ['input', 'Invalid input'];
    return {
      message: firstMessage,
      code: shape.code,
      data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path, field: firstField, fieldErrors },
    };
  }
  // A full pool, a database timeout or a restart: a clear 503 "try again", never a hang or a 500.
  const unavailable = error.code === 'INTERNAL_SERVER_ERROR' ? databaseUnavailableMessage(cause) : null;
  if (unavailable) {
    return {
      message: unavailable,
      code: shape.code,
      data: { code: 'SERVICE_UNAVAILABLE' as const, httpStatus: 503, path: shape.data.path, field: null, fieldErrors: null },
    };
  }
  if (error.code === 'INTERNAL_SERVER_ERROR') {
    return {
      message: 'Something went wrong. Please try again.',
      code: shape.code,
      data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path, field: null, fieldErrors: null },
    };
  }
  const field = error instanceof AppError ? (error.field ?? null) : null;
  return {
    message: shape.message,
    code: shape.code,
    data: {
      code: shape.data.code,
      httpStatus: shape.data.httpStatus,
      path: shape.data.path,
      field,
      fieldErrors: field ? { [field]: shape.message } : null,
    },
  };
}

/**
 * An error's shape as tRPC's own answers carry it, for messages written outside a procedure (the
 * WebSocket guard's refusals, app.ts) and for tests: tRPC's default shape (message, JSON-RPC code,
 * data.code, data.httpStatus, data.path when there is one), built from tRPC's public code table and
 * status mapping, through formatError.
 */
export function errorShapeOf(error: TRPCError, path?: string): ReturnType<typeof formatError> {
  const shape: TRPCDefaultErrorShape = {
    message: error.message,
    code: TRPC_ERROR_CODES_BY_KEY[error.code],
    data: { code: error.code, httpStatus: getHTTPStatusCodeFromError(error), ...(path === undefined ? {} : { path }) },
  };
  return formatError({ shape, error });
}

/**
 * What every procedure carries as tRPC meta (a documented API: middleware read it from their
 * arguments): the access its one guard checks, set by permitted() in procedures.ts alone.
 */
export interface ProcedureMeta {
  access: Access;
  /** A REST endpoint's route (domains/api, served by trpc-to-openapi under /api/v1), set by permitted() beside the access. */
  openapi?: NonNullable<OpenApiMeta['openapi']>;
}

export const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    // Subscriptions only over the WebSocket, whose sockets close when their session ends: tRPC 11
    // would also serve them as server-sent events over plain HTTP, streams nothing closes.
    sse: { enabled: false },
    errorFormatter: formatError,
  });
