import { lazy, Suspense, useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { Outlet, createRootRouteWithContext, useRouterState } from '@tanstack/react-router';
import { NotFound } from '../components/NotFound';
import { notificationPromptWanted } from '../features/pwa/notification-permission';
import type { TrpcUtils } from '../lib/trpc';
import { isPublicPath, loadFullSystem } from '../theme-switch';

export interface RouterContext {
  queryClient: QueryClient;
  trpcUtils: TrpcUtils;
}

/** Loaded only in a browser that may see it, after the page: never part of the public pages' first load. */
const NotificationPrompt = lazy(() =>
  import('../features/pwa/NotificationPrompt').then((module) => ({ default: module.NotificationPrompt })),
);

export const Route = createRootRouteWithContext<RouterContext>()({
  // A signed-in screen renders with the full Chakra system (theme-switch.ts): it is loaded first.
  beforeLoad: async ({ location }) => {
    if (!isPublicPath(location.pathname)) await loadFullSystem();
  },
  component: Root,
  notFoundComponent: NotFound,
});

function Root() {
  // The signed-in shell shows its own prompt (features/shell/AppShell.tsx); outside it, this one.
  const inShell = useRouterState({ select: (state) => state.matches.some((match) => match.routeId.startsWith('/_authed')) });
  const [promptWanted] = useState(notificationPromptWanted);
  return (
    <>
      <Outlet />
      {promptWanted && !inShell && (
        <Suspense fallback={null}>
          <NotificationPrompt />
        </Suspense>
      )}
    </>
  );
}
