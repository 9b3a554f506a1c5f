import { createFileRoute } from '@tanstack/react-router';
import { tokenParam } from '../lib/search-params';
import { loadTrpc } from '../lib/trpc-lazy';
import { InvitationLoading, InvitationPage, invitationPreview } from '../features/team/InvitationPage';

/** Public: the link in an invitation email. Anyone holding it may open it, signed in or not. */
export const Route = createFileRoute('/invite/$token')({
  params: { parse: tokenParam, stringify: (value) => value },
  // The page is the invitation: read it before the page shows (a refused link is the page's to say).
  loader: async ({ params: { token } }) => (await loadTrpc()).trpcUtils.invitations.preview.prefetch({ token }, invitationPreview),
  pendingComponent: InvitationLoading,
  component: InvitationRoute,
});

function InvitationRoute() {
  const { token } = Route.useParams();
  return <InvitationPage token={token} />;
}
