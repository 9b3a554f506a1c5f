import type { Config } from '../../config.js';
import { airwallexProvider, type PaymentProvider } from './airwallex.js';

export const AIRWALLEX_DEFAULT_BASE_URL = 'https://api.airwallex.com';

/** One provider (and so one cached token) per set of credentials. */
const providers = new Map<string, PaymentProvider>();

/** The payment provider of this configuration, or null when payments are not configured (no keys). */
export function paymentProviderOf(config: Config): PaymentProvider | null {
  if (!config.AIRWALLEX_CLIENT_ID || !config.AIRWALLEX_API_KEY) return null;
  const baseUrl = config.AIRWALLEX_BASE_URL ?? AIRWALLEX_DEFAULT_BASE_URL;
  const key = JSON.stringify([config.AIRWALLEX_CLIENT_ID, config.AIRWALLEX_API_KEY, baseUrl]);
  let provider = providers.get(key);
  if (!provider) {
    provider = airwallexProvider({ clientId: config.AIRWALLEX_CLIENT_ID, apiKey: config.AIRWALLEX_API_KEY, baseUrl });
    providers.set(key, provider);
  }
  return provider;
}

export { PaymentProviderError, signWebhook, verifyWebhook } from './airwallex.js';
