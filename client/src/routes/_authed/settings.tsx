import { createFileRoute } from '@tanstack/react-router';
import { SettingsLoading, SettingsPage } from '../../features/settings/SettingsPage';

/** Every signed-in user (the spec's route table has no role guard here); the session guard is _authed's. */
export const Route = createFileRoute('/_authed/settings')({
  // The page's cards are forms filled from the settings: read them before it shows.
  loader: ({ context }) => context.trpcUtils.settings.get.prefetch(),
  pendingComponent: SettingsLoading,
  component: SettingsPage,
});
