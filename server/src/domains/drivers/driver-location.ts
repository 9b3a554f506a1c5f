import { driverLocationOutput } from '#shared/schemas/drivers.js';
import { recordId } from '#shared/schemas/people-fields.js';
import { notFound } from '../../errors.js';
import { permittedProcedure } from '../../trpc/procedures.js';
import { findDriverLocation } from './drivers.repository.js';
import { recordScope } from './record-scope.js';

/** The location dialog: the last known position and when it was reported, or nulls when never. */
export const driverLocationProcedure = permittedProcedure('drivers', 'read')
  .input(recordId)
  .output(driverLocationOutput)
  .query(async ({ ctx, input }) => {
    const location = await findDriverLocation(ctx.db, recordScope(ctx.session, 'read'), input.id);
    if (!location) throw notFound('Driver');
    return location;
  });
