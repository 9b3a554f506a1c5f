import { assignDriverInput, truckAssignmentOutput } from '#shared/schemas/equipment.js';
import { isWritable } from '../../db/records.js';
import { AppError } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { withTruckRules } from './equipment-errors.js';
import { openAssignments, truckAssignments } from './equipment.repository.js';

/**
 * Puts a driver in a truck from startsAt on. The truck's open assignment and the driver's (each
 * has at most one) end where the new one starts; one that starts at or after it is a conflict to
 * end first. Any other overlap (a closed assignment later than startsAt) is the trigger's refusal,
 * named on startsAt.
 */
export const assignDriverProcedure = permitted('trucks', 'write')
  .input(assignDriverInput)
  .output(truckAssignmentOutput)
  .mutation(async ({ ctx, input }) => {
    const { companyId } = ctx.scope;
    if (!(await isWritable(ctx.db, ctx.scope, 'trucks', input.truckId)))
      throw new AppError('NOT_FOUND', 'Truck not found', { field: 'truckId' });
    if (!(await isWritable(ctx.db, ctx.scope, 'drivers', input.driverId)))
      throw new AppError('NOT_FOUND', 'Driver not found', { field: 'driverId' });
    const startsAt = new Date(input.startsAt);
    const open = await openAssignments(ctx.db, companyId, input.truckId, input.driverId);
    for (const previous of open) {
      if (previous.startsAt.getTime() >= startsAt.getTime()) {
        const whose = previous.truckId === input.truckId ? 'The truck' : 'The driver';
        throw new AppError(
          'CONFLICT',
          `${whose} has an assignment starting ${previous.startsAt.toISOString()}: the new one must start after it`,
          {
            field: 'startsAt',
          },
        );
      }
    }
    const id = await withTruckRules(undefined, async () => {
      if (open.length > 0) {
        await ctx.db
          .updateTable('truckAssignments')
          .set({ endsAt: startsAt })
          .where('companyId', '=', companyId)
          .where(
            'id',
            'in',
            open.map((row) => row.id),
          )
          .execute();
      }
      const row = await ctx.db
        .insertInto('truckAssignments')
        .values({ companyId, truckId: input.truckId, driverId: input.driverId, startsAt, createdBy: ctx.scope.userId })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
    const created = (await truckAssignments(ctx.db, ctx.scope, input.truckId)).find((row) => row.id === id);
    if (!created) throw new AppError('NOT_FOUND', 'Truck not found', { field: 'truckId' });
    return created;
  });
