import { driverOutput, updateDriverInput } from '#shared/schemas/drivers.js';
import { isWritable, updateRecord } from '../../db/records.js';
import { notFound, orNotFound } from '../../errors.js';
import { permittedProcedure } from '../../trpc/procedures.js';
import { assertCarrierReachable, withCarrierReference } from './driver-carrier.js';
import { assertDispatcher } from './driver-dispatcher.js';
import { findDriver } from './drivers.repository.js';

/** Edits a driver the user may change (sales: their own); any other id answers like a missing one. */
export const updateDriverProcedure = permittedProcedure('drivers', 'write')
  .input(updateDriverInput)
  .output(driverOutput)
  .mutation(async ({ ctx, input }) => {
    const { id, ...values } = input;
    // The driver first: naming someone else's driver says "Driver not found" whatever the carrier.
    if (!(await isWritable(ctx.db, ctx.scope, 'drivers', id))) throw notFound('Driver');
    await assertCarrierReachable(ctx.db, ctx.scope, values.carrierId);
    await assertDispatcher(ctx.db, ctx.scope.companyId, values.dispatcherId);
    if (!(await withCarrierReference(() => updateRecord(ctx.db, ctx.scope, 'drivers', id, values)))) throw notFound('Driver');
    return orNotFound(await findDriver(ctx.db, ctx.scope, id), 'Driver');
  });
