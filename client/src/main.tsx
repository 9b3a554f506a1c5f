import { lazy, StrictMode, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { switchIdentity } from './lib/identity';
import { queryClient, sessionLost, trpc, trpcClient, trpcUtils } from './lib/trpc';
import { currentSystem, isPublicPath, loadFullSystem, subscribeSystem } from './theme-switch';
import { NotFound } from './components/NotFound';
import { ErrorScreen } from './components/ErrorScreen';
import { installOffer, subscribeInstallOffer, watchInstallOffer } from './features/pwa/install-prompt';

// Off the first load: the toasts' region (a toast shows once its chunk is in; the screens that
// toast load the toaster themselves) and the install banner (only once the browser offers it).
const Toaster = lazy(() => import('./components/toaster').then((module) => ({ default: module.Toaster })));
const InstallBanner = lazy(() => import('./features/pwa/InstallBanner').then((module) => ({ default: module.InstallBanner })));
watchInstallOffer();

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

// A signed-in screen opened cold: its styles load beside the rest rather than after the router starts.
if (!isPublicPath(window.location.pathname)) void loadFullSystem();

function Install() {
  const offer = useSyncExternalStore(subscribeInstallOffer, installOffer);
  return offer ? <InstallBanner offer={offer} /> : null;
}

/** Chakra with the light public system, then the full one once a signed-in screen needs it (theme-switch.ts). */
function Themed({ children }: { children: ReactNode }) {
  const system = useSyncExternalStore(subscribeSystem, currentSystem);
  return <ChakraProvider value={system}>{children}</ChakraProvider>;
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing');
createRoot(root).render(
  <StrictMode>
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <Themed>
          <RouterProvider router={router} />
          <Suspense fallback={null}>
            <Install />
            <Toaster />
          </Suspense>
        </Themed>
      </QueryClientProvider>
    </trpc.Provider>
  </StrictMode>,
);
