import { useState } from 'react';
import { Box, Button, Flex, Heading, Stack, Switch, Text, chakra } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { NOTIFICATION_TEXTS, type NotificationItem } from '#shared/schemas/notifications.js';
import { QueryState } from '../../components/QueryState';
import { LoadMore } from '../../components/records/record-parts';
import { reportFailure, useFailureToast } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { useMarkRead, useNotificationList } from './use-notifications';

/** Only paths of this app are opened (the server stores no other kind, and this checks again). */
const isAppPath = (link: string | null): link is string =>
  Boolean(link && link.startsWith('/') && !link.startsWith('//') && !link.includes('\\'));

/**
 * The notification list (the bell's panel): newest first, unread ones marked, "Mark all read",
 * and "Unread only". Opening one marks it read and goes to its record.
 */
export function NotificationList({ onNavigate }: { onNavigate?: () => void }) {
  const [unreadOnly, setUnreadOnly] = useState(false);
  const { rows, query } = useNotificationList(unreadOnly, true);
  useFailureToast(query);
  const { one, all } = useMarkRead();
  const navigate = useNavigate();
  const openItem = (item: NotificationItem) => {
    if (!item.isRead) one.mutate({ id: item.id }, { onError: (error) => reportFailure('Error', error) });
    if (isAppPath(item.link)) {
      onNavigate?.();
      void navigate({ href: item.link });
    }
  };
  const hasUnread = rows.some((item) => !item.isRead);
  return (
    <Stack gap="3" as="section" aria-labelledby="notifications-title">
      <Flex justify="space-between" align="center" gap="2" wrap="wrap">
        <Heading as="h2" size="md" id="notifications-title">
          {NOTIFICATION_TEXTS.title}
        </Heading>
        <Button
          size="xs"
          variant="outline"
          disabled={!hasUnread}
          loading={all.isPending}
          onClick={() => all.mutate(undefined, { onError: (error) => reportFailure('Error', error) })}
        >
          {NOTIFICATION_TEXTS.markAllRead}
        </Button>
      </Flex>
      <Switch.Root size="sm" checked={unreadOnly} onCheckedChange={(details) => setUnreadOnly(details.checked)}>
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label>{NOTIFICATION_TEXTS.unreadOnly}</Switch.Label>
      </Switch.Root>
      <Box maxH="420px" overflowY="auto">
        <QueryState
          isLoading={query.isPending}
          error={query.error}
          isEmpty={rows.length === 0}
          loadingText={NOTIFICATION_TEXTS.loading}
          emptyText={NOTIFICATION_TEXTS.empty}
          onRetry={() => void query.refetch()}
        >
          <Stack as="ul" gap="1" m="0" p="0" listStyleType="none" aria-label={NOTIFICATION_TEXTS.title}>
            {rows.map((item) => (
              <li key={item.id}>
                <chakra.button
                  type="button"
                  onClick={() => openItem(item)}
                  data-testid="notification"
                  data-unread={!item.isRead || undefined}
                  w="full"
                  textAlign="start"
                  p="2"
                  borderRadius="md"
                  bg={item.isRead ? 'transparent' : 'blue.50'}
                  _hover={{ bg: 'gray.100' }}
                  _focusVisible={{ outline: '2px solid', outlineColor: 'blue.600' }}
                >
                  <Flex gap="2" align="flex-start">
                    <Box
                      aria-hidden
                      mt="1.5"
                      w="2"
                      h="2"
                      borderRadius="full"
                      bg={item.isRead ? 'transparent' : 'blue.600'}
                      flexShrink={0}
                    />
                    <Stack gap="0" minW="0">
                      <Text fontWeight={item.isRead ? 'normal' : 'semibold'} fontSize="sm">
                        {item.isRead ? null : <chakra.span srOnly>Unread: </chakra.span>}
                        {item.title}
                      </Text>
                      {item.body ? (
                        <Text fontSize="sm" color="gray.700" lineClamp={2} wordBreak="break-word">
                          {item.body}
                        </Text>
                      ) : null}
                      <Text fontSize="xs" color="gray.700">
                        {formatDateTime(item.createdAt)}
                      </Text>
                    </Stack>
                  </Flex>
                </chakra.button>
              </li>
            ))}
          </Stack>
          <LoadMore hasMore={query.hasNextPage} isLoading={query.isFetchingNextPage} onLoad={() => void query.fetchNextPage()} />
        </QueryState>
      </Box>
    </Stack>
  );
}
