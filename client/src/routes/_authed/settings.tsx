import { createFileRoute } from '@tanstack/react-router';
import { SettingsPage } from '../../features/settings/SettingsPage';

/** Every signed-in user (the spec's route table has no role guard here); the session guard is _authed's. */
export const Route = createFileRoute('/_authed/settings')({
  loader: ({ context }) => {
    void context.trpcUtils.settings.get.prefetch();
  },
  component: SettingsPage,
});
