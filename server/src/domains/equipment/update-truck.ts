import { truckOutput, updateTruckInput } from '#shared/schemas/equipment.js';
import { updateRecord } from '../../db/records.js';
import { notFound, orNotFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { withTruckRules } from './equipment-errors.js';
import { findTruck } from './equipment.repository.js';

/** Changes the fields given of one of the company's trucks (a new unit number reaches its loads by trigger). */
export const updateTruckProcedure = permitted('trucks', 'write')
  .input(updateTruckInput)
  .output(truckOutput)
  .mutation(async ({ ctx, input: { id, ...values } }) => {
    if (!(await withTruckRules(values.unitNumber, () => updateRecord(ctx.db, ctx.scope, 'trucks', id, values)))) throw notFound('Truck');
    return orNotFound(await findTruck(ctx.db, ctx.scope, id), 'Truck');
  });
