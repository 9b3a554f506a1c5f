import { loadFormOptionsOutput } from '#shared/schemas/loads.js';
import { permitted } from '../../trpc/procedures.js';
import { formOptions } from './loads.repository.js';

/** The Create Load form's pick lists: the drivers, brokers and carriers the caller may assign (a sales user's own drivers and carriers). */
export const listLoadFormOptionsProcedure = permitted('loads', 'read')
  .output(loadFormOptionsOutput)
  .query(({ ctx }) => formOptions(ctx.db, ctx.scope));
