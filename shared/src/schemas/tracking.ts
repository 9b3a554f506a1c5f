import { z } from 'zod';
import { LOAD_STATUSES } from '../constants.js';
import { timestamp } from './fields.js';

/**
 * Tracks and public tracking links (issue 14, docs/fleet.md "Tracks and tracking links").
 * - tracking.loadTrack: the positions of a load's driver during the load, thinned in SQL to at
 *   most TRACK_MAX_POINTS, for the Map tab;
 * - tracking.createLink / listLinks / revokeLink: a dispatcher's (or admin's) links per load;
 * - tracking.view: what a tracking link's public page shows, for anyone holding the token.
 */

/** The most points a track carries to the map; a longer track is thinned evenly (its last point always kept). */
export const TRACK_MAX_POINTS = 2000;

/** How long a new link stays valid, in days: the dialog's choices and its default. */
export const TRACKING_LINK_DAYS = [1, 3, 7, 30] as const;
export type TrackingLinkDays = (typeof TRACKING_LINK_DAYS)[number];
export const TRACKING_LINK_DEFAULT_DAYS: TrackingLinkDays = 7;
/** Active links per load at most: enough to send one to each party, never an unbounded list. */
export const TRACKING_LINKS_PER_LOAD_MAX = 20;

/** The straight-line ETA's assumed average speed (stated on the page). */
export const ETA_ASSUMED_MPH = 50;

/**
 * How a link's public page shows the truck (issue 27, item 4), chosen when the link is created:
 * 'exact' its last position; 'city' only the town it is near (the server snaps the position to
 * that town's centre before answering, so the exact coordinates never reach the visitor).
 */
export const TRACKING_POSITION_PRECISIONS = ['exact', 'city'] as const;
export type TrackingPositionPrecision = (typeof TRACKING_POSITION_PRECISIONS)[number];
export const TRACKING_POSITION_PRECISION_LABELS: Record<TrackingPositionPrecision, string> = {
  exact: 'Exact',
  city: 'City only',
};

export const TRACKING_TEXTS = {
  expired: 'This tracking link has expired or was revoked',
  tooMany: `A load can have at most ${TRACKING_LINKS_PER_LOAD_MAX} active tracking links. Revoke one first.`,
  linkNotFound: 'Tracking link not found',
  rateLimited: 'Too many requests. Please wait a minute and try again.',
} as const;

/** The public page's address for a token: /track/<token>. */
export const trackingPath = (token: string) => `/track/${token}`;

export const loadTrackInput = z.object({ loadId: z.uuid('Load is invalid') });
export type LoadTrackInput = z.infer<typeof loadTrackInput>;

export const trackPoint = z.object({ lat: z.number(), lng: z.number(), recordedAt: timestamp });
export type TrackPoint = z.infer<typeof trackPoint>;

export const loadTrackOutput = z.object({
  /** The load's driver (null: none assigned, so no track). */
  driverId: z.uuid().nullable(),
  /** The load's time window: from its pickup to its delivery, or to now while it moves. */
  startsAt: timestamp,
  endsAt: timestamp,
  /** Points in time order, at most TRACK_MAX_POINTS. */
  points: z.array(trackPoint),
  /** How many positions the window holds (more than `points.length` when thinned). */
  totalPoints: z.number().int(),
  /** The newest position of the window (also the last point), or null. */
  last: trackPoint.nullable(),
});
export type LoadTrack = z.infer<typeof loadTrackOutput>;

export const createTrackingLinkInput = z.object({
  loadId: z.uuid('Load is invalid'),
  days: z
    .literal(TRACKING_LINK_DAYS, { error: `Expires in must be one of ${TRACKING_LINK_DAYS.join(', ')} days` })
    .default(TRACKING_LINK_DEFAULT_DAYS),
  positionPrecision: z
    .enum(TRACKING_POSITION_PRECISIONS, { error: "Show the truck's position must be exact or city only" })
    .default('exact'),
});
export type CreateTrackingLinkInput = z.input<typeof createTrackingLinkInput>;

export const trackingLinkItem = z.object({
  id: z.uuid(),
  loadId: z.uuid(),
  expiresAt: timestamp,
  createdAt: timestamp,
  /** Who created it ("Dana Whitfield"), or null when their profile is gone. */
  createdByName: z.string().nullable(),
  /** How its page shows the truck's position. */
  positionPrecision: z.enum(TRACKING_POSITION_PRECISIONS),
});
export type TrackingLinkItem = z.infer<typeof trackingLinkItem>;

/** A new link: the token exists only in this answer (only its hash is stored). */
export const createTrackingLinkOutput = trackingLinkItem.extend({ token: z.string(), path: z.string() });
export type CreatedTrackingLink = z.infer<typeof createTrackingLinkOutput>;

export const listTrackingLinksInput = loadTrackInput;
export const listTrackingLinksOutput = z.object({ items: z.array(trackingLinkItem) });

export const revokeTrackingLinkInput = z.object({ id: z.uuid('Tracking link is invalid') });
export const revokeTrackingLinkOutput = z.object({ id: z.uuid() });

/** A token as links carry it: 43 URL-safe characters; anything else is refused like an unknown token. */
export const trackingTokenInput = z.object({ token: z.string({ error: 'Token is required' }).min(1, 'Token is required').max(200) });

export const place = z.object({ city: z.string(), state: z.string() });

/** A load's stops in order: its pickup, then its delivery. */
export const TRACKING_STOP_KINDS = ['pickup', 'delivery'] as const;
export type TrackingStopKind = (typeof TRACKING_STOP_KINDS)[number];

export const trackingStop = place.extend({
  kind: z.enum(TRACKING_STOP_KINDS),
  /** The city's centre from the server's gazetteer (public knowledge), or null when the city is unknown. */
  location: z.object({ lat: z.number(), lng: z.number() }).nullable(),
});
export type TrackingStop = z.infer<typeof trackingStop>;

export const trackingViewOutput = z.object({
  companyName: z.string(),
  /** The company's contact as its profile gives it (null when not set). */
  companyPhone: z.string().nullable(),
  companyEmail: z.string().nullable(),
  loadNumber: z.string(),
  origin: place,
  destination: place,
  /** The lane's stops, pickup then delivery, located for the page's map. */
  stops: z.array(trackingStop),
  status: z.enum(LOAD_STATUSES),
  expiresAt: timestamp,
  /** How this link shows the truck: for 'city', `lastPosition` is the centre of the town it is near, never its position. */
  positionPrecision: z.enum(TRACKING_POSITION_PRECISIONS),
  /**
   * The last position of the load's track, or null when none was shared; `place` names it as a
   * person reads it ("12 mi W of Memphis, TN"; "Near Memphis, TN" for a city-level link; null far
   * from any US town), from the server's gazetteer, since the page's visitor may not ask geo.describe.
   */
  lastPosition: trackPoint.extend({ place: z.string().nullable() }).nullable(),
  /**
   * Straight-line estimate from the last position (as shown) to the next stop's city at
   * ETA_ASSUMED_MPH; null when delivered or cancelled, with no position, or when that city is unknown.
   */
  eta: z.object({ stop: z.enum(TRACKING_STOP_KINDS), miles: z.number(), hours: z.number(), arrivesAt: timestamp }).nullable(),
});
export type TrackingView = z.infer<typeof trackingViewOutput>;
