import { POSITION_TEXTS, positionsReportInput, positionsReportOutput } from '#shared/schemas/positions.js';
import { AppError } from '../../errors.js';
import { companyProcedure } from '../../trpc/procedures.js';
import { findOwnDriver, notADriver } from '../portal/own-driver.js';
import { storePositions } from './positions.repository.js';

/**
 * positions.report: a batch (at most 100) of the signed-in driver's own positions, validated
 * (ranges, not in the future, not older than the queue keeps them, accuracy), idempotent per
 * position. Only for an account linked to a driver record, for that record alone (the database
 * refuses any other too), and refused while its GPS consent is off: then nothing is stored.
 */
export const reportPositionsProcedure = companyProcedure
  .input(positionsReportInput)
  .output(positionsReportOutput)
  .mutation(async ({ ctx, input }) => {
    const driver = await findOwnDriver(ctx.db, ctx.scope, { lock: true });
    if (!driver) throw notADriver();
    if (!driver.gpsConsent) throw new AppError('FORBIDDEN', POSITION_TEXTS.consentOff);
    return storePositions(ctx.db, driver, input.positions);
  });
