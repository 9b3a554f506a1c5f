import { truckAssignmentsInput, truckAssignmentsOutput } from '#shared/schemas/equipment.js';
import { AppError } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { findTruck, truckAssignments } from './equipment.repository.js';

/** A truck's assignment history, latest first (its detail); another company's truck answers like a missing one. */
export const truckAssignmentsProcedure = permitted('trucks', 'read', { readOnly: true })
  .input(truckAssignmentsInput)
  .output(truckAssignmentsOutput)
  .query(async ({ ctx, input }) => {
    if (!(await findTruck(ctx.db, ctx.scope, input.truckId))) throw new AppError('NOT_FOUND', 'Truck not found', { field: 'truckId' });
    return { items: await truckAssignments(ctx.db, ctx.scope, input.truckId) };
  });
