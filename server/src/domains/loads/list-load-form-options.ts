import { loadFormOptionsOutput } from '#shared/schemas/loads.js';
import { permitted } from '../../trpc/procedures.js';
import { nextLoadNumber } from './load-numbers.js';
import { formOptions } from './loads.repository.js';

/**
 * The Create Load form's pick lists: the drivers, brokers and carriers the caller may assign (a
 * sales user's own drivers and carriers), and the load number the form starts with: the company's
 * next one (load-numbers.ts).
 */
export const listLoadFormOptionsProcedure = permitted('loads', 'read')
  .output(loadFormOptionsOutput)
  .query(async ({ ctx }) => {
    const options = await formOptions(ctx.db, ctx.scope);
    return { ...options, nextLoadNumber: await nextLoadNumber(ctx.db, ctx.scope) };
  });
