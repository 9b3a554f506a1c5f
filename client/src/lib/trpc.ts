import { QueryCache, QueryClient, MutationCache } from '@tanstack/react-query';
import { createTRPCClient, createWSClient, httpBatchLink, splitLink, wsLink, TRPCClientError } from '@trpc/client';
import { createTRPCQueryUtils, createTRPCReact } from '@trpc/react-query';
import type { AppRouter } from '../../../server/src/app-router';
import { keepOfflineSnapshot } from './offline-snapshot';

export const trpc = createTRPCReact<AppRouter>();

// No window when the public pages are prerendered at build (scripts/prerender.ts): nothing connects there.
const wsUrl =
  typeof window === 'undefined'
    ? 'ws://localhost/trpc'
    : `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/trpc`;

/** Opened on the first subscription only, so public pages never hold a socket. */
export const wsClient = createWSClient({ url: wsUrl, lazy: { enabled: true, closeMs: 0 } });

export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    splitLink({
      condition: (op) => op.type === 'subscription',
      true: wsLink({ client: wsClient }),
      // At most 10 calls per request: the server refuses batches over MAX_BATCH_SIZE (50).
      false: httpBatchLink({ url: '/trpc', maxItems: 10 }),
    }),
  ],
});

export function isUnauthorized(error: unknown): boolean {
  return error instanceof TRPCClientError && error.data?.code === 'UNAUTHORIZED';
}

/** Set by the router once it exists: where a lost session sends the user. */
export const sessionLost = { handler: (): void => {} };

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // The spec: failed queries retry 3 times with exponential backoff capped at 30 s; unused entries go after 5 minutes.
      retry: (failureCount, error) => !isUnauthorized(error) && failureCount < 3,
      retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
      gcTime: 5 * 60 * 1000,
      staleTime: 10_000,
      refetchOnWindowFocus: false,
    },
  },
  queryCache: new QueryCache({
    onError: (error) => {
      if (isUnauthorized(error)) sessionLost.handler();
    },
  }),
  mutationCache: new MutationCache({
    onError: (error) => {
      if (isUnauthorized(error)) sessionLost.handler();
    },
  }),
});

// A portal opened offline shows its last answers (before the router asks for the session).
keepOfflineSnapshot(queryClient);

export const trpcUtils = createTRPCQueryUtils<AppRouter>({ queryClient, client: trpcClient });
export type TrpcUtils = typeof trpcUtils;

/** The server's message for a failed call, and the field it names when it names one. */
export function errorDetails(error: unknown): { message: string; field: string | null; fieldErrors: Record<string, string> } {
  if (error instanceof TRPCClientError) {
    const data = error.data as { field?: string | null; fieldErrors?: Record<string, string> | null } | undefined;
    return { message: error.message, field: data?.field ?? null, fieldErrors: data?.fieldErrors ?? {} };
  }
  return { message: error instanceof Error ? error.message : 'Something went wrong', field: null, fieldErrors: {} };
}
