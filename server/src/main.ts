import { loadConfig } from './config.js';
import { buildApp } from './app.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.js';
import { createServices } from './services/create-services.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from '../../scripts/demo-data.js';

const config = loadConfig();
let embedded: EmbeddedDatabase | null = null;
let ownerUrl = config.DATABASE_URL;
if (!ownerUrl) {
  console.log(`Starting embedded PostgreSQL in ${config.dataDir}/postgres ...`);
  embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.EMBEDDED_PG_PORT });
  ownerUrl = embedded.url;
}

const { services, close } = await createServices(config, ownerUrl);
const shouldSeed = config.SEED_DEMO === 'true' || (config.SEED_DEMO === 'auto' && embedded !== null);
if (shouldSeed) {
  const seeded = await seedDemo(services.db, { onlyIfEmpty: true });
  if (seeded) console.log('Seeded the demo workspace.');
}

const app = await buildApp(services, { logger: config.NODE_ENV === 'production' });
await app.listen({ host: config.HOST, port: config.PORT });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.PORT;

console.log(`\nHaulwise is running at http://localhost:${port}\n`);
if (shouldSeed) {
  console.log(`Demo accounts (password for all: ${DEMO_PASSWORD}):`);
  for (const account of DEMO_ACCOUNTS) console.log(`  ${account.label.padEnd(14)} ${account.email}`);
  console.log('');
}

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal} received: stopping Haulwise...`);
  await app.close();
  await close();
  if (embedded) await embedded.stop();
  console.log('Stopped.');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
