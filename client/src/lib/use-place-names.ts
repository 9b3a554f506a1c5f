import { useEffect, useSyncExternalStore } from 'react';
import { TRPCClientError } from '@trpc/client';
import { PlaceNameStore, placeKey, type PlaceLookup } from './place-name-store';
import { isUnauthorized, sessionLost, trpcClient } from './trpc';

export { PLACE_UNAVAILABLE, type PlaceLookup } from './place-name-store';

interface Point {
  lat: number | string | null;
  lng: number | string | null;
}

/** A refusal (no right to geo.describe, a session gone, a point refused) does not pass with time: never retried. */
const PERMANENT_CODES = new Set(['UNAUTHORIZED', 'FORBIDDEN', 'BAD_REQUEST']);

const store = new PlaceNameStore(
  async (points) => {
    try {
      return (await trpcClient.geo.describe.query({ points })).places;
    } catch (error) {
      if (isUnauthorized(error)) sessionLost.handler();
      throw error;
    }
  },
  { retryable: (error) => !(error instanceof TRPCClientError && PERMANENT_CODES.has(String(error.data?.code))) },
);

/**
 * Places, not coordinates: each position as a person reads it ("12 mi W of Memphis, TN"), from the
 * server's offline gazetteer (geo.describe: staff who read loads, drivers or the fleet), in the
 * order given. undefined while asked or without a position, null when no US town is near,
 * PLACE_UNAVAILABLE when the server could not say. Names are cached per position for the tab's
 * life (place-name-store.ts): a list that refetches, or whose drivers move one at a time, asks
 * only for the positions it has not named yet, 100 a call, whatever the list's length.
 */
export function usePlaceNames(points: readonly Point[]): PlaceLookup[] {
  const keys = points.map(placeKey);
  const version = useSyncExternalStore(store.subscribe, store.snapshot, store.snapshot);
  const wanted = keys.filter((key): key is string => key !== null).join(';');
  useEffect(() => {
    if (wanted) store.request(wanted.split(';'));
    // version: a failed ask's retry is due, or names arrived; the store skips what is known or asked.
  }, [wanted, version]);
  return keys.map((key) => store.lookup(key));
}
