import { createDriverInput, driverOutput } from '#shared/schemas/drivers.js';
import { insertRecord } from '../../db/records.js';
import { ownerOfNew } from '../../db/scope.js';
import { orNotFound } from '../../errors.js';
import { permittedProcedure } from '../../trpc/procedures.js';
import { assertCarrierReachable, withCarrierReference } from './driver-carrier.js';
import { assertDispatcher } from './driver-dispatcher.js';
import { findDriver } from './drivers.repository.js';

/** Adds a driver to the user's company; a sales user's driver is theirs (sales_agent_id). */
export const createDriverProcedure = permittedProcedure('drivers', 'write')
  .input(createDriverInput)
  .output(driverOutput)
  .mutation(async ({ ctx, input }) => {
    await assertCarrierReachable(ctx.db, ctx.scope, input.carrierId);
    await assertDispatcher(ctx.db, ctx.scope.companyId, input.dispatcherId);
    const id = await withCarrierReference(() =>
      insertRecord(ctx.db, 'drivers', { ...input, companyId: ctx.scope.companyId, salesAgentId: ownerOfNew(ctx.scope, 'drivers') }),
    );
    return orNotFound(await findDriver(ctx.db, ctx.scope, id), 'Driver');
  });
