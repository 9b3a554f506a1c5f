import { CARRIER_LIMITS, carrierOptionsOutput } from '#shared/schemas/carriers.js';
import { permittedProcedure } from '../../trpc/procedures.js';
import { recordScope } from '../drivers/record-scope.js';
import { carrierOptions } from './carriers.repository.js';

/**
 * The carriers a driver may be linked to, by name: only those the user may write with, so
 * always their own company's (a master admin's too) and, for sales, their own.
 */
export const carrierOptionsProcedure = permittedProcedure('carriers', 'write')
  .output(carrierOptionsOutput)
  .query(({ ctx }) => carrierOptions(ctx.db, recordScope(ctx.session, 'write'), CARRIER_LIMITS.options));
