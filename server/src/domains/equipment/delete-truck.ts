import { recordId } from '#shared/schemas/fields.js';
import { equipmentDeleteOutput, TRUCK_ON_LOADS } from '#shared/schemas/equipment.js';
import { deleteRecord, isWritable } from '../../db/records.js';
import { AppError, notFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { withTruckRules } from './equipment-errors.js';
import { onLoads } from './equipment.repository.js';

/**
 * Deletes a truck entered by mistake (admins). A truck that loads name stays, for their history
 * and IFTA: the answer says to set it inactive. Its assignments go with it.
 */
export const deleteTruckProcedure = permitted('trucks', 'delete')
  .input(recordId)
  .output(equipmentDeleteOutput)
  .mutation(async ({ ctx, input }) => {
    if (!(await isWritable(ctx.db, ctx.scope, 'trucks', input.id))) throw notFound('Truck');
    if (await onLoads(ctx.db, ctx.scope.companyId, 'truckId', input.id)) throw new AppError('CONFLICT', TRUCK_ON_LOADS);
    if (!(await withTruckRules(undefined, () => deleteRecord(ctx.db, ctx.scope, 'trucks', input.id)))) throw notFound('Truck');
    return { id: input.id };
  });
