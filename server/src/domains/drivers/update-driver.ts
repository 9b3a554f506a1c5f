import { driverOutput, updateDriverInput } from '#shared/schemas/drivers.js';
import { notFound } from '../../errors.js';
import { permittedProcedure } from '../../trpc/procedures.js';
import { assertCarrierReachable, withCarrierReference } from './driver-carrier.js';
import { findDriver, updateDriver } from './drivers.repository.js';
import { recordScope } from './record-scope.js';

/** Edits a driver the user may write (sales: their own); any other id answers like a missing one. */
export const updateDriverProcedure = permittedProcedure('drivers', 'write')
  .input(updateDriverInput)
  .output(driverOutput)
  .mutation(async ({ ctx, input }) => {
    const { id, ...values } = input;
    const scope = recordScope(ctx.session, 'write');
    // The driver first: naming someone else's driver says "Driver not found" whatever the carrier.
    if (!(await findDriver(ctx.db, scope, id))) throw notFound('Driver');
    await assertCarrierReachable(ctx.db, scope, values.carrierId);
    const updated = await withCarrierReference(() => updateDriver(ctx.db, scope, id, values));
    const driver = updated ? await findDriver(ctx.db, scope, updated) : undefined;
    if (!driver) throw notFound('Driver');
    return driver;
  });
