import type { SessionOutput } from '#shared/schemas/auth.js';
import { clearOfflineSnapshot } from './offline-snapshot';
import { queryClient, trpcUtils, wsClient } from './trpc';

/**
 * The one place a tab changes who it is (sign-in, joining by invitation, sign-out, a lost
 * session): drop what the previous identity cached and reconnect sockets with the new cookie.
 */
export function switchIdentity(session: SessionOutput | null): void {
  queryClient.clear();
  clearOfflineSnapshot();
  wsClient.close();
  if (session) trpcUtils.auth.session.setData(undefined, session);
}
