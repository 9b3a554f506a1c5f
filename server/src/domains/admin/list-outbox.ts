import { z } from 'zod';
import { outboxOutput } from '#shared/schemas/admin.js';
import { permitted } from '../../trpc/procedures.js';
import { recentOutbox } from './admin.repository.js';

/** The newest 100 messages of the mail and SMS outbox: recipient, subject, company, status and times; never a body. */
export const listOutboxProcedure = permitted('platform', 'read')
  .input(z.void())
  .output(outboxOutput)
  .query(({ ctx }) => recentOutbox(ctx.db));
