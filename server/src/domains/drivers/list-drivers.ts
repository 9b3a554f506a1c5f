import { driverListOutput } from '#shared/schemas/drivers.js';
import { listInput } from '#shared/schemas/people-fields.js';
import { permittedProcedure } from '../../trpc/procedures.js';
import { listDrivers } from './drivers.repository.js';
import { recordScope } from './record-scope.js';

/** The Drivers page: newest first, a page at a time; sales see their own; a master admin every company's. */
export const listDriversProcedure = permittedProcedure('drivers', 'read')
  .input(listInput)
  .output(driverListOutput)
  .query(({ ctx, input }) => listDrivers(ctx.db, recordScope(ctx.session, 'read'), input));
