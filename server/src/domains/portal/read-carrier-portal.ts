import { carrierPortalOutput } from '#shared/schemas/portal.js';
import { permitted } from '../../trpc/procedures.js';
import { readCarrierPortal } from './portal.repository.js';

/**
 * portal.carrier: a carrier user (an account linked to its carrier by carrier_users) reads its
 * carrier, that carrier's drivers and their loads; anyone else, a driver whose record has a
 * carrier included, `carrier: null`, nothing else.
 */
export const readCarrierPortalProcedure = permitted('portal', 'read')
  .output(carrierPortalOutput)
  .query(({ ctx }) => readCarrierPortal(ctx.db, ctx.scope));
