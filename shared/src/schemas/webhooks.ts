import { z } from 'zod';
import { timestamp } from './fields.js';
import { pageInput, pageOutput } from './pagination.js';

/**
 * Signed webhooks (issue 28, item 3; README "API and webhooks", "Webhooks"). Admins register
 * endpoints in Settings → Webhooks; each receives the events it subscribes to, signed per the
 * Standard Webhooks specification with its `whsec_` secret (shown once, at creation).
 */

export const WEBHOOK_EVENTS = [
  'load.created',
  'load.status_changed',
  'load.assigned',
  'document.uploaded',
  'pod.extracted',
  'invoice.created',
  'invoice.paid',
  'message.received',
  'driver.position',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The event "Send test event" sends: not subscribable, every endpoint may receive it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'load.created': 'Load created',
  'load.status_changed': 'Load status changed',
  'load.assigned': 'Load assigned',
  'document.uploaded': 'Document uploaded',
  'pod.extracted': 'POD data extracted',
  'invoice.created': 'Invoice created',
  'invoice.paid': 'Invoice paid',
  'message.received': 'Message received',
  'driver.position': 'Driver position (at most once a minute per driver)',
};

/** Endpoints per company at most. */
export const WEBHOOK_ENDPOINTS_MAX = 20;
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WEBHOOK_TEXTS = {
  urlInvalid: 'Enter a valid URL, e.g. https://example.com/webhooks',
  urlHttps: 'The URL must start with https://',
  urlPrivate: 'The URL must point to a public address (not private, loopback or link-local)',
  urlUnresolvable: 'The URL’s host could not be found',
  eventsRequired: 'Choose at least one event',
  tooMany: `A company can have at most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints. Delete one first.`,
  endpointNotFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Delivery not found',
  endpointDisabled: 'Enable the endpoint first',
} as const;

const endpointId = z.uuid('Endpoint is invalid');

export const webhookUrl = z
  .string({ error: WEBHOOK_TEXTS.urlInvalid })
  .trim()
  .min(1, WEBHOOK_TEXTS.urlInvalid)
  .max(2000, 'The URL must be at most 2000 characters')
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), WEBHOOK_TEXTS.urlInvalid);

export const webhookEvents = z
  .array(z.enum(WEBHOOK_EVENTS, { error: 'Unknown event' }), { error: WEBHOOK_TEXTS.eventsRequired })
  .min(1, WEBHOOK_TEXTS.eventsRequired)
  .max(WEBHOOK_EVENTS.length)
  .transform((events) => [...new Set(events)]);

export const createWebhookEndpointInput = z.object({
  url: webhookUrl,
  description: z.string().trim().max(200, 'Description must be at most 200 characters').default(''),
  events: webhookEvents,
});
export type CreateWebhookEndpointInput = z.input<typeof createWebhookEndpointInput>;

export const updateWebhookEndpointInput = z.object({
  id: endpointId,
  description: z.string().trim().max(200, 'Description must be at most 200 characters').optional(),
  events: webhookEvents.optional(),
  enabled: z.boolean({ error: 'Enabled must be true or false' }).optional(),
});
export type UpdateWebhookEndpointInput = z.input<typeof updateWebhookEndpointInput>;

export const webhookEndpointIdInput = z.object({ id: endpointId });

export const webhookEndpointItem = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  disabledReason: z.string().nullable(),
  failureCount: z.number().int(),
  createdAt: timestamp,
});
export type WebhookEndpointItem = z.infer<typeof webhookEndpointItem>;

export const listWebhookEndpointsOutput = z.object({ items: z.array(webhookEndpointItem).max(WEBHOOK_ENDPOINTS_MAX) });

/** The new endpoint and its signing secret, answered once. */
export const createWebhookEndpointOutput = webhookEndpointItem.extend({ secret: z.string().regex(/^whsec_/) });

export const listWebhookDeliveriesInput = pageInput.extend({ endpointId });

export const webhookDeliveryItem = z.object({
  id: z.uuid(),
  eventType: z.string(),
  eventId: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: timestamp.nullable(),
  createdAt: timestamp,
  deliveredAt: timestamp.nullable(),
});
export type WebhookDeliveryItem = z.infer<typeof webhookDeliveryItem>;

export const listWebhookDeliveriesOutput = pageOutput(webhookDeliveryItem);

export const resendWebhookDeliveryInput = z.object({ id: z.uuid('Delivery is invalid') });

/** What resend and sendTest answer: the delivery queued. */
export const queuedWebhookDeliveryOutput = webhookDeliveryItem;
