import { Stack, Switch, Text } from '@chakra-ui/react';
import { NOTIFICATION_KIND_LABELS, NOTIFICATION_TEXTS, type NotificationKind } from '#shared/schemas/notifications.js';
import { QueryState } from '../../components/QueryState';
import { reportFailure, useFailureToast } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { SettingsCard } from '../settings/SettingsCard';
import { useBrowserPush } from './use-push';

const PUSH_HELP = {
  unsupported: 'This browser cannot show system notifications for Haulwise.',
  blocked: 'Notifications are blocked for this site in the browser’s settings.',
  checking: ' ',
  off: 'Show them as system notifications on this device, also when Haulwise is closed.',
  on: 'Shown as system notifications on this device, also when Haulwise is closed.',
} as const;

/** Web Push on this device: on or off. */
function BrowserNotificationsSwitch() {
  const push = useBrowserPush();
  const available = push.state === 'on' || push.state === 'off';
  const toggle = (enabled: boolean) =>
    void (enabled ? push.enable() : push.disable()).catch((error: unknown) => reportFailure('Error', error));
  return (
    <Switch.Root
      checked={push.state === 'on'}
      disabled={!available || push.busy}
      onCheckedChange={(details) => toggle(details.checked)}
      alignItems="flex-start"
    >
      <Switch.HiddenInput />
      <Switch.Control mt="0.5" />
      <Switch.Label>
        <Text as="span" display="block" fontWeight="medium">
          Browser notifications
        </Text>
        <Text as="span" display="block" fontWeight="normal" color="gray.700" fontSize="sm">
          {PUSH_HELP[push.state]}
        </Text>
      </Switch.Label>
    </Switch.Root>
  );
}

/** Settings: the kinds of notification the signed-in user receives, each on or off (saved at once). */
export function NotificationSettingsCard() {
  const utils = trpc.useUtils();
  const query = trpc.notifications.preferences.useQuery();
  useFailureToast(query);
  const save = trpc.notifications.setPreference.useMutation({
    onSuccess: (preferences) => utils.notifications.preferences.setData(undefined, preferences),
    onError: (error) => reportFailure('Error', error),
  });
  const toggle = (kind: NotificationKind, enabled: boolean) => save.mutate({ kind, enabled });
  return (
    <SettingsCard title={NOTIFICATION_TEXTS.settingsTitle} description={NOTIFICATION_TEXTS.settingsDescription}>
      <QueryState isLoading={query.isPending} error={query.error} isEmpty={false} emptyText="" onRetry={() => void query.refetch()}>
        <Stack gap="3">
          <BrowserNotificationsSwitch />
          {query.data?.map((preference) => (
            <Switch.Root
              key={preference.kind}
              checked={preference.enabled}
              disabled={save.isPending}
              onCheckedChange={(details) => toggle(preference.kind, details.checked)}
              alignItems="flex-start"
            >
              <Switch.HiddenInput />
              <Switch.Control mt="0.5" />
              <Switch.Label>
                <Text as="span" display="block" fontWeight="medium">
                  {NOTIFICATION_KIND_LABELS[preference.kind].label}
                </Text>
                <Text as="span" display="block" fontWeight="normal" color="gray.700" fontSize="sm">
                  {NOTIFICATION_KIND_LABELS[preference.kind].description}
                </Text>
              </Switch.Label>
            </Switch.Root>
          ))}
        </Stack>
      </QueryState>
    </SettingsCard>
  );
}
