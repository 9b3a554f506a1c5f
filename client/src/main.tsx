import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { switchIdentity } from './lib/identity';
import { queryClient, sessionLost, trpc, trpcClient, trpcUtils } from './lib/trpc';
import { system } from './theme';
import { Toaster } from './components/toaster';
import { NotFound } from './components/NotFound';
import { ErrorScreen } from './components/ErrorScreen';
import { InstallBanner } from './features/pwa/InstallBanner';

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
    switchIdentity(null);
    void router.navigate({ to: '/auth', replace: true });
  }
};

// The app shell works offline once installed; data always comes from the network.
if ('serviceWorker' in navigator && import.meta.env.PROD) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => console.info('Service worker not registered', error));
  });
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing');
createRoot(root).render(
  <StrictMode>
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <ChakraProvider value={system}>
          <RouterProvider router={router} />
          <InstallBanner />
          <Toaster />
        </ChakraProvider>
      </QueryClientProvider>
    </trpc.Provider>
  </StrictMode>,
);
