import { companiesOutput } from '#shared/schemas/admin.js';
import { pageOnlyInput } from '#shared/schemas/pagination.js';
import { permitted } from '../../trpc/procedures.js';
import { companySummaries } from './admin.repository.js';

/** The Company Performance and All Companies tables: every company, newest first, a page at a time. */
export const listCompaniesProcedure = permitted('platform', 'read')
  .input(pageOnlyInput)
  .output(companiesOutput)
  .query(({ ctx, input }) => companySummaries(ctx.db, input));
