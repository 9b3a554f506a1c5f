import { startFakeResend } from '../../support/fake-resend.js';
import startE2eAirwallex from './airwallex';
import { E2E_RESEND_API_KEY, E2E_RESEND_PORT } from './mailbox';

/**
 * Playwright's globalSetup: the far edge of the network for the whole run, on fixed ports the e2e
 * servers' environments name before they start: the payment provider (./airwallex.ts) and the
 * mail provider (a fake Resend, whose mailbox ./mailbox.ts reads). Its return value stops both.
 */
export default async function startEdge(): Promise<() => Promise<void>> {
  const stopAirwallex = await startE2eAirwallex();
  const resend = await startFakeResend({ port: E2E_RESEND_PORT, apiKey: E2E_RESEND_API_KEY });
  return async () => {
    await Promise.all([stopAirwallex(), resend.close()]);
  };
}
