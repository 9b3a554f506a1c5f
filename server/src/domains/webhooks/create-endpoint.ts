import { createWebhookEndpointInput, createWebhookEndpointOutput, WEBHOOK_ENDPOINTS_MAX, WEBHOOK_TEXTS } from '#shared/schemas/webhooks.js';
import { AppError } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { checkWebhookAddress } from './webhook-address.js';
import { newWebhookSecret } from './webhook-signing.js';
import { countEndpointsLocked, insertEndpoint } from './webhooks.repository.js';

/**
 * webhooks.createEndpoint: registers an endpoint for the events chosen. Its URL must be allowed
 * (webhook-address.ts: in production https and public addresses only), checked now and again at
 * every delivery. Its `whsec_` secret is answered once. At most WEBHOOK_ENDPOINTS_MAX per company.
 */
export const createWebhookEndpointProcedure = permitted('webhooks', 'write')
  .input(createWebhookEndpointInput)
  .output(createWebhookEndpointOutput)
  .mutation(async ({ ctx, input }) => {
    const checked = await checkWebhookAddress(input.url, { production: ctx.services.config.NODE_ENV === 'production' });
    if (!checked.ok) throw new AppError('BAD_REQUEST', checked.message, { field: 'url' });
    if ((await countEndpointsLocked(ctx.db, ctx.scope.companyId)) >= WEBHOOK_ENDPOINTS_MAX)
      throw new AppError('CONFLICT', WEBHOOK_TEXTS.tooMany);
    const secret = newWebhookSecret();
    const endpoint = await insertEndpoint(ctx.db, {
      companyId: ctx.scope.companyId,
      url: input.url,
      description: input.description,
      events: input.events,
      secret,
      createdBy: ctx.scope.userId,
    });
    return { ...endpoint, secret };
  });
