import { z } from 'zod';
import { dashboardSummaryOutput } from '#shared/schemas/dashboard.js';
import { permitted } from '../../trpc/procedures.js';
import { dashboardSummary } from './dashboard.repository.js';

/**
 * The generic dashboard's counters (Total Loads, Active Loads, Drivers, Brokers) and its
 * Recent Loads. Staff of the company read it; a sales user counts only their own loads and
 * drivers. A master admin reads their own company here, like any admin.
 */
export const getDashboardSummaryProcedure = permitted('dashboard', 'read')
  .input(z.void())
  .output(dashboardSummaryOutput)
  .query(({ ctx }) => dashboardSummary(ctx.db, ctx.scope));
