import { z } from 'zod';
import { dispatchDashboardOutput } from '#shared/schemas/dashboard.js';
import { permitted } from '../../trpc/procedures.js';
import { dispatchDashboard } from './dashboard.repository.js';

/** The Dispatch Dashboard's counters, active loads and driver locations of the company. */
export const getDispatchDashboardProcedure = permitted('dashboard', 'dispatch')
  .input(z.void())
  .output(dispatchDashboardOutput)
  .query(({ ctx }) => dispatchDashboard(ctx.db, ctx.scope));
