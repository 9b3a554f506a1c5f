import { setCompanyStatusInput, setCompanyStatusOutput } from '#shared/schemas/admin.js';
import { AppError, notFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { setCompanyStatus } from './company-status.js';

export const OWN_COMPANY_SUSPENSION = 'You cannot suspend your own company';

/**
 * A master admin suspends or reactivates a company. Suspending ends every session of its
 * users at once, and sign-in refuses them with the reason until it is reactivated. The write
 * goes through the narrow master-admin write path (./company-status.ts) on the call's own
 * transaction, never through a policy that opens other companies' rows; each use is logged.
 */
export const setCompanyStatusProcedure = permitted('platform', 'write')
  .input(setCompanyStatusInput)
  .output(setCompanyStatusOutput)
  .mutation(async ({ ctx, input }) => {
    if (input.status === 'suspended' && input.companyId === ctx.session.company.id) {
      throw new AppError('FORBIDDEN', OWN_COMPANY_SUSPENSION, { field: 'companyId' });
    }
    const actorUserId = ctx.session.user.id;
    ctx.services.log.info(`master admin ${actorUserId} set company ${input.companyId} subscription status to ${input.status}`);
    const changed = await setCompanyStatus(ctx.db, { actorUserId, companyId: input.companyId, status: input.status });
    if (!changed) throw notFound('Company');
    return changed;
  });
