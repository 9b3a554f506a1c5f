import { z } from 'zod';
import { adminStatsOutput } from '#shared/schemas/team.js';
import { permitted } from '../../trpc/procedures.js';
import { adminStats } from './team.repository.js';

/** The admin dashboard's counters: Total Loads, Active Drivers, Team Members, Total Revenue. */
export const readAdminStatsProcedure = permitted('team', 'read')
  .input(z.void())
  .output(adminStatsOutput)
  .query(({ ctx }) => adminStats(ctx.db, ctx.session.company.id));
