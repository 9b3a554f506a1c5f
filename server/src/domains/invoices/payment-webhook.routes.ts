import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { withCompany } from '../../db/with-company.js';
import { verifyWebhook } from '../../services/payments/payments.js';
import type { AppServices } from '../../services/services.js';

export const PAYMENT_WEBHOOK_PATH = '/api/payments/airwallex/webhook';

/** The events that mean "this link was paid": the payment intent a link made succeeded, or the link itself. */
const PAID_EVENTS = new Set(['payment_intent.succeeded', 'payment_link.paid']);

const eventShape = z.object({
  id: z.string().max(200),
  name: z.string().max(200),
  data: z.object({
    object: z.object({
      id: z.string().max(200).optional(),
      payment_link_id: z.string().max(200).optional(),
      metadata: z.object({ invoice_id: z.uuid(), company_id: z.uuid() }).partial().optional(),
    }),
  }),
});

/**
 * The payment provider's webhook, beside tRPC because it is signed over its raw body:
 * POST /api/payments/airwallex/webhook. Only a body whose x-signature is the HMAC-SHA256 of
 * x-timestamp + body under AIRWALLEX_WEBHOOK_SECRET, sent within 5 minutes, is read (anything
 * else: 401, nothing read). A paid event names the invoice and its company in the link's
 * metadata (set when the link was made) and the link's id: the invoice (draft or sent, with that
 * link) becomes paid, in its company's transaction, as System (the trigger stamps the paid date,
 * audits, publishes and notifies treasury and admins). A replay, or an event about anything
 * else, changes nothing and is acknowledged (200), so the provider stops retrying.
 */
export function paymentWebhookPlugin(services: AppServices) {
  return async function paymentWebhookRoutes(app: FastifyInstance): Promise<void> {
    app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));
    app.post(
      PAYMENT_WEBHOOK_PATH,
      { config: { access: { public: 'signed by Airwallex (x-signature over the raw body)' } } },
      async (request, reply) => {
        const secret = services.config.AIRWALLEX_WEBHOOK_SECRET;
        const rawBody = typeof request.body === 'string' ? request.body : '';
        const header = (name: string) => {
          const value = request.headers[name];
          return typeof value === 'string' ? value : undefined;
        };
        if (!secret || !verifyWebhook(secret, { timestamp: header('x-timestamp'), signature: header('x-signature') }, rawBody)) {
          return reply.code(401).send({ error: 'Invalid signature' });
        }
        let parsed: z.infer<typeof eventShape>;
        try {
          parsed = eventShape.parse(JSON.parse(rawBody));
        } catch {
          return reply.code(400).send({ error: 'Invalid event' });
        }
        const { object } = parsed.data;
        const invoiceId = object.metadata?.invoice_id;
        const companyId = object.metadata?.company_id;
        const linkId = parsed.name === 'payment_link.paid' ? object.id : object.payment_link_id;
        if (!PAID_EVENTS.has(parsed.name) || !invoiceId || !companyId || !linkId) return { received: true, changed: false };
        const paid = await withCompany(services.db, { companyId, userId: null }, (tx) =>
          tx
            .updateTable('invoices')
            .set({ status: 'paid' })
            .where('invoices.id', '=', invoiceId)
            .where('invoices.companyId', '=', companyId)
            .where('invoices.paymentLinkId', '=', linkId)
            .where('invoices.status', 'in', ['draft', 'sent'])
            .returning('invoices.id')
            .executeTakeFirst(),
        );
        if (paid) services.log.info(`payment webhook ${parsed.id}: invoice ${invoiceId} paid`);
        return { received: true, changed: paid !== undefined };
      },
    );
  };
}
