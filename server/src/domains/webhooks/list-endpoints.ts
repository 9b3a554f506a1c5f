import { listWebhookEndpointsOutput } from '#shared/schemas/webhooks.js';
import { permitted } from '../../trpc/procedures.js';
import { listEndpoints } from './webhooks.repository.js';

/** webhooks.listEndpoints: the company's endpoints, newest first (never a secret: it is shown once, at creation). */
export const listWebhookEndpointsProcedure = permitted('webhooks', 'read', { readOnly: true })
  .output(listWebhookEndpointsOutput)
  .query(async ({ ctx }) => ({ items: await listEndpoints(ctx.db, ctx.scope.companyId) }));
