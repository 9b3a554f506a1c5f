import { createTruckInput, truckOutput } from '#shared/schemas/equipment.js';
import { insertRecord } from '../../db/records.js';
import { orNotFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { withTruckRules } from './equipment-errors.js';
import { findTruck } from './equipment.repository.js';

/** Adds a truck to the user's company; a unit number already used there is a conflict naming unitNumber. */
export const createTruckProcedure = permitted('trucks', 'write')
  .input(createTruckInput)
  .output(truckOutput)
  .mutation(async ({ ctx, input }) => {
    const id = await withTruckRules(input.unitNumber, () => insertRecord(ctx.db, 'trucks', { ...input, companyId: ctx.scope.companyId }));
    return orNotFound(await findTruck(ctx.db, ctx.scope, id), 'Truck');
  });
