import { can } from '#shared/permissions.js';
import type { MessageBox } from '#shared/schemas/messages.js';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { usePagedList } from '../../lib/use-paged-list';

/** The messages domain's hooks: one mailbox as a paged list, the unread count, what the user may do. */

export interface MessageFilters {
  box: MessageBox;
  search: string;
}

/** One mailbox, newest first; re-read live (lib/use-live.ts) when a message arrives or is read. */
export function useMailbox(filters: MessageFilters) {
  const procedure = filters.box === 'inbox' ? trpc.messages.inbox : trpc.messages.sent;
  return usePagedList(procedure, { search: filters.search || undefined });
}

/** Whether the signed-in user has messages at all (every staff role, drivers and carrier users). */
export function useMayMessage(): boolean {
  return can(useSession(), 'messages', 'read');
}

/** Whether the signed-in user writes as a driver or a carrier user: to the staff who dispatch them, about their own loads only. */
export function useWritesAsPortal(): boolean {
  const session = useSession();
  return session.portal !== null && session.role === null && !session.isMasterAdmin;
}

/** Whether the signed-in user may invite a driver without an account (the compose picker's "Invite"). */
export function useMayInviteDrivers(): boolean {
  return can(useSession(), 'drivers', 'invite');
}

/** The unread received messages: the Inbox badge and the navigation's. Live: re-read on every message change. */
export function useUnreadMessages(enabled = true): number {
  const query = trpc.messages.unreadCount.useQuery(undefined, { enabled });
  return query.data?.count ?? 0;
}
