import { equipmentListInput, truckListOutput } from '#shared/schemas/equipment.js';
import { permitted } from '../../trpc/procedures.js';
import { listTrucks } from './equipment.repository.js';

/** The Trucks screen: search, status, sort (newest first, or by unit), a page at a time. */
export const listTrucksProcedure = permitted('trucks', 'read', { readOnly: true })
  .input(equipmentListInput)
  .output(truckListOutput)
  .query(({ ctx, input }) => listTrucks(ctx.db, ctx.scope, input));
