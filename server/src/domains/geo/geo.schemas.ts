import { z } from 'zod';

// Server-side for now: the client takes these shapes from the router's inferred types.
// TODO(issue 3): move to shared/src/schemas/geo.ts if a client form validates places itself.

export const CITY_MAX_LENGTH = 100;

/** A US place as a load names it: a city and its 2-letter state code. `label` prefixes the messages ("Pickup city is required"). */
export const placeInput = (label?: string) => {
  const prefix = label ? `${label} ` : '';
  const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
  return z.object({
    city: z
      .string(capitalised(`${prefix}city is required`))
      .trim()
      .min(1, capitalised(`${prefix}city is required`))
      .max(CITY_MAX_LENGTH, capitalised(`${prefix}city must be less than ${CITY_MAX_LENGTH} characters`)),
    state: z
      .string(capitalised(`${prefix}state must be 2 letters`))
      .trim()
      .regex(/^[A-Za-z]{2}$/, capitalised(`${prefix}state must be 2 letters`))
      .toUpperCase(),
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
