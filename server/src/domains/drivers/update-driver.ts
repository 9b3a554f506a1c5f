import { driverOutput, updateDriverInput } from '#shared/schemas/drivers.js';
import { isWritable, updateRecord } from '../../db/records.js';
import { notFound, orNotFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { salesAgentOfEdit } from '../team/sales-agents.js';
import { assertCarrierReachable, withCarrierReference } from './driver-carrier.js';
import { assertDispatcher } from './driver-dispatcher.js';
import { findDriver } from './drivers.repository.js';

/**
 * Edits a driver the user may change (sales: their own); any other id answers like a missing one.
 * An admin or dispatcher may change its sales agent; a sales user's edit leaves it as it is.
 */
export const updateDriverProcedure = permitted('drivers', 'write')
  .input(updateDriverInput)
  .output(driverOutput)
  .mutation(async ({ ctx, input }) => {
    const { id, salesAgentId: chosen, ...rest } = input;
    // The driver first: naming someone else's driver says "Driver not found" whatever the carrier.
    if (!(await isWritable(ctx.db, ctx.scope, 'drivers', id))) throw notFound('Driver');
    await assertCarrierReachable(ctx.db, ctx.scope, rest.carrierId);
    await assertDispatcher(ctx.db, ctx.scope.companyId, rest.dispatcherId);
    const current = chosen === undefined ? null : ((await findDriver(ctx.db, ctx.scope, id))?.salesAgentId ?? null);
    const salesAgentId = await salesAgentOfEdit(ctx.db, ctx.scope, 'drivers', 'salesAgentId', chosen, current);
    const values = salesAgentId === undefined ? rest : { ...rest, salesAgentId };
    if (!(await withCarrierReference(() => updateRecord(ctx.db, ctx.scope, 'drivers', id, values)))) throw notFound('Driver');
    return orNotFound(await findDriver(ctx.db, ctx.scope, id), 'Driver');
  });
