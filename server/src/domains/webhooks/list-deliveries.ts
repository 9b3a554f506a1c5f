import { listWebhookDeliveriesInput, listWebhookDeliveriesOutput, WEBHOOK_TEXTS } from '#shared/schemas/webhooks.js';
import { AppError } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { findEndpoint, listDeliveries } from './webhooks.repository.js';

/** webhooks.listDeliveries: an endpoint's delivery log (event, status, status code, attempts, times), newest first, paged. */
export const listWebhookDeliveriesProcedure = permitted('webhooks', 'read', { readOnly: true })
  .input(listWebhookDeliveriesInput)
  .output(listWebhookDeliveriesOutput)
  .query(async ({ ctx, input }) => {
    const { endpointId, ...page } = input;
    if (!(await findEndpoint(ctx.db, ctx.scope.companyId, endpointId))) throw new AppError('NOT_FOUND', WEBHOOK_TEXTS.endpointNotFound);
    return listDeliveries(ctx.db, ctx.scope.companyId, endpointId, page);
  });
