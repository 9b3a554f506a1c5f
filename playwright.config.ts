import { defineConfig, devices } from '@playwright/test';
import { airwallexServerEnv } from './tests/e2e/support/airwallex';
import {
  baseURL,
  DEVELOPMENT_BASE_URL,
  E2E_APP_DB_PASSWORD,
  E2E_DATA_DIR,
  E2E_DEV_DATA_DIR,
  E2E_DEV_PG_PORT,
  E2E_DEV_PORT,
  E2E_PG_PORT,
  E2E_PORT,
} from './tests/e2e/support/environment';
import { E2E_RESEND_API_KEY, E2E_RESEND_URL } from './tests/e2e/support/mailbox';

/**
 * The journeys run the program companies run: the built server with NODE_ENV=production, its
 * APP_ORIGIN, the `__Host-` session cookie, a database password of its own, and mail delivered
 * through Resend's API to a fake Resend (tests/e2e/support/edge.ts), from which journeys read
 * links and codes. Production never seeds the demo workspace, so it is written before the server
 * starts (`make seed`'s script, outside production, against the same data folder). What exists only outside production
 * (demo seeding at start, the .eml mail folder) has a small suite of its own against a development
 * server (tests/e2e/development/). All in Debian's Chromium: never a downloaded browser.
 * The `sessions` project signs each demo role in once; the journeys reuse those sessions.
 */
const built = Boolean(process.env.E2E_BUILT_SERVER);
const server = built ? 'node --enable-source-maps dist/server/main.js' : 'tsx server/src/main.ts';

/** What every e2e server shares: limits sized for one machine driving many journeys. */
const commonEnv = {
  CONTACT_INBOX: 'inbox@haulwise.test',
  // All journeys come from one address and some sign in through the form; the limits themselves
  // are proven by integration tests.
  SIGN_IN_MAX_PER_IP: '10000',
  SIGN_IN_MAX_PER_ACCOUNT: '10000',
  SIGN_UP_MAX_PER_IP: '10000',
  // The stored demo sessions must outlive the form sign-ins of the same accounts during the run.
  MAX_SESSIONS_PER_USER: '1000',
  ...(process.env.E2E_CLIENT_DIST ? { CLIENT_DIST_DIR: process.env.E2E_CLIENT_DIST } : {}),
};

const productionEnv = {
  ...commonEnv,
  NODE_ENV: 'production',
  APP_ORIGIN: baseURL,
  APP_DB_PASSWORD: E2E_APP_DB_PASSWORD,
  PORT: String(E2E_PORT),
  HAULWISE_DATA_DIR: E2E_DATA_DIR,
  EMBEDDED_PG_PORT: String(E2E_PG_PORT),
  LOG_LEVEL: 'warn',
  RESEND_API_KEY: E2E_RESEND_API_KEY,
  RESEND_BASE_URL: E2E_RESEND_URL,
  // Payment links and webhooks against the fake Airwallex of globalSetup.
  ...airwallexServerEnv,
};

const chromium = { ...devices['Desktop Chrome'], channel: undefined };

export default defineConfig({
  testDir: 'tests/e2e',
  tsconfig: 'tests/e2e/playwright.tsconfig.json',
  fullyParallel: true,
  workers: 2,
  // One retry: on the 2-core CI machine two Chromiums (software WebGL for the maps), two servers
  // and PostgreSQL share the cores, and a journey now and then meets a 10 s expectation while the
  // machine is saturated. A journey that fails twice fails the run; a retried one is listed as flaky.
  retries: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  // The far edge of the network, once for the whole run: a fake Airwallex and a fake Resend.
  globalSetup: './tests/e2e/support/edge.ts',
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
    { name: 'sessions', testMatch: 'sessions.setup.ts', use: chromium },
    { name: 'chromium', dependencies: ['sessions'], testIgnore: 'development/**', use: chromium },
    { name: 'development', testMatch: 'development/**/*.spec.ts', use: { ...chromium, baseURL: DEVELOPMENT_BASE_URL } },
  ],
  webServer: [
    {
      // The demo workspace is written first, by `make seed`'s script in a test configuration (seeding
      // refuses production: its accounts share a public password), then the server starts on it.
      command: `NODE_ENV=test tsx scripts/seed.ts && exec ${server}`,
      url: `${baseURL}/health/ready`,
      reuseExistingServer: false,
      timeout: 180_000,
      gracefulShutdown: { signal: 'SIGINT', timeout: 10_000 },
      env: productionEnv,
    },
    {
      command: server,
      // The demo workspace is seeded after a development server listens: its suite starts once it is in.
      url: `${DEVELOPMENT_BASE_URL}/health/demo`,
      reuseExistingServer: false,
      timeout: 180_000,
      gracefulShutdown: { signal: 'SIGINT', timeout: 10_000 },
      env: {
        ...commonEnv,
        NODE_ENV: 'development',
        PORT: String(E2E_DEV_PORT),
        HAULWISE_DATA_DIR: E2E_DEV_DATA_DIR,
        EMBEDDED_PG_PORT: String(E2E_DEV_PG_PORT),
        SEED_DEMO: 'true',
      },
    },
  ],
});
