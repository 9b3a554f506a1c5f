import { driverOutput } from '#shared/schemas/drivers.js';
import { recordId } from '#shared/schemas/people-fields.js';
import { notFound } from '../../errors.js';
import { permittedProcedure } from '../../trpc/procedures.js';
import { findDriver } from './drivers.repository.js';
import { recordScope } from './record-scope.js';

export const getDriverProcedure = permittedProcedure('drivers', 'read')
  .input(recordId)
  .output(driverOutput)
  .query(async ({ ctx, input }) => {
    const driver = await findDriver(ctx.db, recordScope(ctx.session, 'read'), input.id);
    if (!driver) throw notFound('Driver');
    return driver;
  });
