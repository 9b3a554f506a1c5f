import { setConsentInput, setConsentOutput } from '#shared/schemas/portal.js';
import { permitted } from '../../trpc/procedures.js';
import { findOwnDriver, notADriver } from './own-driver.js';

/** portal.setConsent: the driver turns location sharing on or off on their own record. */
export const setGpsConsentProcedure = permitted('portal', 'write')
  .input(setConsentInput)
  .output(setConsentOutput)
  .mutation(async ({ ctx, input }) => {
    const driver = await findOwnDriver(ctx.db, ctx.scope, { lock: true });
    if (!driver) throw notADriver();
    await ctx.db
      .updateTable('drivers')
      .set({ gpsConsent: input.consent })
      .where('companyId', '=', driver.companyId)
      .where('id', '=', driver.id)
      .execute();
    return { gpsConsent: input.consent };
  });
