import { useSyncExternalStore } from 'react';
import { Outlet, createRootRoute } from '@tanstack/react-router';
import { NotFound } from '../components/NotFound';
import { loadedTrpc, loadTrpc, needsData, subscribeTrpc } from '../lib/trpc-lazy';
import { isPublicPath, loadFullSystem } from '../theme-switch';

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
  // No notification prompt outside the signed-in shell (features/shell/AppShell.tsx): a visitor of
  // the public pages or of a tracking link has nothing notifications would serve.
  const data = useSyncExternalStore(subscribeTrpc, loadedTrpc, loadedTrpc);
  return data ? (
    <data.DataProviders>
      <Outlet />
    </data.DataProviders>
  ) : (
    <Outlet />
  );
}
