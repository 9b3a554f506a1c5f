import { loadDetail, loadFormOptionsOutput, loadIdInput } from '#shared/schemas/loads.js';
import { notFound } from '../../errors.js';
import { permittedProcedure, router } from '../../trpc/procedures.js';
import { changeLoadStatusProcedure } from './change-load-status.js';
import { createLoadProcedure } from './create-load.js';
import { listLoadsProcedure } from './list-loads.js';
import { findLoad, formOptions, viewerOf } from './loads.repository.js';
import { updateLoadProcedure } from './update-load.js';

/** Who may call what: shared/src/permissions.ts ("loads"). */
const loadReaders = permittedProcedure('loads', 'read');

export const loadsRouter = router({
  list: listLoadsProcedure,

  get: loadReaders
    .input(loadIdInput)
    .output(loadDetail)
    .query(async ({ ctx, input }) => {
      const load = await findLoad(ctx.db, viewerOf(ctx.session), input.id);
      if (!load) throw notFound('Load');
      return load;
    }),

  /** The Create Load form's pick lists: the caller's own company's drivers, brokers and carriers (a sales user's own drivers and carriers). */
  formOptions: loadReaders.output(loadFormOptionsOutput).query(({ ctx }) => formOptions(ctx.db, viewerOf(ctx.session))),

  create: createLoadProcedure,
  update: updateLoadProcedure,
  changeStatus: changeLoadStatusProcedure,
});
