import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The Airwallex adapter (payment links and their webhooks). The API:
 * - POST /api/v1/authentication/login with x-client-id and x-api-key answers a bearer token
 *   (kept until shortly before it expires);
 * - POST /api/v1/pa/payment_links/create makes a fixed-amount, single-use link; `x-on-behalf-of`
 *   names the company's own Airwallex account when it has one; `request_id` is the idempotency key;
 * - webhooks carry x-timestamp (Unix milliseconds) and x-signature, the hex HMAC-SHA256 of
 *   timestamp + raw body keyed with the webhook's secret.
 * Tests play Airwallex with a local HTTP server (AIRWALLEX_BASE_URL).
 */

export interface AirwallexSettings {
  clientId: string;
  apiKey: string;
  baseUrl: string;
  /** Bounds every provider call: a call waits no longer than this. */
  timeoutMs?: number;
}

export interface PaymentLinkRequest {
  /** The idempotency key: the same request twice makes one link. */
  requestId: string;
  amount: string;
  currency: 'USD';
  title: string;
  reference: string;
  description: string;
  metadata: Record<string, string>;
  /** The company's Airwallex account (x-on-behalf-of), when it has one. */
  accountId: string | null;
}

export interface PaymentLink {
  id: string;
  url: string;
}

export class PaymentProviderError extends Error {}

export interface PaymentProvider {
  createPaymentLink(request: PaymentLinkRequest): Promise<PaymentLink>;
}

const TOKEN_MARGIN_MS = 60_000;

export function airwallexProvider(settings: AirwallexSettings, fetchFn: typeof fetch = fetch): PaymentProvider {
  const base = settings.baseUrl.replace(/\/+$/, '');
  const timeoutMs = settings.timeoutMs ?? 10_000;
  let token: { value: string; expiresAt: number } | null = null;

  async function call(path: string, init: { headers: Record<string, string>; body: unknown }): Promise<unknown> {
    let response: Response;
    try {
      response = await fetchFn(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...init.headers },
        body: JSON.stringify(init.body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new PaymentProviderError(`The payment provider could not be reached (${(error as Error).name})`);
    }
    const text = await response.text();
    if (!response.ok) {
      if (response.status === 401) token = null;
      throw new PaymentProviderError(`The payment provider refused the request (HTTP ${response.status})`);
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new PaymentProviderError('The payment provider answered something unexpected');
    }
  }

  async function bearer(): Promise<string> {
    if (token && token.expiresAt - TOKEN_MARGIN_MS > Date.now()) return token.value;
    const answer = (await call('/api/v1/authentication/login', {
      headers: { 'x-client-id': settings.clientId, 'x-api-key': settings.apiKey },
      body: {},
    })) as { token?: unknown; expires_at?: unknown };
    if (typeof answer.token !== 'string') throw new PaymentProviderError('The payment provider answered something unexpected');
    const expiresAt = typeof answer.expires_at === 'string' ? Date.parse(answer.expires_at) : NaN;
    token = { value: answer.token, expiresAt: Number.isFinite(expiresAt) ? expiresAt : Date.now() + 25 * 60_000 };
    return token.value;
  }

  return {
    async createPaymentLink(request) {
      const headers: Record<string, string> = { authorization: `Bearer ${await bearer()}` };
      if (request.accountId) headers['x-on-behalf-of'] = request.accountId;
      const answer = (await call('/api/v1/pa/payment_links/create', {
        headers,
        body: {
          request_id: request.requestId,
          amount: Number(request.amount),
          currency: request.currency,
          title: request.title,
          reusable: false,
          reference: request.reference,
          description: request.description,
          metadata: request.metadata,
        },
      })) as { id?: unknown; url?: unknown };
      if (typeof answer.id !== 'string' || typeof answer.url !== 'string' || !/^https?:\/\//.test(answer.url)) {
        throw new PaymentProviderError('The payment provider answered something unexpected');
      }
      return { id: answer.id, url: answer.url };
    },
  };
}

/** Signs a webhook body as Airwallex does (tests use it to play the provider). */
export function signWebhook(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret)
    .update(timestamp + rawBody)
    .digest('hex');
}

/** Webhooks older or newer than this are refused (a captured request replayed later). */
export const WEBHOOK_TOLERANCE_MS = 5 * 60_000;

/** Whether the headers prove Airwallex sent this very body, recently. Compared in constant time. */
export function verifyWebhook(
  secret: string,
  headers: { timestamp: string | undefined; signature: string | undefined },
  rawBody: string,
  now = Date.now(),
): boolean {
  const { timestamp, signature } = headers;
  if (!timestamp || !signature || !/^\d{10,16}$/.test(timestamp) || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  if (Math.abs(now - Number(timestamp)) > WEBHOOK_TOLERANCE_MS) return false;
  const expected = Buffer.from(signWebhook(secret, timestamp, rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature.toLowerCase(), 'hex'));
}
