// `make seed`: fills the demo workspace (idempotent). Uses the running server's embedded
// PostgreSQL when it is up, starts it otherwise, or uses DATABASE_URL.
import { loadConfig } from '../server/src/config.js';
import { startEmbeddedPostgres } from '../server/src/db/embedded.js';
import { createServices } from '../server/src/create-services.js';
import { analyzeDatabase } from '../server/src/db/bootstrap.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from '../server/src/seed/demo-data.js';
import { connectOrStartDatabase } from './database-url.js';

const config = loadConfig();
const { ownerUrl, stop } = await connectOrStartDatabase(config, startEmbeddedPostgres);
const { services, close } = await createServices(config, ownerUrl);
try {
  await seedDemo(services.db, { onlyIfEmpty: false });
  await analyzeDatabase(ownerUrl);
  console.log(`Demo workspace ready. Password for every demo account: ${DEMO_PASSWORD}`);
  for (const account of DEMO_ACCOUNTS) console.log(`  ${account.label.padEnd(14)} ${account.email}`);
} finally {
  await close();
  await stop();
}
