import { trpc } from '../../lib/trpc';
import { usePagedList } from '../../lib/use-paged-list';

/** The notification centre's hooks: the bell's count, the list, marking read. Live through the one channel (lib/use-live.ts). */

export function useUnreadNotifications(): number {
  return trpc.notifications.unreadCount.useQuery().data?.count ?? 0;
}

export function useNotificationList(unreadOnly: boolean, enabled: boolean) {
  return usePagedList(trpc.notifications.list, { unreadOnly, limit: 20 }, { enabled });
}

export function useMarkRead() {
  const utils = trpc.useUtils();
  const refresh = () => {
    void utils.notifications.list.invalidate();
    void utils.notifications.unreadCount.invalidate();
  };
  const one = trpc.notifications.markRead.useMutation({ onSettled: refresh });
  const all = trpc.notifications.markAllRead.useMutation({ onSettled: refresh });
  return { one, all };
}
