import { startFakeAirwallex } from '../../support/fake-airwallex.js';
import { E2E_PORT } from './environment';

/**
 * The payment provider of the end-to-end run: the fake Airwallex of the integration tests
 * (tests/support/fake-airwallex.ts), started once for the whole run by Playwright's globalSetup
 * (this file's default export; its return value stops it), on a fixed port beside the e2e server's
 * (E2E_AIRWALLEX_PORT, by default E2E_PORT + 2000), so the web server's environment can name it
 * before it starts. Only "Generate Link" and the payment webhook use it: no other journey changes.
 */
export const E2E_AIRWALLEX_PORT = Number(process.env.E2E_AIRWALLEX_PORT ?? E2E_PORT + 2000);
export const E2E_AIRWALLEX_URL = `http://127.0.0.1:${E2E_AIRWALLEX_PORT}`;
export const E2E_AIRWALLEX_CLIENT_ID = 'e2e-airwallex-client';
export const E2E_AIRWALLEX_API_KEY = 'e2e-airwallex-key';
/** The e2e server verifies webhooks with it; the invoices journey signs with it. */
export const E2E_AIRWALLEX_WEBHOOK_SECRET = 'e2e-airwallex-webhook-secret';

/** The e2e server's payment settings (playwright.config.ts webServer.env). */
export const airwallexServerEnv = {
  AIRWALLEX_CLIENT_ID: E2E_AIRWALLEX_CLIENT_ID,
  AIRWALLEX_API_KEY: E2E_AIRWALLEX_API_KEY,
  AIRWALLEX_BASE_URL: E2E_AIRWALLEX_URL,
  AIRWALLEX_WEBHOOK_SECRET: E2E_AIRWALLEX_WEBHOOK_SECRET,
};

export default async function startE2eAirwallex(): Promise<() => Promise<void>> {
  const fake = await startFakeAirwallex({
    clientId: E2E_AIRWALLEX_CLIENT_ID,
    apiKey: E2E_AIRWALLEX_API_KEY,
    port: E2E_AIRWALLEX_PORT,
  });
  return () => fake.close();
}
