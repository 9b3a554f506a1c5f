import path from 'node:path';

/**
 * Where the end-to-end servers run and keep their data (playwright.config.ts starts them), each on
 * its own embedded PostgreSQL, wiped before each `make test-e2e`. The E2E_* variables move them.
 * - the production server (the journeys): NODE_ENV=production, APP_ORIGIN = baseURL;
 * - the development server (tests/e2e/development/): demo seeding at start and the .eml mail folder.
 * Both are addressed as localhost, which browsers count as a secure origin: the production
 * server's `Secure`, `__Host-` session cookie is kept over plain HTTP there.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_PG_PORT = Number(process.env.E2E_PG_PORT ?? 54339);
export const E2E_DATA_DIR = path.resolve(process.env.E2E_DATA_DIR ?? '.data/e2e/production');
export const baseURL = `http://localhost:${E2E_PORT}`;
/** Not the default (a production server refuses that one). */
export const E2E_APP_DB_PASSWORD = 'e2e-app-role-password';

export const E2E_DEV_PORT = Number(process.env.E2E_DEV_PORT ?? E2E_PORT + 1);
export const E2E_DEV_PG_PORT = Number(process.env.E2E_DEV_PG_PORT ?? E2E_PG_PORT + 1);
export const E2E_DEV_DATA_DIR = path.resolve(process.env.E2E_DEV_DATA_DIR ?? '.data/e2e/development');
export const DEVELOPMENT_BASE_URL = `http://localhost:${E2E_DEV_PORT}`;

/** The production e2e server's database as its owner: for what only a test may do (read the outbox, stage audit rows). */
export const e2eOwnerUrl = `postgres://postgres:haulwise-owner-local@127.0.0.1:${E2E_PG_PORT}/haulwise`;

/** Each demo role's signed-in browser state (tests/e2e/sessions.setup.ts), beside the data it belongs to. */
export const SESSIONS_DIR = path.join(E2E_DATA_DIR, 'sessions');
