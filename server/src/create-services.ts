import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Config } from './config.js';
import { createLucia, luciaOptions } from './services/lucia.js';
import { UNVERIFIED_ACCOUNTS_CRONTAB, unverifiedAccountTasks } from './auth/unverified-accounts.js';
import { appConnectionString, ensureDatabaseExists, listConfiguredPlatformAdmins, prepareDatabase } from './db/bootstrap.js';
import { MASTER_ADMIN } from './seed/demo-accounts.js';
import { createDb, createPool } from './db/database.js';
import { DOCUMENT_CRONTAB, documentTasks } from './domains/documents/document-tasks.js';
import { detentionTasks } from './domains/geofences/detention-tasks.js';
import { iftaRebuildTasks } from './domains/ifta/rebuild-tasks.js';
import { iftaRollupTasks } from './domains/ifta/rollup-tasks.js';
import { importTasks } from './domains/imports/import-tasks.js';
import { invoicePdfAttachment } from './domains/invoices/invoice-attachment.js';
import { loadConfirmationAttachment } from './domains/load-paperwork/confirmation-attachment.js';
import { pushTasks } from './domains/notifications/web-push-tasks.js';
import { WEBHOOK_CRONTAB, webhookTasks } from './domains/webhooks/webhook-tasks.js';
import { guardPool } from './services/connection-guard.js';
import { startJobWorker } from './services/jobs/job-queue.js';
import { POSITION_PARTITIONS_CRONTAB, positionPartitionTasks } from './services/jobs/position-partitions.js';
import type { AttachmentRenderer } from './services/mail/attachments.js';
import { createMailer, resendTransport } from './services/mail/mailer.js';
import { twilioSmsTransport } from './services/mail/sms-transport.js';
import { sweepRateLimits } from './services/rate-limit.js';
import { startRealtimeBus } from './services/realtime/bus.js';
import type { AppServices } from './services/services.js';
import { createSocketRegistry } from './services/sockets.js';

export interface StartedServices {
  services: AppServices;
  close: () => Promise<void>;
}

/** Jobs one server runs at a time: sending mail waits on the provider, it is not heavy; a burst waits its turn in the queue. */
const JOB_CONCURRENCY = 2;

/**
 * Migrates as the owner, then builds every service on a pool that connects as the app role, and
 * starts the job worker (mail delivery after commit, the hourly sweeps of rate-limit windows and
 * of unverified accounts past their days).
 */
export async function createServices(
  config: Config,
  ownerUrl: string,
  options: { poolSize?: number; log?: AppServices['log']; migrate?: boolean } = {},
): Promise<StartedServices> {
  const log = options.log ?? consoleLog;
  if (options.migrate ?? true) await migrate(ownerUrl, config.APP_DB_PASSWORD, listedPlatformAdmins(config));
  const appUrl = appConnectionString(ownerUrl, config.APP_DB_PASSWORD);
  const pool = createPool({
    connectionString: appUrl,
    max: options.poolSize ?? config.DB_POOL_SIZE,
    acquireTimeoutMs: config.DB_ACQUIRE_TIMEOUT_MS,
    onError: (error) => log.warn(`database pool error: ${error.message}`),
  });
  // A call that holds a connection never takes a second one (services/connection-guard.ts):
  // refused outside production, so a test finds it; reported in production.
  guardPool(pool, {
    refuse: config.NODE_ENV !== 'production',
    report: (error) => log.error('database connection misuse', error),
  });
  const db = createDb(pool);
  const bus = await startRealtimeBus(appUrl, (message) => log.warn(message));
  const lucia = createLucia(db, luciaOptions(config));
  const transport = config.RESEND_API_KEY
    ? resendTransport(config.RESEND_API_KEY, config.MAIL_FROM, { baseUrl: config.RESEND_BASE_URL })
    : null;
  // Outside production every message is also written to HAULWISE_DATA_DIR/mail as an .eml file.
  const smsTransport =
    config.SMS_ACCOUNT && config.SMS_TOKEN && config.SMS_FROM
      ? twilioSmsTransport({
          baseUrl: config.SMS_PROVIDER_URL,
          account: config.SMS_ACCOUNT,
          token: config.SMS_TOKEN,
          from: config.SMS_FROM,
        })
      : null;
  const mailer = createMailer(transport, {
    mailDir: config.NODE_ENV === 'production' ? null : path.join(config.dataDir, 'mail'),
    smsTransport,
    renderAttachment,
  });
  const services: AppServices = {
    config,
    db,
    lucia,
    mailer,
    bus,
    sockets: createSocketRegistry({ maxPerSession: config.WS_MAX_CONNECTIONS_PER_SESSION }),
    log,
  };
  let worker: Awaited<ReturnType<typeof startJobWorker>>;
  try {
    worker = await startJobWorker({
      connectionString: appUrl,
      tasks: {
        ...mailer.tasks(db, (message) => log.warn(message)),
        'sweep-rate-limits': () => sweepRateLimits(db),
        ...unverifiedAccountTasks(db),
        ...documentTasks(config, db),
        ...importTasks(config, db),
        ...pushTasks(config, db),
        ...detentionTasks(db),
        ...iftaRollupTasks(db),
        ...iftaRebuildTasks(db),
        ...positionPartitionTasks(db, config.POSITIONS_RETENTION_DAYS),
        ...webhookTasks(config, db, mailer, (message) => log.warn(message)),
      },
      crontab: [
        '17 * * * * sweep-rate-limits',
        UNVERIFIED_ACCOUNTS_CRONTAB,
        DOCUMENT_CRONTAB,
        POSITION_PARTITIONS_CRONTAB,
        WEBHOOK_CRONTAB,
      ].join('\n'),
      concurrency: JOB_CONCURRENCY,
      log,
    });
  } catch (error) {
    await bus.close();
    await db.destroy();
    throw error;
  }
  // Time-expired sessions are deleted once a minute, which also closes their sockets.
  const sweep = setInterval(() => void lucia.deleteExpiredSessions().catch((error: Error) => log.warn(error.message)), 60_000);
  sweep.unref();
  return {
    services,
    close: async () => {
      clearInterval(sweep);
      await worker.stop();
      await bus.close();
      await db.destroy();
    },
  };
}

/**
 * The addresses that may become master admins: PLATFORM_ADMIN_EMAILS, and outside production the
 * demo workspace's master admin (the demo is never seeded in production).
 */
export function listedPlatformAdmins(config: Pick<Config, 'NODE_ENV' | 'PLATFORM_ADMIN_EMAILS'>): string[] {
  return config.NODE_ENV === 'production' ? [...config.PLATFORM_ADMIN_EMAILS] : [...config.PLATFORM_ADMIN_EMAILS, MASTER_ADMIN.email];
}

async function migrate(ownerUrl: string, appPassword: string, platformAdmins: readonly string[]): Promise<void> {
  await ensureDatabaseExists(ownerUrl);
  const owner = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: ownerUrl, max: 2 }) }) });
  try {
    await prepareDatabase(owner, appPassword);
    await listConfiguredPlatformAdmins(owner, platformAdmins);
  } finally {
    await owner.destroy();
  }
}

/** The files a message may name (services/mail/attachments.ts), each made by the domain it belongs to. */
const renderAttachment: AttachmentRenderer = (tx, ref) => {
  switch (ref.kind) {
    case 'invoice-pdf':
      return invoicePdfAttachment(tx, ref.companyId, ref.invoiceId);
    case 'load-confirmation-pdf':
      return loadConfirmationAttachment(tx, ref.companyId, ref.confirmationId);
  }
};

const consoleLog: AppServices['log'] = {
  info: (message) => console.log(message),
  warn: (message) => console.warn(message),
  error: (message, error) => console.error(message, error),
};
