import { queuedWebhookDeliveryOutput, resendWebhookDeliveryInput, WEBHOOK_TEXTS } from '#shared/schemas/webhooks.js';
import { AppError } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { findDelivery, findEndpoint, insertDelivery } from './webhooks.repository.js';

/**
 * webhooks.resend: sends a delivery's event again, as a new delivery of the same event (the same
 * webhook-id and payload, so a receiver that already took it can tell), queued after commit.
 */
export const resendWebhookDeliveryProcedure = permitted('webhooks', 'write')
  .input(resendWebhookDeliveryInput)
  .output(queuedWebhookDeliveryOutput)
  .mutation(async ({ ctx, input }) => {
    const companyId = ctx.scope.companyId;
    const delivery = await findDelivery(ctx.db, companyId, input.id);
    if (!delivery) throw new AppError('NOT_FOUND', WEBHOOK_TEXTS.deliveryNotFound);
    const endpoint = await findEndpoint(ctx.db, companyId, delivery.endpointId);
    if (!endpoint) throw new AppError('NOT_FOUND', WEBHOOK_TEXTS.deliveryNotFound);
    if (!endpoint.enabled) throw new AppError('BAD_REQUEST', WEBHOOK_TEXTS.endpointDisabled, { field: 'id' });
    return insertDelivery(ctx.db, {
      companyId,
      endpointId: endpoint.id,
      eventType: delivery.eventType,
      eventId: delivery.eventId,
      payload: delivery.payload,
    });
  });
