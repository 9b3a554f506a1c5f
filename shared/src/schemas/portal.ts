import { z } from 'zod';
import { LOAD_STATUSES } from '../constants.js';
import { loadStop } from './loads.js';

/** The spec's texts of the driver and carrier portals. */
export const PORTAL_TEXTS = {
  consentEnabled: 'Location Sharing Enabled',
  consentDisabled: 'Location Sharing Disabled',
  permissionDenied: 'Permission Denied',
  permissionDeniedDetail: 'Enable location in browser settings',
  notSupported: 'Geolocation not supported by your browser',
  consentFailed: 'Failed to save consent preference',
  noCarrier: 'No carrier association found for this user',
  carrierFailed: 'Failed to load carrier information',
  noDriver: 'No driver record is linked to this account',
  statusUpdated: 'Status Updated',
  statusFailed: 'Failed to update status',
  undoFailed: 'Could not undo the status change',
  undoExpired: 'This status change can no longer be undone: a driver may undo their own change for one minute',
  undoNotYours: 'This status change can no longer be undone: the last change to this load was not yours',
} as const;

/** The steps a driver sets on their own load, in order; the server refuses any other. */
export const DRIVER_LOAD_STEPS = ['picked', 'in_transit', 'delivered'] as const;
export type DriverLoadStep = (typeof DRIVER_LOAD_STEPS)[number];
/** The status a step follows. */
export const DRIVER_STEP_FROM: Record<DriverLoadStep, readonly string[]> = {
  picked: ['assigned'],
  in_transit: ['picked'],
  delivered: ['in_transit'],
};

/** How long a driver may take back their own step (portal.undoLoadStatus), in seconds. */
export const DRIVER_STEP_UNDO_SECONDS = 60;

/** The status a step goes back to when the driver undoes it: the one it follows. */
export const DRIVER_STEP_BACK: Record<DriverLoadStep, 'assigned' | 'picked' | 'in_transit'> = {
  picked: 'assigned',
  in_transit: 'picked',
  delivered: 'in_transit',
};

export const portalLoad = z.object({
  id: z.uuid(),
  loadNumber: z.string(),
  pickupCity: z.string(),
  pickupState: z.string(),
  deliveryCity: z.string(),
  deliveryState: z.string(),
  pickupDate: z.string().nullable(),
  deliveryDate: z.string().nullable(),
  status: z.enum(LOAD_STATUSES),
  rate: z.string().nullable(),
  distance: z.string().nullable(),
  driverName: z.string().nullable(),
});
export type PortalLoad = z.infer<typeof portalLoad>;

const point = z.object({ lat: z.number(), lng: z.number() });

/**
 * A load as its driver reads it in the driver portal (issue 27, item 1): the lane's addresses and
 * dates, notes (where appointments are written), reference number, the broker and its phone, and
 * each end located by the server's gazetteer (a driver may not ask geo.*), null when unknown.
 */
export const driverPortalLoad = portalLoad.extend({
  referenceNumber: z.string().nullable(),
  pickupLocation: z.string(),
  pickupNotes: z.string().nullable(),
  deliveryLocation: z.string(),
  deliveryNotes: z.string().nullable(),
  commodity: z.string().nullable(),
  weight: z.string().nullable(),
  brokerName: z.string().nullable(),
  brokerPhone: z.string().nullable(),
  statusUpdatedAt: z.string().nullable(),
  /**
   * When a dispatcher last sent the load confirmation (issue 27, item 1: the PDF is there once
   * sent; loadPaperwork.driverConfirmationPdf); null: never. Left out only by a portal snapshot
   * kept offline before it existed.
   */
  confirmationSentAt: z.string().nullable().optional(),
  pickupPoint: point.nullable(),
  deliveryPoint: point.nullable(),
  /** Every stop in order (two or more): facility, address, appointment window, references, contact, notes. */
  stops: z.array(loadStop),
});
export type DriverPortalLoad = z.infer<typeof driverPortalLoad>;

export const driverPortalOutput = z.object({
  driver: z
    .object({
      id: z.uuid(),
      firstName: z.string(),
      lastName: z.string(),
      phone: z.string().nullable(),
      status: z.string(),
      gpsConsent: z.boolean(),
      lat: z.number().nullable(),
      lng: z.number().nullable(),
      /**
       * The position as a person reads it ("12 mi W of Memphis, TN"), from the server's gazetteer
       * (a driver may not ask geo.describe); null without a position or far from any US town.
       */
      place: z.string().nullable(),
      lastLocationUpdate: z.string().nullable(),
    })
    .nullable(),
  companyName: z.string(),
  dispatcher: z.object({ firstName: z.string(), lastName: z.string(), phone: z.string().nullable() }).nullable(),
  stats: z.object({
    /** Sum of rate on delivered loads (decimal string). */
    earnings: z.string(),
    /** Driver pay (issue 30): the net of the driver's approved and paid settlements this year (decimal string). */
    settledPay: z.string(),
    /** Delivered loads with no invoice, or with none paid. */
    pendingPayments: z.number().int(),
    pendingPaymentsAmount: z.string(),
    /** Pending, assigned or in_transit (the driver portal's reading). */
    activeLoads: z.number().int(),
    milesThisMonth: z.number(),
  }),
  loads: z.array(driverPortalLoad),
});
export type DriverPortalOutput = z.infer<typeof driverPortalOutput>;

export const setConsentInput = z.object({ consent: z.boolean({ error: 'Consent must be true or false' }) });
export const setConsentOutput = z.object({ gpsConsent: z.boolean() });

export const driverLoadStatusInput = z.object({
  loadId: z.uuid('Invalid id'),
  status: z.enum(DRIVER_LOAD_STEPS, { error: 'Invalid status' }),
});
export const driverLoadStatusOutput = z.object({ id: z.uuid(), status: z.enum(LOAD_STATUSES) });

/** portal.undoLoadStatus: `status` is the step being taken back (the load's status now). */
export const driverUndoStepInput = z.object({
  loadId: z.uuid('Invalid id'),
  status: z.enum(DRIVER_LOAD_STEPS, { error: 'Invalid status' }),
});

export const carrierPortalOutput = z.object({
  carrier: z
    .object({
      id: z.uuid(),
      name: z.string(),
      mcNumber: z.string().nullable(),
      dotNumber: z.string().nullable(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
      contractSigned: z.boolean(),
    })
    .nullable(),
  drivers: z.array(
    z.object({
      id: z.uuid(),
      firstName: z.string(),
      lastName: z.string(),
      phone: z.string().nullable(),
      status: z.string(),
      lastLocationUpdate: z.string().nullable(),
    }),
  ),
  loads: z.array(portalLoad),
});
export type CarrierPortalOutput = z.infer<typeof carrierPortalOutput>;
