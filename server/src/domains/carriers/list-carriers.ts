import { carrierListOutput } from '#shared/schemas/carriers.js';
import { listInput } from '#shared/schemas/people-fields.js';
import { permittedProcedure } from '../../trpc/procedures.js';
import { recordScope } from '../drivers/record-scope.js';
import { listCarriers } from './carriers.repository.js';

/** The Carriers page: newest first, a page at a time; sales see their own; a master admin every company's. */
export const listCarriersProcedure = permittedProcedure('carriers', 'read')
  .input(listInput)
  .output(carrierListOutput)
  .query(({ ctx, input }) => listCarriers(ctx.db, recordScope(ctx.session, 'read'), input));
