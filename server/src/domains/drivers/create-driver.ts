import { createDriverInput, driverOutput } from '#shared/schemas/drivers.js';
import { permittedProcedure } from '../../trpc/procedures.js';
import { assertCarrierReachable, withCarrierReference } from './driver-carrier.js';
import { findDriver, insertDriver } from './drivers.repository.js';
import { recordScope } from './record-scope.js';

/** Adds a driver to the user's company; a sales user's driver is theirs (sales_agent_id). */
export const createDriverProcedure = permittedProcedure('drivers', 'write')
  .input(createDriverInput)
  .output(driverOutput)
  .mutation(async ({ ctx, input }) => {
    const scope = recordScope(ctx.session, 'write');
    await assertCarrierReachable(ctx.db, scope, input.carrierId);
    const id = await withCarrierReference(() =>
      insertDriver(ctx.db, { ...input, companyId: ctx.session.company.id, salesAgentId: scope.ownerId }),
    );
    const driver = await findDriver(ctx.db, scope, id);
    if (!driver) throw new Error('a new driver could not be read back');
    return driver;
  });
