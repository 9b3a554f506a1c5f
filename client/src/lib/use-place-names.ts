import { trpc } from './trpc';

interface Point {
  lat: number | string | null;
  lng: number | string | null;
}

/** Positions a few hundred feet apart read as one place: rounding keeps the query's key steady while a driver idles. */
const round = (value: number) => Math.round(value * 1000) / 1000;

/** The server names at most this many positions a call (geo.describe). */
const MAX_POINTS = 100;

/**
 * Places, not coordinates: each position as a person reads it ("12 mi W of Memphis, TN"), from the
 * server's offline gazetteer, in the order given. undefined while loading or without a position,
 * null when no US town is near.
 */
export function usePlaceNames(points: readonly Point[]): (string | null | undefined)[] {
  const known = points
    .map((point, index) => ({ index, lat: Number(point.lat), lng: Number(point.lng), has: point.lat !== null && point.lng !== null }))
    .filter((point) => point.has && Number.isFinite(point.lat) && Number.isFinite(point.lng))
    .slice(0, MAX_POINTS);
  const query = trpc.geo.describe.useQuery(
    { points: known.map((point) => ({ lat: round(point.lat), lng: round(point.lng) })) },
    { enabled: known.length > 0, staleTime: 5 * 60_000 },
  );
  const names: (string | null | undefined)[] = points.map(() => undefined);
  known.forEach((point, position) => {
    names[point.index] = query.data?.places[position];
  });
  return names;
}
