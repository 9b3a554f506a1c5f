import { haversineMiles } from '#shared/rules/geo.js';
import { ETA_ASSUMED_MPH, TRACKING_TEXTS, trackingTokenInput, trackingViewOutput, type TrackingView } from '#shared/schemas/tracking.js';
import type { LoadStatus } from '#shared/constants.js';
import { commitThenFail } from '../../db/transactions.js';
import { AppError } from '../../errors.js';
import { loadGazetteer } from '../../services/geo/gazetteer.js';
import { hitRateLimit } from '../../services/rate-limit.js';
import { permitted } from '../../trpc/procedures.js';
import { placeOf } from '../geo/describe-places.js';
import { hashTrackingToken } from './tracking-token.js';
import { viewLink } from './tracking.repository.js';

/** Per address: a page open in a few tabs refreshes every minute; a guesser gets nowhere. */
export const TRACKING_VIEW_LIMIT = { limit: 60, windowSeconds: 60 } as const;

/** Expired, revoked and unknown tokens all answer alike: nothing tells them apart. */
export const trackingLinkGone = () => new AppError('NOT_FOUND', TRACKING_TEXTS.expired);

/**
 * tracking.view: a tracking link's public page, for anyone holding its token (no sign-in). It
 * reads only through app_tracking_link_view (a security-definer function by the token's hash:
 * company name, load number, lane, status, expiry, last position), names the last position's place
 * (places, not coordinates: the visitor may not ask geo.describe) and adds a straight-line ETA
 * from the last position to the destination city at ETA_ASSUMED_MPH. Rate limited per address;
 * refused calls count too (committed before the answer).
 */
export const viewTrackingLinkProcedure = permitted({ public: "a tracking link's token" })
  .input(trackingTokenInput)
  .output(trackingViewOutput)
  .query(async ({ ctx, input }) => {
    const allowed = await hitRateLimit(
      ctx.db,
      `tracking-view:ip:${ctx.request.ip}`,
      TRACKING_VIEW_LIMIT.limit,
      TRACKING_VIEW_LIMIT.windowSeconds,
    );
    if (!allowed) throw commitThenFail(new AppError('TOO_MANY_REQUESTS', TRACKING_TEXTS.rateLimited));
    const row = await viewLink(ctx.db, hashTrackingToken(input.token));
    if (!row) throw commitThenFail(trackingLinkGone());
    const status = row.status as LoadStatus;
    const last =
      row.lastLat !== null && row.lastLng !== null && row.lastRecordedAt !== null
        ? { lat: row.lastLat, lng: row.lastLng, recordedAt: row.lastRecordedAt }
        : null;
    const lastPosition = last ? { ...last, place: await placeOf(last) } : null;
    return {
      companyName: row.companyName,
      loadNumber: row.loadNumber,
      origin: { city: row.pickupCity, state: row.pickupState },
      destination: { city: row.deliveryCity, state: row.deliveryState },
      status,
      expiresAt: row.expiresAt,
      lastPosition,
      eta: await straightLineEta(status, lastPosition, row.deliveryCity, row.deliveryState),
    };
  });

/** Distance as the crow flies from the last position to the destination city, at the assumed average speed. */
export async function straightLineEta(
  status: LoadStatus,
  from: { lat: number; lng: number } | null,
  city: string,
  state: string,
  now = Date.now(),
): Promise<TrackingView['eta']> {
  if (!from || status === 'delivered' || status === 'cancelled') return null;
  const destination = (await loadGazetteer()).locate(city, state);
  if (!destination) return null;
  const miles = haversineMiles(from, destination);
  const hours = Math.round((miles / ETA_ASSUMED_MPH) * 10) / 10;
  return { miles, hours, arrivesAt: new Date(now + (miles / ETA_ASSUMED_MPH) * 3_600_000).toISOString() };
}
