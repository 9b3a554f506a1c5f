import { router } from '../../trpc/procedures.js';
import { sendContactMessageProcedure } from './send-contact-message.js';

/** The public site's contact form. */
export const contactRouter = router({
  /** Stored, then mailed to CONTACT_INBOX after commit. */
  send: sendContactMessageProcedure,
});
