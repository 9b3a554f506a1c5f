import { queuedWebhookDeliveryOutput, webhookEndpointIdInput, WEBHOOK_TEST_EVENT, WEBHOOK_TEXTS } from '#shared/schemas/webhooks.js';
import { AppError } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { findEndpoint, insertDelivery, newEventId } from './webhooks.repository.js';

/** webhooks.sendTest: a `webhook.test` event to one endpoint, signed and logged like any other, queued after commit. */
export const sendWebhookTestProcedure = permitted('webhooks', 'write')
  .input(webhookEndpointIdInput)
  .output(queuedWebhookDeliveryOutput)
  .mutation(async ({ ctx, input }) => {
    const companyId = ctx.scope.companyId;
    const endpoint = await findEndpoint(ctx.db, companyId, input.id);
    if (!endpoint) throw new AppError('NOT_FOUND', WEBHOOK_TEXTS.endpointNotFound);
    if (!endpoint.enabled) throw new AppError('BAD_REQUEST', WEBHOOK_TEXTS.endpointDisabled, { field: 'id' });
    return insertDelivery(ctx.db, {
      companyId,
      endpointId: endpoint.id,
      eventType: WEBHOOK_TEST_EVENT,
      eventId: newEventId(),
      payload: {
        type: WEBHOOK_TEST_EVENT,
        timestamp: new Date().toISOString(),
        data: { endpointId: endpoint.id, message: 'A test event from Haulwise' },
      },
    });
  });
