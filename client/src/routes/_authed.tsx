import { Center, Spinner, Stack, Text } from '@chakra-ui/react';
import { Outlet, createFileRoute, redirect } from '@tanstack/react-router';
import { AppShell } from '../features/shell/AppShell';
import { guardScreen } from '../lib/guards';
import { trpc } from '../lib/trpc';

export const Route = createFileRoute('/_authed')({
  beforeLoad: async ({ context, location }) => {
    const session = await context.trpcUtils.auth.session.ensureData();
    if (!session) throw redirect({ to: '/auth', replace: true });
    guardScreen(session, location.pathname);
    return { session };
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

function AuthedLayout() {
  const context = Route.useRouteContext();
  const { data: session } = trpc.auth.session.useQuery(undefined, { initialData: context.session });
  if (!session) return <ShellLoading />;
  return (
    <AppShell session={session}>
      <Outlet />
    </AppShell>
  );
}
