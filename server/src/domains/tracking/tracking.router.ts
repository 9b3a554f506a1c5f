import { router } from '../../trpc/procedures.js';
import { createTrackingLinkProcedure } from './create-tracking-link.js';
import { getLoadTrackProcedure } from './get-load-track.js';
import { listTrackingLinksProcedure } from './list-tracking-links.js';
import { revokeTrackingLinkProcedure } from './revoke-tracking-link.js';
import { viewTrackingLinkProcedure } from './view-tracking-link.js';

/** Tracks and public tracking links (docs/fleet.md); who may call each is in shared/src/permissions.ts. */
export const trackingRouter = router({
  /** The driver's track for a load (whoever may see the load). */
  loadTrack: getLoadTrackProcedure,
  /** A load's active links; create one (the token is answered once); revoke one. */
  listLinks: listTrackingLinksProcedure,
  createLink: createTrackingLinkProcedure,
  revokeLink: revokeTrackingLinkProcedure,
  /** Public: what a link's page shows, by its token. */
  view: viewTrackingLinkProcedure,
});
