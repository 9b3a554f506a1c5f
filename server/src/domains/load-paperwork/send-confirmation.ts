import { LOAD_PAPERWORK_TEXTS, sendConfirmationInput, sendConfirmationOutput } from '#shared/schemas/load-paperwork.js';
import { AppError, notFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { confirmationPdfName } from './load-confirmation-pdf.js';
import { insertConfirmation, writablePaperwork } from './load-paperwork.repository.js';

/**
 * loadPaperwork.sendConfirmation, "Send to driver": records the sending (load_confirmations), so the
 * driver's portal offers the PDF from now on, and, when asked, mails it to the driver's email with
 * the PDF attached, through the mail job queue in this transaction (nothing leaves if it rolls
 * back). The mail job names the sending; the PDF is made at delivery, signed by the sender.
 * A load with no driver is refused naming `loadId`; a driver with no email, when mailing is
 * asked, naming `emailDriver`.
 */
export const sendConfirmationProcedure = permitted('loads', 'write')
  .input(sendConfirmationInput)
  .output(sendConfirmationOutput)
  .mutation(async ({ ctx, input }) => {
    const data = await writablePaperwork(ctx.db, ctx.scope, input.loadId);
    if (!data) throw notFound('Load');
    const { load, company, driver, dispatcher } = data;
    if (!driver) throw new AppError('BAD_REQUEST', LOAD_PAPERWORK_TEXTS.noDriver, { field: 'loadId' });
    const to = input.emailDriver ? driver.email : null;
    if (input.emailDriver && !to) throw new AppError('BAD_REQUEST', LOAD_PAPERWORK_TEXTS.noDriverEmail, { field: 'emailDriver' });
    const sent = await insertConfirmation(ctx.db, ctx.scope, { loadId: load.id, emailedTo: to });
    if (to) {
      const from = company?.name ?? 'Haulwise';
      const first = load.stops[0];
      const last = load.stops.at(-1);
      const lines = [
        `Hello ${driver.name},`,
        '',
        `Here is your load confirmation for load ${load.loadNumber}${first && last ? `: ${first.city}, ${first.state} to ${last.city}, ${last.state}` : ''}.`,
        `It is attached as ${confirmationPdfName(load.loadNumber)}, and it is in your driver portal too.`,
        '',
        dispatcher
          ? `Questions? Call ${dispatcher.name}${dispatcher.phone ? ` at ${dispatcher.phone}` : ''}${dispatcher.email ? ` or write to ${dispatcher.email}` : ''}.`
          : null,
        '',
        from,
      ].filter((line): line is string => line !== null);
      await ctx.services.mailer.send(ctx.db, {
        channel: 'email',
        to,
        subject: `Load confirmation ${load.loadNumber} from ${from}`,
        text: lines.join('\n'),
        attachments: [{ kind: 'load-confirmation-pdf', companyId: ctx.scope.companyId, confirmationId: sent.id }],
      });
    }
    return { ...sent, driverName: driver.name };
  });
