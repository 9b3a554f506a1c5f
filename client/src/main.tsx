import { lazy, startTransition, StrictMode, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { ChakraProvider } from '@chakra-ui/react';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { loadedTrpc, loadTrpc, needsData, subscribeTrpc, whenTrpcLoads } from './lib/trpc-lazy';
import { currentSystem, isPublicPath, loadFullSystem, subscribeSystem } from './theme-switch';
import { NotFound } from './components/NotFound';
import { ErrorScreen } from './components/ErrorScreen';
import { installOffer, subscribeInstallOffer, watchInstallOffer } from './features/pwa/install-prompt';

// Off the first load: the toasts' region (only on a screen that may toast, see Toasts; a toast shows
// once its chunk is in) and the install banner (only once the browser offers it).
const Toaster = lazy(() => import('./components/toaster').then((module) => ({ default: module.Toaster })));
const InstallBanner = lazy(() => import('./features/pwa/InstallBanner').then((module) => ({ default: module.InstallBanner })));
watchInstallOffer();

const router = createRouter({
  routeTree,
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

whenTrpcLoads(({ sessionLost, switchIdentity }) => {
  sessionLost.handler = () => {
    if (!router.state.location.pathname.startsWith('/auth')) {
      switchIdentity(null);
      void router.navigate({ to: '/auth', replace: true });
    }
  };
});

// The app shell works offline once installed; data always comes from the network.
if ('serviceWorker' in navigator && import.meta.env.PROD) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => console.info('Service worker not registered', error));
  });
}

// No waterfall on a cold start: what the first screen needs is asked for at once, side by side,
// rather than one after the other as the router's steps reach it: the full styles and the session
// of a signed-in screen, the data layer, and the code of the screen's routes.
const { pathname } = window.location;
if (!isPublicPath(pathname)) {
  void loadFullSystem();
  void loadTrpc().then(({ trpcUtils }) => trpcUtils.auth.session.prefetch());
} else if (needsData(pathname)) void loadTrpc();
for (const route of router.getMatchedRoutes(pathname)[0]) void router.loadRouteChunk(route)?.catch(() => undefined);

function Install() {
  const offer = useSyncExternalStore(subscribeInstallOffer, installOffer);
  return offer ? <InstallBanner offer={offer} /> : null;
}

/**
 * The toasts' region, once a screen that may toast is open: any screen with the data layer (every
 * one but / and /about) or the install banner. A toast raised before waits in the toaster's store.
 */
function Toasts() {
  const data = useSyncExternalStore(subscribeTrpc, loadedTrpc);
  const offer = useSyncExternalStore(subscribeInstallOffer, installOffer);
  return data || offer ? <Toaster /> : null;
}

/** Chakra with the light public system, then the full one once a signed-in screen needs it (theme-switch.ts). */
function Themed({ children }: { children: ReactNode }) {
  const system = useSyncExternalStore(subscribeSystem, currentSystem);
  return <ChakraProvider value={system}>{children}</ChakraProvider>;
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing');
// A public page arrives prerendered (scripts/prerender.ts): it stays on screen until the router has
// loaded its route, then the app renders the same markup over it. A prerendered page served for
// another address (the offline shell of the service worker) is not shown at all.
const prerendered = root.dataset.prerendered;
if (prerendered !== undefined && prerendered !== pathname) root.replaceChildren();
// The first render is a transition: React renders in slices and yields to the browser between them,
// so rendering the page (over a prerendered one, which is already readable) does not hold the main
// thread in one long task.
const ready = prerendered === pathname ? router.load().catch(() => undefined) : Promise.resolve();
const app = createRoot(root);
void ready.then(() =>
  startTransition(() =>
    app.render(
      <StrictMode>
        <Themed>
          <RouterProvider router={router} />
          <Suspense fallback={null}>
            <Install />
            <Toasts />
          </Suspense>
        </Themed>
      </StrictMode>,
    ),
  ),
);
