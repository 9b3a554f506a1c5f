import type { FastifyInstance } from 'fastify';
import { loadConfig } from './config.js';
import { buildApp, type DemoSeedState } from './app.js';
import { analyzeDatabase } from './db/bootstrap.js';
import { databaseUnavailableMessage } from './db/database.js';
import { DataFolderInUseError, startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.js';
import { createServices, type StartedServices } from './create-services.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './seed/demo-data.js';
import { DEMO_CARRIER_ACCOUNT } from './seed/demo-fleet.js';
import { startDemoSimulation, type DemoSimulator } from './seed/demo-simulator.js';

/** SIGTERM always ends the server within this, whatever is still running. */
const SHUTDOWN_DEADLINE_MS = 14_000;

let embedded: EmbeddedDatabase | null = null;
let started: StartedServices | null = null;
let app: FastifyInstance | null = null;
let simulator: DemoSimulator | null = null;
let stopping = false;

// Installed first, so a signal during start-up (a database that will not start) still ends the process.
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
// A library promise that fails because the database is restarting (the supervisor brings it back)
// must not end the server; anything else unhandled is a bug: stop cleanly and say why.
process.on('unhandledRejection', (reason) => {
  if (databaseUnavailableMessage(reason)) {
    console.warn(
      `[${new Date().toISOString()}] while the database was unavailable: ${reason instanceof Error ? reason.message : String(reason)}`,
    );
    return;
  }
  console.error('Unhandled rejection:', reason);
  process.exitCode = 1;
  void shutdown('unhandled rejection');
});

/** Stop accepting, finish in-flight requests, close sockets with a reason, stop the embedded database cleanly. */
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(signal.startsWith('SIG') ? `\n${signal} received: stopping Haulwise...` : 'Stopping Haulwise...');
  const deadline = setTimeout(() => {
    console.error('Shutdown took too long; exiting now.');
    process.exit(1);
  }, SHUTDOWN_DEADLINE_MS);
  deadline.unref();
  const step = async (what: string, run: () => Promise<void>) => {
    try {
      await run();
    } catch (error) {
      console.error(`While stopping (${what}):`, error instanceof Error ? error.message : error);
    }
  };
  const [server, services, database, demoSimulator] = [app, started, embedded, simulator];
  if (demoSimulator) await step('demo simulation', () => demoSimulator.stop());
  if (server) await step('HTTP server', () => server.close());
  if (services) await step('services', () => services.close());
  if (database) await step('embedded PostgreSQL', () => database.stop());
  console.log('Stopped.');
  process.exit();
}

async function start(): Promise<void> {
  const config = loadConfig();
  let ownerUrl = config.DATABASE_URL;
  if (!ownerUrl) {
    console.log(`Starting embedded PostgreSQL in ${config.dataDir}/postgres ...`);
    embedded = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      port: config.EMBEDDED_PG_PORT,
      onNotice: (message) => console.warn(`[${new Date().toISOString()}] ${message}`),
    });
    ownerUrl = embedded.url;
  }
  if (stopping) return;

  started = await createServices(config, ownerUrl);
  const { services } = started;
  const shouldSeed = config.SEED_DEMO === 'true' || (config.SEED_DEMO === 'auto' && embedded !== null);
  // The demo workspace is written after the server listens (a fresh start answers in about half
  // the time); /health/demo says when it is in, and the demo logins are printed then.
  let demo: DemoSeedState = shouldSeed ? 'seeding' : 'none';
  if (stopping) return;

  app = await buildApp(services, { logger: config.NODE_ENV === 'production', demo: () => demo });
  await app.listen({ host: config.HOST, port: config.PORT });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;

  // In production the public origin (behind the proxy that serves it); elsewhere this machine.
  console.log(`\nHaulwise is running at ${config.NODE_ENV === 'production' ? config.appOrigin : `http://localhost:${port}`}\n`);
  if (config.NODE_ENV === 'production' && !config.RESEND_API_KEY) {
    console.warn(
      'No RESEND_API_KEY: mail (verification and password-reset links, invitations, invoices) is kept in the outbox, not delivered. ' +
        'Set RESEND_API_KEY (and RESEND_BASE_URL for a Resend-compatible service) to deliver it.',
    );
  }
  // Demo drivers move along their lanes (development with the demo workspace; DEMO_SIMULATION).
  const simulate = async (seeded: boolean) => {
    if (stopping) return;
    simulator = await startDemoSimulation(services.db, config, seeded).catch((error: unknown) => {
      if (!stopping) console.warn('The demo simulation could not start:', error);
      return null;
    });
    if (stopping) await simulator?.stop();
  };
  if (!shouldSeed) return simulate(false);
  try {
    const seeded = await seedDemo(services.db, { onlyIfEmpty: true });
    if (seeded && !stopping) await analyzeDatabase(ownerUrl);
    demo = 'ready';
    if (stopping) return;
    if (seeded) console.log('Seeded the demo workspace.');
    console.log(`Demo accounts (password for all: ${DEMO_PASSWORD}):`);
    for (const account of DEMO_ACCOUNTS) console.log(`  ${account.label.padEnd(14)} ${account.email}`);
    console.log(`  ${'Carrier user'.padEnd(14)} ${DEMO_CARRIER_ACCOUNT.email}`);
    console.log('');
  } catch (error) {
    demo = 'failed';
    if (stopping) return; // the pool closed under it
    console.error('The demo workspace could not be seeded:', error);
  }
  if (demo === 'ready') await simulate(true);
}

try {
  await start();
} catch (error) {
  if (error instanceof DataFolderInUseError || (error instanceof Error && error.message.startsWith('Invalid configuration'))) {
    console.error(error.message);
  } else {
    console.error('Haulwise could not start:', error);
  }
  process.exitCode = 1;
  await shutdown('start-up failure');
}
