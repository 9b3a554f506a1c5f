import { z } from 'zod';
import { outboxOutput } from '#shared/schemas/admin.js';
import { masterAdminProcedure } from '../../trpc/procedures.js';
import { recentOutbox } from './admin.repository.js';

/** The newest 100 messages of the mail and SMS outbox, so invitations and codes can be read without a provider. */
export const listOutboxProcedure = masterAdminProcedure
  .input(z.void())
  .output(outboxOutput)
  .query(({ ctx }) => recentOutbox(ctx.db));
