import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { confirmationPdfName, renderLoadConfirmationPdf } from './load-confirmation-pdf.js';
import { sentConfirmationPaperwork } from './load-paperwork.repository.js';

/**
 * A sent load confirmation's PDF as a mail attachment, made when the mail is written or delivered
 * (the mail job names the sending, never the bytes): the load as it is then, signed by the
 * dispatcher who sent it. `db` is a transaction of the sending's company.
 */
export async function loadConfirmationAttachment(db: Kysely<Database>, companyId: string, confirmationId: string) {
  const data = await sentConfirmationPaperwork(db, companyId, confirmationId);
  if (!data) throw new Error(`Load confirmation ${confirmationId} to attach was not found`);
  return {
    filename: confirmationPdfName(data.load.loadNumber),
    contentType: 'application/pdf',
    content: await renderLoadConfirmationPdf(data),
  };
}
