import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { withCompany } from '../../db/with-company.js';
import type { MailFileAttachment } from './mail-files.js';

/**
 * What a message may have attached, named rather than carried: the outbox and the mail job hold
 * only this reference (ids, no bytes, no secrets), and the file is made when the message is
 * written to the mail folder and again when the job delivers it. Its company is the one whose
 * transaction reads it.
 */
export type MailAttachmentRef =
  | { kind: 'invoice-pdf'; companyId: string; invoiceId: string }
  /** A load confirmation as sent (domains/load-paperwork/confirmation-attachment.ts). */
  | { kind: 'load-confirmation-pdf'; companyId: string; confirmationId: string };

export type MailAttachment = MailFileAttachment;

/**
 * Makes the file a reference names, in a transaction of the reference's company. The files are the
 * domains' (an invoice's PDF: domains/invoices/invoice-attachment.ts), so the mailer is handed this
 * at start (server/src/create-services.ts) and names no domain itself.
 */
export type AttachmentRenderer = (tx: Kysely<Database>, ref: MailAttachmentRef) => Promise<MailAttachment>;

/** The files, read in the caller's transaction (already in the reference's company: the sending procedure's). */
export async function attachmentsIn(
  tx: Kysely<Database>,
  refs: readonly MailAttachmentRef[],
  render: AttachmentRenderer,
): Promise<MailAttachment[]> {
  const files: MailAttachment[] = [];
  for (const ref of refs) files.push(await render(tx, ref));
  return files;
}

/** The files, each read in a transaction of its own company (the delivery job, outside any request). */
export async function attachmentsFor(
  db: Kysely<Database>,
  refs: readonly MailAttachmentRef[],
  render: AttachmentRenderer,
): Promise<MailAttachment[]> {
  const files: MailAttachment[] = [];
  for (const ref of refs) files.push(await withCompany(db, { companyId: ref.companyId, userId: null }, (tx) => render(tx, ref)));
  return files;
}
