import { createFileRoute } from '@tanstack/react-router';
import { tokenParam } from '../lib/search-params';
import { TrackingPage } from '../features/tracking/TrackingPage';

/** Public: a load's tracking link (docs/fleet.md). Anyone holding it may open it; no sign-in, outside the signed-in layout. */
export const Route = createFileRoute('/track/$token')({
  params: { parse: tokenParam, stringify: (value) => value },
  component: TrackingRoute,
});

function TrackingRoute() {
  const { token } = Route.useParams();
  return <TrackingPage token={token} />;
}
