import { updateWebhookEndpointInput, webhookEndpointItem, WEBHOOK_TEXTS } from '#shared/schemas/webhooks.js';
import { AppError } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { updateEndpoint } from './webhooks.repository.js';

/** webhooks.updateEndpoint: its description or events, or enable or disable it (enabling again clears its failure streak). */
export const updateWebhookEndpointProcedure = permitted('webhooks', 'write')
  .input(updateWebhookEndpointInput)
  .output(webhookEndpointItem)
  .mutation(async ({ ctx, input }) => {
    const { id, ...changes } = input;
    const updated = await updateEndpoint(ctx.db, ctx.scope.companyId, id, changes);
    if (!updated) throw new AppError('NOT_FOUND', WEBHOOK_TEXTS.endpointNotFound);
    return updated;
  });
