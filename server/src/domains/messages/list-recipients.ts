import { messageRecipientsOutput } from '#shared/schemas/messages.js';
import { permitted } from '../../trpc/procedures.js';
import { listRecipients } from './messages.repository.js';
import { writesAsPortal } from './send-message.js';

/**
 * The Compose Message recipient picker. Staff: the people of the caller's company by name, with
 * their role or portal kind, and the drivers they may read who have no account yet (marked, never a
 * recipient). A driver or a carrier user: the staff who dispatch them (admins, dispatchers).
 */
export const listRecipientsProcedure = permitted('messages', 'write')
  .output(messageRecipientsOutput)
  .query(({ ctx }) => listRecipients(ctx.db, ctx.scope, writesAsPortal(ctx.scope, ctx.session.portal)));
