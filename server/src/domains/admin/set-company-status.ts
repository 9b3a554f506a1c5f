import { setCompanyStatusInput, setCompanyStatusOutput } from '#shared/schemas/admin.js';
import { AppError, notFound } from '../../errors.js';
import { masterAdminProcedure } from '../../trpc/procedures.js';

export const OWN_COMPANY_SUSPENSION = 'You cannot suspend your own company';

/**
 * A master admin suspends or reactivates a company. Suspending ends every session of its
 * users at once, and sign-in refuses them with the reason until it is reactivated. The write
 * goes through the narrow master-admin write path (ctx.services.masterAdmin), never through
 * a policy that opens other companies' rows.
 */
export const setCompanyStatusProcedure = masterAdminProcedure
  .input(setCompanyStatusInput)
  .output(setCompanyStatusOutput)
  .mutation(async ({ ctx, input }) => {
    if (input.status === 'suspended' && input.companyId === ctx.session.company.id) {
      throw new AppError('FORBIDDEN', OWN_COMPANY_SUSPENSION, { field: 'companyId' });
    }
    const changed = await ctx.services.masterAdmin.setCompanyStatus({
      actorUserId: ctx.session.user.id,
      companyId: input.companyId,
      status: input.status,
    });
    if (!changed) throw notFound('Company');
    return changed;
  });
