import { randomBytes } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { expect } from 'vitest';
import { errorShapeOf } from '../../server/src/trpc/init.js';

/**
 * A client address no other test will use: rate limits count per IP, and a shared address
 * would let one test's attempts refuse another's. 64 random bits in the private IPv6 range.
 */
export function uniqueIp(): string {
  const hex = randomBytes(8).toString('hex');
  return `fd00::${hex.slice(0, 4)}:${hex.slice(4, 8)}:${hex.slice(8, 12)}:${hex.slice(12, 16)}`;
}

/** The rejection of a call, or null when it succeeded. */
export async function settle(call: Promise<unknown>): Promise<TRPCError | null> {
  try {
    await call;
    return null;
  } catch (error) {
    if (error instanceof TRPCError) return error;
    throw error;
  }
}

/** Asserts the call fails with the tRPC code (and message), and returns the error. */
export async function expectTrpcError(call: Promise<unknown>, code: TRPCError['code'], message?: string): Promise<TRPCError> {
  const error = await settle(call);
  expect(error, `expected ${code}, but the call succeeded`).not.toBeNull();
  expect(error?.code).toBe(code);
  if (message !== undefined) expect(error?.message).toBe(message);
  return error as TRPCError;
}

/** What a browser receives for an error, through the app's one error formatter: message, code and field. */
export function userFacingError(error: TRPCError, path: string) {
  const shape = errorShapeOf(error, path);
  return shape as { message: string; data: { code: string; field: string | null; fieldErrors: Record<string, string> | null } };
}

export interface HttpAnswer {
  status: number;
  headers: Headers;
  text: string;
}

/** A raw HTTP request to the listening app; the body is sent as given (a string is not re-encoded). */
export async function request(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<HttpAnswer> {
  const body = init.body === undefined || typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
  const response = await fetch(url, {
    method: init.method ?? (body === undefined ? 'GET' : 'POST'),
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
    body,
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** Signs of internals in an answer: stack frames, source paths, SQL or database error text. */
const INTERNALS = [
  /"stack"/i,
  /\bat [\w.<>]+ \(/,
  /node_modules/,
  /\.(ts|js|mjs):\d+/,
  /\/work\/|\/home\/|\/tmp\//,
  /\b(select|insert into|update|delete from)\b .*\b(from|set|values|where)\b/i,
  /\b(relation|column) "[^"]+"/i,
  /violates|syntax error at|invalid byte sequence|duplicate key/i,
];

/** Asserts an answer's body carries nothing about how the server is built. */
export function expectNoInternals(body: string): void {
  for (const pattern of INTERNALS) expect(body, `answer leaks internals (${pattern})`).not.toMatch(pattern);
}
