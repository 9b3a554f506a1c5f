import { lazy, startTransition, StrictMode, Suspense, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { ChakraProvider } from '@chakra-ui/react';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { loadedTrpc, loadTrpc, needsData, subscribeTrpc, whenTrpcLoads } from './lib/trpc-lazy';
import { currentSystem, isPublicPath, loadFullSystem, subscribeSystem } from './theme-switch';
import { NotFound } from './components/NotFound';
import { ErrorScreen } from './components/ErrorScreen';
import { installOffer, promptsAllowedOn, subscribeInstallOffer, watchInstallOffer } from './features/pwa/install-prompt';

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

// The app shell works offline once installed; data always comes from the network (a prerendered
// public page's bootstrap registers it too, boot.ts).
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

const subscribePathname = (listener: () => void) => router.history.subscribe(listener);
const currentPathname = () => router.history.location.pathname;

/** The install banner, once the browser offers installation, on every page but the prompt-free ones (a tracking link's). */
function Install() {
  const offer = useSyncExternalStore(subscribeInstallOffer, installOffer);
  const pathname = useSyncExternalStore(subscribePathname, currentPathname);
  return offer && promptsAllowedOn(pathname) ? <InstallBanner offer={offer} /> : null;
}

/**
 * The toasts' region, once a screen that may toast is open: any screen with the data layer (every
 * one but / and /about) or the install banner. A toast raised before waits in the toaster's store.
 */
function Toasts() {
  const data = useSyncExternalStore(subscribeTrpc, loadedTrpc);
  const offer = useSyncExternalStore(subscribeInstallOffer, installOffer);
  return data || offer || window.__haulwiseBoot?.toast ? <Toaster /> : null;
}

/** A toast a prerendered page's bootstrap asked for before the app had loaded (an install accepted from its banner). */
let earlyToastShown = false;
function EarlyToast() {
  useEffect(() => {
    const toast = window.__haulwiseBoot?.toast;
    if (!toast || earlyToastShown) return;
    earlyToastShown = true;
    void import('./components/toaster').then(({ notify }) => notify.success(toast.title, toast.description));
  }, []);
  return null;
}

/** Chakra with the light public system, then the full one once a signed-in screen needs it (theme-switch.ts). */
function Themed({ children }: { children: ReactNode }) {
  const system = useSyncExternalStore(subscribeSystem, currentSystem, currentSystem);
  return <ChakraProvider value={system}>{children}</ChakraProvider>;
}

/**
 * The app's tree. Hydrating a prerendered page, the install banner and the toasts' region (never
 * prerendered) join after hydration. (The page itself tells the bootstrap once its content has
 * hydrated: features/public/use-hydrated-signal.ts.)
 */
function App({ hydrating }: { hydrating: boolean }) {
  const [hydrated, setHydrated] = useState(!hydrating);
  useEffect(() => {
    setHydrated(true);
    // Rendered instead of hydrating (a prerendered page's visitor sent on to another screen): the
    // bootstrap stops holding presses at once (what it held was for the page that is gone).
    if (!hydrating) window.__haulwiseBoot?.hydrated();
  }, [hydrating]);
  return (
    <StrictMode>
      <Themed>
        <RouterProvider router={router} />
        {hydrated ? (
          <Suspense fallback={null}>
            <Install />
            <Toasts />
            <EarlyToast />
          </Suspense>
        ) : null}
      </Themed>
    </StrictMode>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing');
// A public page arrives prerendered (scripts/prerender.ts) and loads the app only when it is used
// (boot.ts): once the router has loaded the page's route, the app hydrates the very markup on screen
// (same elements: focus and typed text stay). A prerendered page served for another address (the
// offline shell of the service worker) is not shown at all: the app renders the screen instead.
const prerendered = root.dataset.prerendered;
if (prerendered !== undefined && prerendered !== pathname) root.replaceChildren();
// The first render (or hydration) is a transition: React works in slices and yields to the browser
// between them, so it does not hold the main thread in one long task.
if (prerendered === pathname) {
  void router
    .load()
    .catch(() => undefined)
    .then(() => {
      // Sent on meanwhile (a signed-in visitor of / or /auth goes to the dashboard): that screen is rendered instead.
      if (router.state.location.pathname !== prerendered) {
        root.replaceChildren();
        const app = createRoot(root);
        startTransition(() => app.render(<App hydrating={false} />));
        return;
      }
      // The router's tree as on the server (scripts/prerender.ts renders with isServer): no Suspense of
      // its own around the matches, as TanStack's own SSR client marks a hydrating router (router.ssr).
      router.ssr = { manifest: undefined };
      startTransition(() => {
        hydrateRoot(root, <App hydrating />, {
          onRecoverableError: (error) => console.warn('Hydration of the prerendered page fell back to rendering', error),
        });
      });
    });
} else {
  const app = createRoot(root);
  // A signed-in screen renders once its full styles are in (its root route waits for them anyway),
  // so the public system is never made for it (theme-switch.ts).
  const styles = isPublicPath(pathname) ? Promise.resolve() : loadFullSystem().catch(() => undefined);
  void styles.then(() => startTransition(() => app.render(<App hydrating={false} />)));
}
