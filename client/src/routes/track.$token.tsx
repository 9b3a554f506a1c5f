import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { TrackingPage } from '../features/tracking/TrackingPage';

const params = z.object({ token: z.string().min(1).max(200) });

/** Public: a load's tracking link (docs/fleet.md). Anyone holding it may open it; no sign-in, outside the signed-in layout. */
export const Route = createFileRoute('/track/$token')({
  params: { parse: (raw) => params.parse(raw), stringify: (value) => value },
  component: TrackingRoute,
});

function TrackingRoute() {
  const { token } = Route.useParams();
  return <TrackingPage token={token} />;
}
