import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { Outlet, createRootRoute, useRouterState } from '@tanstack/react-router';
import { NotFound } from '../components/NotFound';
import { notificationPromptWanted } from '../features/pwa/notification-permission';
import { loadedTrpc, loadTrpc, needsData, subscribeTrpc } from '../lib/trpc-lazy';
import { isPublicPath, loadFullSystem } from '../theme-switch';

/** Loaded only in a browser that may see it, after the page: never part of the public pages' first load. */
const NotificationPrompt = lazy(() =>
  import('../features/pwa/NotificationPrompt').then((module) => ({ default: module.NotificationPrompt })),
);

export const Route = createRootRoute({
  // A signed-in screen renders with the full Chakra system (theme-switch.ts) and every screen but
  // the data-free ones with the data layer: both are loaded first, side by side.
  beforeLoad: async ({ location }) => {
    await Promise.all([isPublicPath(location.pathname) ? null : loadFullSystem(), needsData(location.pathname) ? loadTrpc() : null]);
  },
  component: Root,
  notFoundComponent: NotFound,
});

function Root() {
  // The signed-in shell shows its own prompt (features/shell/AppShell.tsx); outside it, this one.
  const inShell = useRouterState({ select: (state) => state.matches.some((match) => match.routeId.startsWith('/_authed')) });
  // After the first render, so a prerendered page renders the same markup (scripts/prerender.ts).
  const [promptWanted, setPromptWanted] = useState(false);
  // A prerendered public page has its own (client/src/boot.ts shows #prompt-island): not a second one.
  useEffect(() => setPromptWanted(notificationPromptWanted() && !document.getElementById('prompt-island')), []);
  const data = useSyncExternalStore(subscribeTrpc, loadedTrpc, loadedTrpc);
  const page = data ? (
    <data.DataProviders>
      <Outlet />
    </data.DataProviders>
  ) : (
    <Outlet />
  );
  return (
    <>
      {page}
      {promptWanted && !inShell && (
        <Suspense fallback={null}>
          <NotificationPrompt />
        </Suspense>
      )}
    </>
  );
}
