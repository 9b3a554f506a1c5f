import { messageRecipientsOutput } from '#shared/schemas/messages.js';
import { permitted } from '../../trpc/procedures.js';
import { listRecipients } from './messages.repository.js';

/** The Compose Message recipient picker: the people of the caller's company, by first name, with their role. */
export const listRecipientsProcedure = permitted('messages', 'write')
  .output(messageRecipientsOutput)
  .query(({ ctx }) => listRecipients(ctx.db, ctx.scope));
