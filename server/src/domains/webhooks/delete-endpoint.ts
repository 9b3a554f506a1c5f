import { z } from 'zod';
import { webhookEndpointIdInput, WEBHOOK_TEXTS } from '#shared/schemas/webhooks.js';
import { AppError } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { deleteEndpoint } from './webhooks.repository.js';

/** webhooks.deleteEndpoint: the endpoint and its delivery log go; a pending delivery's job then finds nothing to send. */
export const deleteWebhookEndpointProcedure = permitted('webhooks', 'write')
  .input(webhookEndpointIdInput)
  .output(z.object({ id: z.uuid() }))
  .mutation(async ({ ctx, input }) => {
    if (!(await deleteEndpoint(ctx.db, ctx.scope.companyId, input.id))) throw new AppError('NOT_FOUND', WEBHOOK_TEXTS.endpointNotFound);
    return { id: input.id };
  });
