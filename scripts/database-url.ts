import pg from 'pg';
import type { Config } from '../server/src/config.js';
import type { startEmbeddedPostgres as StartEmbedded } from '../server/src/db/embedded.js';

const EMBEDDED_OWNER_PASSWORD = 'haulwise-owner-local';

/** DATABASE_URL when set; else the embedded server if it is already running; else start it for this script. */
export async function connectOrStartDatabase(
  config: Config,
  startEmbedded: typeof StartEmbedded,
): Promise<{ ownerUrl: string; stop: () => Promise<void> }> {
  if (config.DATABASE_URL) return { ownerUrl: config.DATABASE_URL, stop: async () => {} };
  const runningUrl = `postgres://postgres:${EMBEDDED_OWNER_PASSWORD}@127.0.0.1:${config.EMBEDDED_PG_PORT}/haulwise`;
  const probe = new pg.Client({ connectionString: runningUrl.replace(/\/haulwise$/, '/postgres') });
  try {
    await probe.connect();
    await probe.end();
    return { ownerUrl: runningUrl, stop: async () => {} };
  } catch {
    const embedded = await startEmbedded({ dataDir: config.dataDir, port: config.EMBEDDED_PG_PORT });
    return { ownerUrl: embedded.url, stop: embedded.stop };
  }
}
