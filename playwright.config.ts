import { defineConfig, devices } from '@playwright/test';
import { airwallexServerEnv } from './tests/e2e/support/airwallex';
import { baseURL, E2E_DATA_DIR, E2E_PG_PORT, E2E_PORT } from './tests/e2e/support/environment';

/**
 * The built app on a fresh embedded PostgreSQL (.data/e2e, wiped by `make test`), seeded
 * with the demo workspace, driven by Debian's Chromium: never a downloaded browser.
 * The `sessions` project signs each demo role in once; the journeys reuse those sessions.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  tsconfig: 'tests/e2e/playwright.tsconfig.json',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  // The fake Airwallex, once for the whole run (the invoices journey takes a payment through it).
  globalSetup: './tests/e2e/support/airwallex.ts',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    { name: 'sessions', testMatch: 'sessions.setup.ts', use: { ...devices['Desktop Chrome'], channel: undefined } },
    { name: 'chromium', dependencies: ['sessions'], use: { ...devices['Desktop Chrome'], channel: undefined } },
  ],
  webServer: {
    // `make test` runs the built server, as `make start` and the image do; a run of its own runs the sources.
    command: process.env.E2E_BUILT_SERVER ? 'node --enable-source-maps dist/server/main.js' : 'tsx server/src/main.ts',
    // The demo workspace is seeded after the server listens: the journeys start once it is in.
    url: `${baseURL}/health/demo`,
    reuseExistingServer: false,
    timeout: 120_000,
    gracefulShutdown: { signal: 'SIGINT', timeout: 10_000 },
    env: {
      PORT: String(E2E_PORT),
      HAULWISE_DATA_DIR: E2E_DATA_DIR,
      EMBEDDED_PG_PORT: String(E2E_PG_PORT),
      SEED_DEMO: 'true',
      ...(process.env.E2E_CLIENT_DIST ? { CLIENT_DIST_DIR: process.env.E2E_CLIENT_DIST } : {}),
      CONTACT_INBOX: 'inbox@haulwise.test',
      // All journeys come from one address and some sign in through the form; the limits themselves
      // are proven by integration tests.
      SIGN_IN_MAX_PER_IP: '10000',
      SIGN_IN_MAX_PER_ACCOUNT: '10000',
      // The stored demo sessions must outlive the form sign-ins of the same accounts during the run.
      MAX_SESSIONS_PER_USER: '1000',
      // Payment links and webhooks against the fake Airwallex of globalSetup.
      ...airwallexServerEnv,
    },
  },
});
