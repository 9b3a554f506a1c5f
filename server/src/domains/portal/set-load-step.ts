import { DRIVER_STEP_FROM, driverLoadStatusInput, driverLoadStatusOutput } from '#shared/schemas/portal.js';
import { AppError } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { lockOwnLoad, setOwnLoadStatus } from './own-driver.js';

/**
 * portal.setLoadStatus: a driver moves their own load one step on (assigned -> picked ->
 * in_transit -> delivered). Another driver's load, or another company's, is not found; a step out
 * of order is refused as an invalid status.
 */
export const setLoadStepProcedure = permitted('portal', 'write')
  .input(driverLoadStatusInput)
  .output(driverLoadStatusOutput)
  .mutation(async ({ ctx, input }) => {
    const { driver, load } = await lockOwnLoad(ctx.db, ctx.scope, input.loadId);
    if (!DRIVER_STEP_FROM[input.status].includes(load.status)) {
      throw new AppError('BAD_REQUEST', `Invalid status: a load that is ${load.status} cannot become ${input.status}`, { field: 'status' });
    }
    return setOwnLoadStatus(ctx.db, driver.companyId, load.id, input.status);
  });
