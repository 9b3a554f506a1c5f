import { z } from 'zod';
import { treasuryDashboardOutput } from '#shared/schemas/invoices.js';
import { permitted } from '../../trpc/procedures.js';
import { treasuryDashboard } from './invoices.repository.js';

/** The treasury dashboard: Total Pending, Outstanding Balance, Paid This Month, Factoring Active, ageing, Recent Invoices. */
export const treasuryDashboardProcedure = permitted('invoices', 'read')
  .input(z.undefined().optional())
  .output(treasuryDashboardOutput)
  .query(({ ctx }) => treasuryDashboard(ctx.db, ctx.scope));
