import { z } from 'zod';
import { adminStatsOutput } from '#shared/schemas/admin.js';
import { masterAdminProcedure } from '../../trpc/procedures.js';
import { platformStats } from './admin.repository.js';

/** The Master Admin Dashboard's and Companies page's counters: companies, active companies, users, loads and revenue. */
export const readPlatformStatsProcedure = masterAdminProcedure
  .input(z.void())
  .output(adminStatsOutput)
  .query(({ ctx }) => platformStats(ctx.db));
