import { z } from 'zod';
import { requiredText, stateCode } from '#shared/schemas/fields.js';

// Server-side for now: the client takes these shapes from the router's inferred types.

export const CITY_MAX_LENGTH = 100;

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A US place as a load names it: a city and its 2-letter state code. `label` prefixes the messages ("Pickup city is required"). */
export const placeInput = (label?: string) => {
  const prefix = label ? `${label} ` : '';
  return z.object({
    city: requiredText(capitalised(`${prefix}city`), CITY_MAX_LENGTH),
    state: stateCode(capitalised(`${prefix}state`)),
  });
};

export const latLng = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });

export const locateInput = placeInput();
export const locateOutput = latLng.nullable();

export const estimateDistanceInput = z.object({ pickup: placeInput('pickup'), delivery: placeInput('delivery') });
export type EstimateDistanceInput = z.infer<typeof estimateDistanceInput>;

/** Null when either city is not in the gazetteer. */
export const estimateDistanceOutput = z.object({ miles: z.number().nonnegative(), pickup: latLng, delivery: latLng }).nullable();
export type DistanceEstimate = z.infer<typeof estimateDistanceOutput>;

/** At most this many positions named in one call (a dashboard's drivers, one page of a list). */
export const DESCRIBE_POINTS_MAX = 100;
export const describeInput = z.object({ points: z.array(latLng).max(DESCRIBE_POINTS_MAX, `At most ${DESCRIBE_POINTS_MAX} positions`) });
/** Each position as a person reads it ("12 mi W of Memphis, TN"), in the input's order; null where no US town is near. */
export const describeOutput = z.object({ places: z.array(z.string().nullable()) });
