import { z } from 'zod';
import { timestamp } from './fields.js';

/**
 * Stop geofences, arrivals and departures, detention (issue 31, items 2-4; docs/fleet.md).
 */

export const GEOFENCE_TEXTS = {
  title: 'Arrivals and detention',
  loading: 'Loading arrivals...',
  empty: 'No stops yet',
  notArrived: 'Not arrived',
  stillThere: 'At the stop',
  undoArrival: 'Undo arrival',
  undoDeparture: 'Undo departure',
  undoArrivalConfirm: 'Clear this arrival (and its departure)? A status the departure moved goes back.',
  undoDepartureConfirm: 'Clear this departure? A status it moved goes back.',
  addDetention: 'Add detention to invoice',
  detentionAdded: 'Detention added to the load’s charges',
  notDeparted: 'The truck has not left this stop yet',
  notArrivedError: 'The truck has not arrived at this stop',
  noDetention: 'No detention at this stop',
  noRate: 'The broker has no detention rate',
  alreadyAdded: 'Detention for this stop is already on the load',
  invoiceSent: "The load's invoice was already sent",
  tooManyCharges: 'A load has at most 20 charges',
  noDeparture: 'No departure to undo',
  noArrival: 'No arrival to undo',
} as const;

export const STOP_ROLES = ['pickup', 'stop', 'delivery'] as const;

/** One stop's visit: where it is, its fence, the truck's arrival and departure, and the detention. */
export const stopVisit = z.object({
  id: z.uuid(),
  position: z.number().int(),
  role: z.enum(STOP_ROLES),
  city: z.string(),
  state: z.string(),
  lat: z.string().nullable(),
  lng: z.string().nullable(),
  radiusMiles: z.string(),
  arrivedAt: timestamp.nullable(),
  departedAt: timestamp.nullable(),
  /** Minutes at the stop: arrival to departure, or to now while there. */
  minutesAtStop: z.number().int().nullable(),
  freeHours: z.string(),
  detentionMinutes: z.number().int(),
  /** Hours beyond the free time, 2 decimals. */
  detentionHours: z.string(),
  /** The broker's hourly rate (null: none set), and the amount so far (null without a rate). */
  detentionRate: z.string().nullable(),
  detentionAmount: z.string().nullable(),
  /** Whether a detention line for this stop is on the load's charges already. */
  detentionInvoiced: z.boolean(),
});
export type StopVisit = z.infer<typeof stopVisit>;

export const stopVisitsInput = z.object({ loadId: z.uuid('Load is invalid') });
export const stopVisitsOutput = z.object({ stops: z.array(stopVisit).max(20) });
export type StopVisits = z.infer<typeof stopVisitsOutput>;

export const undoVisitInput = z.object({
  stopId: z.uuid('Stop is invalid'),
  what: z.enum(['arrival', 'departure'], { error: 'Choose arrival or departure' }),
});
export type UndoVisitInput = z.infer<typeof undoVisitInput>;

export const addDetentionInput = z.object({ stopId: z.uuid('Stop is invalid') });

const cents = (decimal: string): number => {
  const [whole = '0', fraction = ''] = decimal.split('.');
  const sign = whole.startsWith('-') ? -1 : 1;
  return sign * (Math.abs(Number(whole)) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2)));
};
const decimal = (value: number) =>
  `${value < 0 ? '-' : ''}${Math.floor(Math.abs(value) / 100)}.${String(Math.abs(value) % 100).padStart(2, '0')}`;

/**
 * Detention at a stop: whole minutes at the stop beyond the free time, and the amount at the hourly
 * rate (exact cents: minutes × rate-in-cents / 60, rounded half up). Money stays a decimal string.
 */
export function detentionOf(input: {
  arrivedAt: string | null;
  departedAt: string | null;
  now: number;
  freeHours: string;
  rate: string | null;
}): { minutesAtStop: number | null; detentionMinutes: number; detentionHours: string; detentionAmount: string | null } {
  if (input.arrivedAt === null)
    return { minutesAtStop: null, detentionMinutes: 0, detentionHours: '0.00', detentionAmount: input.rate === null ? null : '0.00' };
  const end = input.departedAt === null ? input.now : Date.parse(input.departedAt);
  const minutesAtStop = Math.max(0, Math.floor((end - Date.parse(input.arrivedAt)) / 60_000));
  const freeMinutes = Math.round((cents(input.freeHours) * 60) / 100);
  const detentionMinutes = Math.max(0, minutesAtStop - freeMinutes);
  const detentionHours = decimal(Math.round((detentionMinutes * 100) / 60));
  const detentionAmount = input.rate === null ? null : decimal(Math.round((detentionMinutes * cents(input.rate)) / 60));
  return { minutesAtStop, detentionMinutes, detentionHours, detentionAmount };
}

/** A decimal typed in a form (or sent): at most 2 places, within bounds; blank allowed only where it means "none". */
function decimalText<Blank extends boolean>(label: string, min: number, max: number, message: string, blank: Blank) {
  return z
    .union([z.string(), z.number()], { error: `${label} must be a number` })
    .nullable()
    .transform((value, context): Blank extends true ? string | null : string => {
      const text = value === null ? '' : typeof value === 'number' ? String(value) : value.trim();
      if (text === '') {
        if (blank) return null as never;
        context.addIssue({ code: 'custom', message: `${label} is required` });
        return z.NEVER;
      }
      const number = Number(text);
      if (!Number.isFinite(number) || !/^\d+(\.\d{1,2})?$/.test(text)) {
        context.addIssue({ code: 'custom', message: `${label} must be a number with at most 2 decimal places` });
        return z.NEVER;
      }
      if (number < min || number > max) {
        context.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return number.toFixed(2) as never;
    });
}
const dwell = (label: string) =>
  z.union([z.string(), z.number()], { error: `${label} must be a whole number of minutes` }).transform((value, context) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    if (!/^\d+$/.test(text)) {
      context.addIssue({ code: 'custom', message: `${label} must be a whole number of minutes` });
      return z.NEVER;
    }
    const minutes = Number(text);
    if (minutes > 120) {
      context.addIssue({ code: 'custom', message: `${label} must be between 0 and 120 minutes` });
      return z.NEVER;
    }
    return minutes;
  });

/** The company's geofence and detention defaults (Settings, admins). */
export const geofenceSettingsOutput = z.object({
  radiusMiles: z.string(),
  arrivalDwellMinutes: z.number().int(),
  departureDwellMinutes: z.number().int(),
  autoStatus: z.boolean(),
  detentionFreeHours: z.string(),
  canEdit: z.boolean(),
});
export type GeofenceSettings = z.infer<typeof geofenceSettingsOutput>;

export const updateGeofenceSettingsInput = z.object({
  radiusMiles: decimalText('Radius', 0.1, 25, 'Radius must be between 0.1 and 25 miles', false),
  arrivalDwellMinutes: dwell('Arrival dwell'),
  departureDwellMinutes: dwell('Departure dwell'),
  autoStatus: z.boolean({ error: 'Auto status must be on or off' }),
  detentionFreeHours: decimalText('Free time', 0, 72, 'Free time must be between 0 and 72 hours', false),
});
export type UpdateGeofenceSettingsInput = z.input<typeof updateGeofenceSettingsInput>;

/** A broker's detention terms: free hours (blank: the company's) and the hourly rate (blank: none). */
export const brokerDetentionOutput = z.object({
  brokerId: z.uuid(),
  detentionFreeHours: z.string().nullable(),
  detentionRate: z.string().nullable(),
});
export type BrokerDetention = z.infer<typeof brokerDetentionOutput>;
export const brokerDetentionInput = z.object({
  brokerId: z.uuid('Broker is invalid'),
  detentionFreeHours: decimalText('Detention free hours', 0, 72, 'Detention free hours must be between 0 and 72', true),
  detentionRate: decimalText('Detention rate', 0, 100000, 'Detention rate must be between 0 and 100,000', true),
});
export type BrokerDetentionInput = z.input<typeof brokerDetentionInput>;
export const brokerIdInput = z.object({ brokerId: z.uuid('Broker is invalid') });

/** Per-stop fence radius (blank: back to the company's default). */
export const setStopRadiusInput = z.object({
  stopId: z.uuid('Stop is invalid'),
  radiusMiles: decimalText('Radius', 0.1, 25, 'Radius must be between 0.1 and 25 miles', true),
});

/**
 * Where a stop's point may be moved: the box of the US the app's offline maps cover (the IFTA
 * grid over us-atlas's states, server/src/domains/ifta/jurisdictions.ts: Alaska, Hawaii and
 * Puerto Rico included).
 */
export const US_POINT_BOUNDS = { south: 18, north: 72, west: -180, east: -64 } as const;

export const STOP_POINT_TEXTS = {
  outsideUs: 'Pick a point in the United States',
  departed: 'The truck has left this stop: its point can no longer be moved',
  noOfflinePoint: 'No ZIP code or city point is known for this stop',
  moved: 'Point saved',
  reset: 'Point reset to the ZIP code or city',
  resetConfirm: "Put this stop's point back at its ZIP code or city centre? Arrivals are then measured from there.",
} as const;

/** A coordinate typed in a field (or sent as a number): at most 6 decimal places are kept (the column's precision). */
function coordinate(label: string, min: number, max: number) {
  return z.union([z.string(), z.number()], { error: `${label} must be a number` }).transform((value, context) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    if (text === '') {
      context.addIssue({ code: 'custom', message: `${label} is required` });
      return z.NEVER;
    }
    const number = Number(text);
    if (!/^[-+]?(\d+(\.\d*)?|\.\d+)(e[-+]?\d+)?$/i.test(text) || !Number.isFinite(number)) {
      context.addIssue({ code: 'custom', message: `${label} must be a number` });
      return z.NEVER;
    }
    if (number < min || number > max) {
      context.addIssue({ code: 'custom', message: STOP_POINT_TEXTS.outsideUs });
      return z.NEVER;
    }
    return Math.round(number * 1e6) / 1e6;
  });
}

/** The point's fields, as the Map tab's "Move point" form holds them. */
export const stopPointFields = z.object({
  lat: coordinate('Latitude', US_POINT_BOUNDS.south, US_POINT_BOUNDS.north),
  lng: coordinate('Longitude', US_POINT_BOUNDS.west, US_POINT_BOUNDS.east),
});
export type StopPointFields = z.input<typeof stopPointFields>;

/** Moves a stop's fence to a point (the Map tab's "Move point"). */
export const setStopPointInput = stopPointFields.extend({ stopId: z.uuid('Stop is invalid') });
export type SetStopPointInput = z.input<typeof setStopPointInput>;

/** Puts a stop's point back at its ZIP code's or city's centre. */
export const resetStopPointInput = z.object({ stopId: z.uuid('Stop is invalid') });
