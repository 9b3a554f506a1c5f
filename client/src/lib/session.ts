import { getRouteApi, useRouter } from '@tanstack/react-router';
import type { SessionOutput } from '#shared/schemas/auth.js';
import { trpc } from './trpc';

const authedRoute = getRouteApi('/_authed');

/**
 * The signed-in user's session, from the router context: the /_authed route reads it before any
 * signed-in screen renders, so no screen asks the server for it again. Only for components under
 * /_authed.
 */
export function useSession(): SessionOutput {
  return authedRoute.useRouteContext({ select: (context) => context.session });
}

/** After a change the session shows (one's own name): read it again and hand it to every screen. */
export function useRefreshSession(): () => Promise<void> {
  const utils = trpc.useUtils();
  const router = useRouter();
  return async () => {
    // fetch, not refetch: the session in the cache may have been put there at sign-in, without a way to read it.
    await utils.auth.session.fetch(undefined, { staleTime: 0 });
    await router.invalidate();
  };
}
