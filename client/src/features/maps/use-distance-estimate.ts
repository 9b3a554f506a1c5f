import { trpc } from '../../lib/trpc';
import { useDebouncedValue } from '../../lib/use-debounced-value';

export interface CityAndState {
  city: string;
  state: string;
}

/** Trimmed, with the state in capitals, so "chicago , il" and "Chicago, IL" share one cached answer. */
export const tidyPlace = (place: CityAndState): CityAndState => ({ city: place.city.trim(), state: place.state.trim().toUpperCase() });

/** Enough to look a place up: a city and a 2-letter state. */
export const isLocatable = (place: CityAndState) => place.city.trim().length > 0 && /^[A-Za-z]{2}$/.test(place.state.trim());

/**
 * The lane's straight-line distance estimate from its cities (geo.estimateDistance): `query.data`
 * is `{ miles, pickup, delivery }`, or null when either city is unknown. Nothing is asked until
 * both places have a city and a 2-letter state. A form passes `debounceMs` so typing does not
 * send a request per keystroke.
 */
export function useDistanceEstimate(
  pickup: CityAndState,
  delivery: CityAndState,
  options: { debounceMs?: number; enabled?: boolean } = {},
) {
  const input = { pickup: tidyPlace(pickup), delivery: tidyPlace(delivery) };
  const settled = useDebouncedValue(input, options.debounceMs ?? 0, JSON.stringify(input));
  const isComplete = isLocatable(settled.pickup) && isLocatable(settled.delivery);
  const query = trpc.geo.estimateDistance.useQuery(settled, {
    enabled: (options.enabled ?? true) && isComplete,
    // Where a city is does not change while the app is open.
    staleTime: Number.POSITIVE_INFINITY,
  });
  return { query, isComplete };
}

/** Where one place is (geo.locate), asked only when `enabled` and the place is locatable. */
export function useLocate(place: CityAndState, enabled: boolean) {
  const input = tidyPlace(place);
  return trpc.geo.locate.useQuery(input, { enabled: enabled && isLocatable(input), staleTime: Number.POSITIVE_INFINITY });
}

/**
 * Where each of several places is (geo.locate, one cached query a place, sent in one batch): a
 * load's stops. `data` is undefined while a place is asked, null when the gazetteer does not know it.
 */
export function useLocateAll(places: readonly CityAndState[]) {
  return trpc.useQueries((t) =>
    places.map((place) => {
      const input = tidyPlace(place);
      return t.geo.locate(input, { enabled: isLocatable(input), staleTime: Number.POSITIVE_INFINITY });
    }),
  );
}
