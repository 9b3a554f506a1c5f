import { carrierPortalOutput } from '#shared/schemas/portal.js';
import { companyProcedure } from '../../trpc/procedures.js';
import { readCarrierPortal } from './portal.repository.js';

/**
 * portal.carrier: a carrier user (an account linked to a driver record with carrier_id) reads
 * its carrier, that carrier's drivers and their loads; anyone else `carrier: null`, nothing else.
 */
export const readCarrierPortalProcedure = companyProcedure
  .output(carrierPortalOutput)
  .query(({ ctx }) => readCarrierPortal(ctx.db, ctx.scope));
