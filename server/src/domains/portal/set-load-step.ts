import { DRIVER_STEP_FROM, driverLoadStatusInput, driverLoadStatusOutput } from '#shared/schemas/portal.js';
import { AppError, notFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { findOwnDriver, notADriver } from './own-driver.js';

/**
 * portal.setLoadStatus: a driver moves their own load one step on (assigned -> picked ->
 * in_transit -> delivered). Another driver's load, or another company's, is not found; a step out
 * of order is refused as an invalid status.
 */
export const setLoadStepProcedure = permitted('portal', 'write')
  .input(driverLoadStatusInput)
  .output(driverLoadStatusOutput)
  .mutation(async ({ ctx, input }) => {
    const driver = await findOwnDriver(ctx.db, ctx.scope);
    if (!driver) throw notADriver();
    const load = await ctx.db
      .selectFrom('loads')
      .select(['id', 'status'])
      .where('companyId', '=', driver.companyId)
      .where('driverId', '=', driver.id)
      .where('id', '=', input.loadId)
      .forUpdate()
      .executeTakeFirst();
    if (!load) throw notFound('Load');
    if (!DRIVER_STEP_FROM[input.status].includes(load.status)) {
      throw new AppError('BAD_REQUEST', `Invalid status: a load that is ${load.status} cannot become ${input.status}`, { field: 'status' });
    }
    await ctx.db
      .updateTable('loads')
      .set({ status: input.status })
      .where('companyId', '=', driver.companyId)
      .where('id', '=', load.id)
      .execute();
    return { id: load.id, status: input.status };
  });
