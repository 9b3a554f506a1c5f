import { CARRIER_LIMITS, carrierOptionsOutput } from '#shared/schemas/carriers.js';
import { permitted } from '../../trpc/procedures.js';
import { carrierOptions } from './carriers.repository.js';

/**
 * The carriers a driver may be linked to, by name: only those the user may change, so always
 * their own company's (a master admin's too) and, for sales, their own.
 */
export const listCarrierOptionsProcedure = permitted('carriers', 'write')
  .output(carrierOptionsOutput)
  .query(({ ctx }) => carrierOptions(ctx.db, ctx.scope, CARRIER_LIMITS.options));
