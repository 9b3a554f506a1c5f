import { confirmationStatusOutput, loadPaperworkInput } from '#shared/schemas/load-paperwork.js';
import { notFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { latestConfirmation, readablePaperwork } from './load-paperwork.repository.js';

/**
 * loadPaperwork.confirmationStatus: what "Send to driver" asks before sending: the load's driver
 * (name and email; none: nothing to send) and when the confirmation was last sent, to whom.
 */
export const getConfirmationStatusProcedure = permitted('loads', 'read', { readOnly: true })
  .input(loadPaperworkInput)
  .output(confirmationStatusOutput)
  .query(async ({ ctx, input }) => {
    const data = await readablePaperwork(ctx.db, ctx.scope, input.loadId);
    if (!data) throw notFound('Load');
    const last = await latestConfirmation(ctx.db, data.load.companyId, data.load.id);
    return {
      driver: data.driver ? { name: data.driver.name, email: data.driver.email } : null,
      lastSentAt: last?.sentAt ?? null,
      lastEmailedTo: last?.emailedTo ?? null,
    };
  });
