import { driverPortalOutput } from '#shared/schemas/portal.js';
import { permitted } from '../../trpc/procedures.js';
import { readDriverPortal } from './portal.repository.js';

/** portal.driver: anyone signed in, through their own driver record (none: `driver: null`, nothing else of the company). */
export const readDriverPortalProcedure = permitted('portal', 'read')
  .output(driverPortalOutput)
  .query(({ ctx }) => readDriverPortal(ctx.db, ctx.scope));
