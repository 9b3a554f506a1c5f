import { z } from 'zod';
import { companiesOutput } from '#shared/schemas/admin.js';
import { masterAdminProcedure } from '../../trpc/procedures.js';
import { companySummaries } from './admin.repository.js';

/** The Company Performance and All Companies tables: every company, newest first. */
export const listCompaniesProcedure = masterAdminProcedure
  .input(z.void())
  .output(companiesOutput)
  .query(({ ctx }) => companySummaries(ctx.db));
