import { z } from 'zod';
import { timestamp } from './fields.js';

/**
 * A load's paperwork (issue 26, item 7): the load confirmation (the driver's one-page dispatch
 * sheet) and a prefilled straight bill of lading, each a PDF made on the server.
 */

/** The texts the screens show. */
export const LOAD_PAPERWORK_TEXTS = {
  confirmation: 'Load confirmation (PDF)',
  billOfLading: 'Bill of lading (PDF)',
  send: 'Send to driver',
  sent: 'Load confirmation sent',
  noDriver: 'Assign a driver to send the load confirmation',
  noDriverEmail: 'The driver has no email address: send it to the portal only, or add one to the driver',
} as const;

export const loadPaperworkInput = z.object({ loadId: z.uuid('Load is invalid') });

/** A PDF to save: its file name and its bytes in base64 (as invoices.pdf answers). */
export const paperworkPdfOutput = z.object({ fileName: z.string(), contentBase64: z.string() });

/** "Send to driver": the load's confirmation to its driver's portal, and by email when asked. */
export const sendConfirmationInput = z.object({
  loadId: z.uuid('Load is invalid'),
  emailDriver: z.boolean({ error: 'Email the driver must be true or false' }),
});

export const sendConfirmationOutput = z.object({
  id: z.uuid(),
  loadId: z.uuid(),
  sentAt: timestamp,
  /** The address it was mailed to; null: the driver's portal only. */
  emailedTo: z.string().nullable(),
  driverName: z.string(),
});
export type SendConfirmationOutput = z.infer<typeof sendConfirmationOutput>;

/** The file names: "<load number>-confirmation.pdf" and "<load number>-bol.pdf", safe to save anywhere. */
const safeName = (loadNumber: string) => loadNumber.replace(/[^A-Za-z0-9._-]+/g, '_');
export const confirmationPdfName = (loadNumber: string) => `${safeName(loadNumber)}-confirmation.pdf`;
export const billOfLadingPdfName = (loadNumber: string) => `${safeName(loadNumber)}-bol.pdf`;

/** What "Send to driver" shows first: the load's driver (none: it cannot be sent) and its last sending. */
export const confirmationStatusOutput = z.object({
  driver: z.object({ name: z.string(), email: z.string().nullable() }).nullable(),
  lastSentAt: timestamp.nullable(),
  lastEmailedTo: z.string().nullable(),
});
export type ConfirmationStatus = z.infer<typeof confirmationStatusOutput>;
