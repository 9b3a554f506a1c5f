import { accountIdOutput, saveAccountIdInput } from '#shared/schemas/settings.js';
import { notFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { saveAccountId } from './settings.repository.js';

/**
 * The payment-provider card: an admin stores the company's Airwallex account id (non-secret;
 * the API keys stay with the platform's administrators). A master admin, like any admin, only in their own company.
 */
export const saveAccountIdProcedure = permitted('companySettings', 'write')
  .input(saveAccountIdInput)
  .output(accountIdOutput)
  .mutation(async ({ ctx, input }) => {
    const saved = await saveAccountId(ctx.db, ctx.session.company.id, input.accountId);
    if (!saved) throw notFound('Company');
    return { airwallexAccountId: input.accountId };
  });
