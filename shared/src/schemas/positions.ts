import { z } from 'zod';

/**
 * Driver positions (issue 14): the driver portal reports its phone's positions in batches, each
 * with an idempotency key made on the phone, so a batch sent again after a reconnect stores
 * nothing twice. Refused while the driver's GPS consent is off.
 */
export const POSITION_BATCH_MAX = 100;
/** The offline queue keeps positions this long; older ones are refused (and dropped by the queue). */
export const POSITION_MAX_AGE_DAYS = 7;
/** A phone's clock may run a little ahead of the server's. */
export const POSITION_FUTURE_TOLERANCE_MS = 2 * 60 * 1000;
/** Metres: a fix worse than this is no position at all. */
export const POSITION_MAX_ACCURACY_M = 100_000;
/** The portal reports at most this often, or after moving this far (watchPosition's callbacks are thinned to it). */
export const REPORT_MIN_INTERVAL_MS = 15_000;
export const REPORT_MIN_DISTANCE_M = 100;

export const POSITION_TEXTS = {
  consentOff: 'Location sharing is off: positions are not stored',
} as const;

export const positionReport = z
  .object({
    idempotencyKey: z.uuid('Idempotency key is invalid'),
    recordedAt: z.iso.datetime({ offset: true, error: 'Recorded at must be a valid time' }),
    lat: z
      .number({ error: 'Latitude must be a number' })
      .min(-90, 'Latitude must be between -90 and 90')
      .max(90, 'Latitude must be between -90 and 90'),
    lng: z
      .number({ error: 'Longitude must be a number' })
      .min(-180, 'Longitude must be between -180 and 180')
      .max(180, 'Longitude must be between -180 and 180'),
    accuracy: z
      .number({ error: 'Accuracy must be a number' })
      .min(0, 'Accuracy must be at least 0')
      .max(POSITION_MAX_ACCURACY_M, `Accuracy must be at most ${POSITION_MAX_ACCURACY_M} metres`)
      .nullish(),
  })
  .superRefine((position, context) => {
    const at = Date.parse(position.recordedAt);
    if (at > Date.now() + POSITION_FUTURE_TOLERANCE_MS) {
      context.addIssue({ code: 'custom', path: ['recordedAt'], message: 'Recorded at is in the future' });
    } else if (at < Date.now() - POSITION_MAX_AGE_DAYS * 24 * 60 * 60 * 1000) {
      context.addIssue({ code: 'custom', path: ['recordedAt'], message: `Recorded at is older than ${POSITION_MAX_AGE_DAYS} days` });
    }
  });
export type PositionReport = z.infer<typeof positionReport>;

export const positionsReportInput = z.object({
  positions: z
    .array(positionReport)
    .min(1, 'Send at least one position')
    .max(POSITION_BATCH_MAX, `Send at most ${POSITION_BATCH_MAX} positions at once`),
});
export type PositionsReportInput = z.infer<typeof positionsReportInput>;

export const positionsReportOutput = z.object({
  /** Positions stored by this call. */
  stored: z.number().int(),
  /** Positions already stored by an earlier call (same idempotency key). */
  duplicates: z.number().int(),
  /** The driver's latest position after this call. */
  latest: z.object({ lat: z.number(), lng: z.number(), recordedAt: z.string() }).nullable(),
});
export type PositionsReportOutput = z.infer<typeof positionsReportOutput>;
