import path from 'node:path';

/**
 * Where the end-to-end server runs and keeps its data (playwright.config.ts starts it): the built
 * app on its own embedded PostgreSQL, wiped before each `make test-e2e`. The E2E_* variables move it.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_PG_PORT = Number(process.env.E2E_PG_PORT ?? 54339);
export const E2E_DATA_DIR = path.resolve(process.env.E2E_DATA_DIR ?? '.data/e2e');
export const baseURL = `http://localhost:${E2E_PORT}`;

/** The e2e server's database as its owner: for what only a test may do (read the outbox, stage audit rows). */
export const e2eOwnerUrl = `postgres://postgres:haulwise-owner-local@127.0.0.1:${E2E_PG_PORT}/haulwise`;

/** Each demo role's signed-in browser state (tests/e2e/sessions.setup.ts), beside the data it belongs to. */
export const SESSIONS_DIR = path.join(E2E_DATA_DIR, 'sessions');
