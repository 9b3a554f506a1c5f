// `make db-reset`: drops and re-creates the database, migrates it and seeds the demo workspace.
import pg from 'pg';
import { loadConfig } from '../server/src/config.js';
import { startEmbeddedPostgres } from '../server/src/db/embedded.js';
import { createServices } from '../server/src/create-services.js';
import { analyzeDatabase } from '../server/src/db/bootstrap.js';
import { seedDemo } from '../server/src/seed/demo-data.js';
import { connectOrStartDatabase } from './database-url.js';

const config = loadConfig();
const { ownerUrl, stop } = await connectOrStartDatabase(config, startEmbeddedPostgres);
const url = new URL(ownerUrl);
const name = decodeURIComponent(url.pathname.slice(1));
url.pathname = '/postgres';
const admin = new pg.Client({ connectionString: url.toString() });
await admin.connect();
await admin.query(`drop database if exists "${name.replaceAll('"', '""')}" with (force)`);
await admin.end();
const { services, close } = await createServices(config, ownerUrl);
try {
  if (!config.DATABASE_URL || config.SEED_DEMO === 'true') {
    await seedDemo(services.db, { onlyIfEmpty: false });
    await analyzeDatabase(ownerUrl);
  }
  console.log(
    `Database "${name}" reset${config.DATABASE_URL && config.SEED_DEMO !== 'true' ? '' : ' and seeded with the demo workspace'}.`,
  );
} finally {
  await close();
  await stop();
}
