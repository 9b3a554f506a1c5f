import { createDriverInput, driverOutput } from '#shared/schemas/drivers.js';
import { insertRecord } from '../../db/records.js';
import { orNotFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { salesAgentOfNew } from '../team/sales-agents.js';
import { assertCarrierReachable, withCarrierReference } from './driver-carrier.js';
import { assertDispatcher } from './driver-dispatcher.js';
import { findDriver } from './drivers.repository.js';

/**
 * Adds a driver to the user's company; a sales user's driver is theirs (sales_agent_id), an admin
 * or dispatcher chooses its sales agent (one of the company's) or none.
 */
export const createDriverProcedure = permitted('drivers', 'write')
  .input(createDriverInput)
  .output(driverOutput)
  .mutation(async ({ ctx, input }) => {
    await assertCarrierReachable(ctx.db, ctx.scope, input.carrierId);
    await assertDispatcher(ctx.db, ctx.scope.companyId, input.dispatcherId);
    const salesAgentId = await salesAgentOfNew(ctx.db, ctx.scope, 'drivers', 'salesAgentId', input.salesAgentId);
    const id = await withCarrierReference(() =>
      insertRecord(ctx.db, 'drivers', { ...input, companyId: ctx.scope.companyId, salesAgentId }),
    );
    return orNotFound(await findDriver(ctx.db, ctx.scope, id), 'Driver');
  });
