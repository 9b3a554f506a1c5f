import { z } from 'zod';
import { adminStatsOutput } from '#shared/schemas/admin.js';
import { permitted } from '../../trpc/procedures.js';
import { platformStats } from './admin.repository.js';

/** The Master Admin Dashboard's and Companies page's counters: companies, active companies, users, loads and revenue. */
export const readPlatformStatsProcedure = permitted('platform', 'read')
  .input(z.void())
  .output(adminStatsOutput)
  .query(({ ctx }) => platformStats(ctx.db));
