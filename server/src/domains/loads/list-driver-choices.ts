import { driverChoicesInput, driverChoicesOutput } from '#shared/schemas/loads.js';
import { permitted } from '../../trpc/procedures.js';
import { driverChoices } from './loads.repository.js';

/**
 * The board's driver picker: the drivers the user may assign (a sales user's own), ordered by
 * name, at most DRIVER_CHOICES_LIMIT, each with their current load, last known position and
 * whether they are free by the load's pickup date. Asked by whoever may assign (loads.write).
 */
export const listDriverChoicesProcedure = permitted('loads', 'write', { readOnly: true })
  .input(driverChoicesInput)
  .output(driverChoicesOutput)
  .query(({ ctx, input }) => driverChoices(ctx.db, ctx.scope, input.pickupDate ?? null));
