import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { queryClient, sessionLost, trpc, trpcClient, trpcUtils, wsClient } from './lib/trpc';
import { system } from './theme';
import { Toaster } from './components/toaster';
import { NotFound } from './components/NotFound';
import { ErrorScreen } from './components/ErrorScreen';

const router = createRouter({
  routeTree,
  context: { queryClient, trpcUtils },
  defaultPreload: 'intent',
  defaultNotFoundComponent: NotFound,
  defaultErrorComponent: ErrorScreen,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

sessionLost.handler = () => {
  if (!router.state.location.pathname.startsWith('/auth')) {
    queryClient.clear();
    wsClient.close();
    void router.navigate({ to: '/auth', replace: true });
  }
};

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing');
createRoot(root).render(
  <StrictMode>
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <ChakraProvider value={system}>
          <RouterProvider router={router} />
          <Toaster />
        </ChakraProvider>
      </QueryClientProvider>
    </trpc.Provider>
  </StrictMode>,
);
