import { companyOutput, updateCompanyInput } from '#shared/schemas/settings.js';
import { notFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { updateCompany } from './settings.repository.js';

/**
 * Company Information: an admin sets how the company is reached (email, phone, address) and its
 * MC and DOT numbers, which invoice PDFs (their "Remit to"), factoring packets and the invoice
 * mail show. A master admin, like any admin, only
 * in their own company; everyone else reads the card.
 */
export const updateCompanyProcedure = permitted('companySettings', 'write')
  .input(updateCompanyInput)
  .output(companyOutput)
  .mutation(async ({ ctx, input }) => {
    const company = await updateCompany(ctx.db, ctx.scope.companyId, input);
    if (!company) throw notFound('Company');
    return company;
  });
