import { haversineMiles, type LatLng } from '#shared/rules/geo.js';
import {
  ETA_ASSUMED_MPH,
  TRACKING_TEXTS,
  trackingTokenInput,
  trackingViewOutput,
  type TrackingPositionPrecision,
  type TrackingStop,
  type TrackingStopKind,
  type TrackingView,
} from '#shared/schemas/tracking.js';
import type { LoadStatus } from '#shared/constants.js';
import { commitThenFail } from '../../db/transactions.js';
import { AppError } from '../../errors.js';
import { loadGazetteer, type Gazetteer } from '../../services/geo/gazetteer.js';
import { hitRateLimit } from '../../services/rate-limit.js';
import { permitted } from '../../trpc/procedures.js';
import { placeName } from '../geo/describe-places.js';
import { hashTrackingToken } from './tracking-token.js';
import { viewLink } from './tracking.repository.js';

/** Per address: a page open in a few tabs refreshes every minute; a guesser gets nowhere. */
export const TRACKING_VIEW_LIMIT = { limit: 60, windowSeconds: 60 } as const;

/** A city-level position far from any US town (at sea, abroad) is shown on a grid this coarse (half a degree: some 35 miles). */
const CITY_LEVEL_GRID_DEGREES = 0.5;

/** Expired, revoked and unknown tokens all answer alike: nothing tells them apart. */
export const trackingLinkGone = () => new AppError('NOT_FOUND', TRACKING_TEXTS.expired);

/**
 * tracking.view: a tracking link's public page, for anyone holding its token (no sign-in). It
 * reads only through app_tracking_link_view (a security-definer function by the token's hash:
 * company name and contact, load number, lane, status, expiry, the link's precision, last
 * position), locates the lane's stops for the page's map, names the last position's place
 * (places, not coordinates: the visitor may not ask geo.describe), snaps it to the centre of the
 * town it is near for a city-level link (the exact position never leaves the server), and adds a
 * straight-line ETA from the position as shown to the next stop at ETA_ASSUMED_MPH. Rate limited
 * per address; refused calls count too (committed before the answer).
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
    const gazetteer = await loadGazetteer();
    const stops: TrackingStop[] = [
      { kind: 'pickup', city: row.pickupCity, state: row.pickupState, location: locateStop(gazetteer, row.pickupCity, row.pickupState) },
      {
        kind: 'delivery',
        city: row.deliveryCity,
        state: row.deliveryState,
        location: locateStop(gazetteer, row.deliveryCity, row.deliveryState),
      },
    ];
    const exact =
      row.lastLat !== null && row.lastLng !== null && row.lastRecordedAt !== null ? { lat: row.lastLat, lng: row.lastLng } : null;
    const shown = exact ? shownPosition(gazetteer, exact, row.positionPrecision) : null;
    const lastPosition = shown && row.lastRecordedAt ? { ...shown, recordedAt: row.lastRecordedAt } : null;
    return {
      companyName: row.companyName,
      companyPhone: row.companyPhone?.trim() || null,
      companyEmail: row.companyEmail?.trim() || null,
      loadNumber: row.loadNumber,
      origin: { city: row.pickupCity, state: row.pickupState },
      destination: { city: row.deliveryCity, state: row.deliveryState },
      stops,
      status,
      expiresAt: row.expiresAt,
      positionPrecision: row.positionPrecision,
      lastPosition,
      eta: straightLineEta(status, lastPosition, stops),
    };
  });

function locateStop(gazetteer: Gazetteer, city: string, state: string): LatLng | null {
  if (!city.trim() || !state.trim()) return null;
  return gazetteer.locate(city, state);
}

/**
 * The position a link's page is given: for an exact link the position, named ("12 mi W of
 * Memphis, TN"); for a city-level one the centre of the town it is near ("Near Memphis, TN"), or,
 * far from any US town, a coarse grid's point with no name.
 */
export function shownPosition(
  gazetteer: Gazetteer,
  point: LatLng,
  precision: TrackingPositionPrecision,
): { lat: number; lng: number; place: string | null } {
  if (precision === 'exact') return { ...point, place: placeName(gazetteer, point) };
  const near = gazetteer.nearest(point);
  const centre = near ? gazetteer.locate(near.city, near.state) : null;
  if (near && centre) return { lat: centre.lat, lng: centre.lng, place: `Near ${near.city}, ${near.state}` };
  const snap = (value: number) => Math.round(value / CITY_LEVEL_GRID_DEGREES) * CITY_LEVEL_GRID_DEGREES;
  return { lat: snap(point.lat), lng: snap(point.lng), place: null };
}

/** The stop a load heads for: its pickup until picked up, then its delivery; none once delivered or cancelled. */
export function nextStopKind(status: LoadStatus): TrackingStopKind | null {
  if (status === 'pending' || status === 'assigned') return 'pickup';
  if (status === 'picked' || status === 'in_transit') return 'delivery';
  return null;
}

/** Distance as the crow flies from the position shown to the next stop's city, at the assumed average speed. */
export function straightLineEta(
  status: LoadStatus,
  from: LatLng | null,
  stops: readonly TrackingStop[],
  now = Date.now(),
): TrackingView['eta'] {
  const kind = nextStopKind(status);
  const destination = stops.find((stop) => stop.kind === kind)?.location;
  if (!from || !kind || !destination) return null;
  const miles = haversineMiles(from, destination);
  const hours = Math.round((miles / ETA_ASSUMED_MPH) * 10) / 10;
  return { stop: kind, miles, hours, arrivesAt: new Date(now + (miles / ETA_ASSUMED_MPH) * 3_600_000).toISOString() };
}
