import { z } from 'zod';
import { salesDashboardOutput } from '#shared/schemas/dashboard.js';
import { permitted } from '../../trpc/procedures.js';
import { salesDashboard } from './dashboard.repository.js';

/** The Sales Dashboard's figures: the user's own carriers, drivers, conversion, commission and active loads. */
export const getSalesDashboardProcedure = permitted('dashboard', 'sales')
  .input(z.void())
  .output(salesDashboardOutput)
  .query(({ ctx }) => salesDashboard(ctx.db, ctx.scope));
