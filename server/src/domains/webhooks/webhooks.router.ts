import { router } from '../../trpc/procedures.js';
import { createWebhookEndpointProcedure } from './create-endpoint.js';
import { deleteWebhookEndpointProcedure } from './delete-endpoint.js';
import { listWebhookDeliveriesProcedure } from './list-deliveries.js';
import { listWebhookEndpointsProcedure } from './list-endpoints.js';
import { resendWebhookDeliveryProcedure } from './resend-delivery.js';
import { sendWebhookTestProcedure } from './send-test.js';
import { updateWebhookEndpointProcedure } from './update-endpoint.js';

/** Signed webhooks (Settings → Webhooks, admins); who may call each is in shared/src/permissions.ts. */
export const webhooksRouter = router({
  listEndpoints: listWebhookEndpointsProcedure,
  createEndpoint: createWebhookEndpointProcedure,
  updateEndpoint: updateWebhookEndpointProcedure,
  deleteEndpoint: deleteWebhookEndpointProcedure,
  /** An endpoint's delivery log, and sending again. */
  listDeliveries: listWebhookDeliveriesProcedure,
  resend: resendWebhookDeliveryProcedure,
  sendTest: sendWebhookTestProcedure,
});
