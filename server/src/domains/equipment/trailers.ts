import { recordId } from '#shared/schemas/fields.js';
import {
  createTrailerInput,
  equipmentDeleteOutput,
  equipmentListInput,
  TRAILER_ON_LOADS,
  trailerListOutput,
  trailerOutput,
  updateTrailerInput,
} from '#shared/schemas/equipment.js';
import { deleteRecord, insertRecord, isWritable, updateRecord } from '../../db/records.js';
import { AppError, notFound, orNotFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { withTrailerRules } from './equipment-errors.js';
import { findTrailer, listTrailers, onLoads } from './equipment.repository.js';

/** The Trailers screen: search, status, sort, a page at a time. */
export const listTrailersProcedure = permitted('trailers', 'read', { readOnly: true })
  .input(equipmentListInput)
  .output(trailerListOutput)
  .query(({ ctx, input }) => listTrailers(ctx.db, ctx.scope, input));

export const getTrailerProcedure = permitted('trailers', 'read', { readOnly: true })
  .input(recordId)
  .output(trailerOutput)
  .query(async ({ ctx, input }) => orNotFound(await findTrailer(ctx.db, ctx.scope, input.id), 'Trailer'));

/** Adds a trailer; a unit number already used in the company is a conflict naming unitNumber. */
export const createTrailerProcedure = permitted('trailers', 'write')
  .input(createTrailerInput)
  .output(trailerOutput)
  .mutation(async ({ ctx, input }) => {
    const id = await withTrailerRules(input.unitNumber, () =>
      insertRecord(ctx.db, 'trailers', { ...input, companyId: ctx.scope.companyId }),
    );
    return orNotFound(await findTrailer(ctx.db, ctx.scope, id), 'Trailer');
  });

export const updateTrailerProcedure = permitted('trailers', 'write')
  .input(updateTrailerInput)
  .output(trailerOutput)
  .mutation(async ({ ctx, input: { id, ...values } }) => {
    if (!(await withTrailerRules(values.unitNumber, () => updateRecord(ctx.db, ctx.scope, 'trailers', id, values))))
      throw notFound('Trailer');
    return orNotFound(await findTrailer(ctx.db, ctx.scope, id), 'Trailer');
  });

/** Deletes a trailer entered by mistake (admins); one that loads name is set inactive instead. */
export const deleteTrailerProcedure = permitted('trailers', 'delete')
  .input(recordId)
  .output(equipmentDeleteOutput)
  .mutation(async ({ ctx, input }) => {
    if (!(await isWritable(ctx.db, ctx.scope, 'trailers', input.id))) throw notFound('Trailer');
    if (await onLoads(ctx.db, ctx.scope.companyId, 'trailerId', input.id)) throw new AppError('CONFLICT', TRAILER_ON_LOADS);
    if (!(await withTrailerRules(undefined, () => deleteRecord(ctx.db, ctx.scope, 'trailers', input.id)))) throw notFound('Trailer');
    return { id: input.id };
  });
