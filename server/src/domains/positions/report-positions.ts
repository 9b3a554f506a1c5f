import { POSITION_TEXTS, positionsReportInput, positionsReportOutput } from '#shared/schemas/positions.js';
import { AppError } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { notADriver } from '../portal/own-driver.js';
import { storeOwnPositions } from './positions.repository.js';

/**
 * positions.report: a batch (at most 100) of the signed-in driver's own positions, validated
 * (ranges, not in the future, not older than the queue keeps them, accuracy), idempotent per
 * position. Only for an account linked to a driver record, for that record alone (the database
 * refuses any other too), and refused while its GPS consent is off: then nothing is stored.
 */
export const reportPositionsProcedure = permitted('portal', 'write')
  .input(positionsReportInput)
  .output(positionsReportOutput)
  .mutation(async ({ ctx, input }) => {
    // One statement: the own driver record locked, consent read under the lock, the batch stored (positions.repository.ts).
    const outcome = await storeOwnPositions(ctx.db, ctx.scope, input.positions);
    if (outcome.kind === 'not-a-driver') throw notADriver();
    // Nothing was inserted; the refusal rolls the transaction back all the same.
    if (outcome.kind === 'consent-off') throw new AppError('FORBIDDEN', POSITION_TEXTS.consentOff);
    return outcome.output;
  });
