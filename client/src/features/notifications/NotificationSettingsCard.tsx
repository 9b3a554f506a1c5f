import { Stack, Switch, Text } from '@chakra-ui/react';
import { NOTIFICATION_KIND_LABELS, NOTIFICATION_TEXTS, type NotificationKind } from '#shared/schemas/notifications.js';
import { QueryState } from '../../components/QueryState';
import { reportFailure, useFailureToast } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { SettingsCard } from '../settings/SettingsCard';

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
