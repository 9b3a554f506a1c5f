import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient, trpc, trpcClient } from './trpc';

export { queryClient, sessionLost, trpc, trpcClient, trpcUtils } from './trpc';
export { switchIdentity } from './identity';

/** TanStack Query and tRPC's React context, around every screen that reads or writes (lib/trpc-lazy.ts). */
export function DataProviders({ children }: { children: ReactNode }) {
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </trpc.Provider>
  );
}
