import { z } from 'zod';
import { adminStatsOutput, companiesOutput } from '#shared/schemas/admin.js';
import { masterAdminProcedure } from '../../trpc/procedures.js';
import { companySummaries, platformStats } from './admin.repository.js';

/** The Master Admin Dashboard's and Companies page's counters: companies, active companies, users, loads and revenue. */
export const statsProcedure = masterAdminProcedure
  .input(z.void())
  .output(adminStatsOutput)
  .query(({ ctx }) => platformStats(ctx.db));

/** The Company Performance and All Companies tables: every company, newest first. */
export const companiesProcedure = masterAdminProcedure
  .input(z.void())
  .output(companiesOutput)
  .query(({ ctx }) => companySummaries(ctx.db));
