import { recordId } from '#shared/schemas/fields.js';
import { truckOutput } from '#shared/schemas/equipment.js';
import { orNotFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { findTruck } from './equipment.repository.js';

/** One truck with its current driver; another company's id answers like a missing one. */
export const getTruckProcedure = permitted('trucks', 'read', { readOnly: true })
  .input(recordId)
  .output(truckOutput)
  .query(async ({ ctx, input }) => orNotFound(await findTruck(ctx.db, ctx.scope, input.id), 'Truck'));
