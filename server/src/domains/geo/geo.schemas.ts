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
