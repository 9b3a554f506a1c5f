import { lazy, Suspense, useDeferredValue } from 'react';
import { Center, Spinner, Stack, Text } from '@chakra-ui/react';
import { Outlet, createFileRoute, redirect } from '@tanstack/react-router';
import { AppShell } from '../features/shell/AppShell';
import { guardScreen } from '../lib/guards';
import { loadTrpc } from '../lib/trpc-lazy';

// The live channel's code (and the shared live schema it parses frames with, which brings zod) loads
// beside the first screen, not in its chunks: asked for when the layout first renders, mounted once it is in.
const LiveChannel = lazy(() => import('../lib/use-live').then((module) => ({ default: module.LiveChannel })));

export const Route = createFileRoute('/_authed')({
  // The data layer (loaded by the root route already) joins the context of every signed-in route.
  beforeLoad: async ({ location }) => {
    const { queryClient, trpcUtils } = await loadTrpc();
    const session = await trpcUtils.auth.session.ensureData();
    if (!session) throw redirect({ to: '/auth', replace: true });
    guardScreen(session, location.pathname);
    return { session, queryClient, trpcUtils };
  },
  pendingMs: 150,
  pendingComponent: ShellLoading,
  component: AuthedLayout,
});

function ShellLoading() {
  return (
    <Center minH="100vh">
      <Stack align="center" gap="3">
        <Spinner size="lg" color="blue.600" />
        <Text>Loading...</Text>
      </Stack>
    </Center>
  );
}

/**
 * The shell around every signed-in screen, with the session the guard above read (useSession
 * gives it to the screens), and the tab's one live channel (lib/use-live.ts).
 */
function AuthedLayout() {
  const { session } = Route.useRouteContext();
  // The shell and its first screen render in a deferred (concurrent) pass: React yields to the
  // browser between slices instead of rendering them in the one update that brought the session,
  // which held the main thread for the whole tree. "Loading..." shows until that pass is in.
  const isReady = useDeferredValue(true, false);
  if (!isReady) return <ShellLoading />;
  return (
    <AppShell session={session}>
      <Suspense fallback={null}>
        <LiveChannel />
      </Suspense>
      <Outlet />
    </AppShell>
  );
}
