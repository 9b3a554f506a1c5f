import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Page, PageRequest } from '#shared/schemas/pagination.js';
import type { WebhookDeliveryItem, WebhookEndpointItem } from '#shared/schemas/webhooks.js';
import { keysetPage } from '../../db/pagination.js';
import type { Database } from '../../db/schema.js';
import { isoTimestamp, isoTimestampOrNull } from '../../db/sql.js';

type Db = Kysely<Database>;

/** The job that sends one delivery (webhook-tasks.ts); the triggers of migration 2026-11-29T0230 queue the same. */
export const DELIVER_WEBHOOK_TASK = 'deliver-webhook';
/** Re-queues deliveries whose job was lost (a worker that died mid-attempt). */
export const SWEEP_WEBHOOKS_TASK = 'sweep-webhook-deliveries';
export const WEBHOOK_CRONTAB = `*/10 * * * * ${SWEEP_WEBHOOKS_TASK}`;
/** graphile-worker's own retries cover a failure of ours (the database away); an endpoint's failures are retried by the task. */
const JOB_MAX_ATTEMPTS = 5;

/** One job: deliveries of one company, sent at once (an event's, one per endpoint; a retry's, one). */
export interface DeliveryJob {
  companyId: string;
  deliveryIds: string[];
}

/** Queues an attempt of deliveries in the caller's transaction, to run at `runAt` (now when left out). */
export async function queueDelivery(db: Db, job: DeliveryJob, options: { runAt?: Date; key: string }): Promise<void> {
  const runAt = options.runAt ? sql`${options.runAt.toISOString()}::timestamptz` : sql`now()`;
  await sql`select graphile_worker.add_job(
              identifier => ${DELIVER_WEBHOOK_TASK}::text,
              payload => ${JSON.stringify(job)}::json,
              run_at => ${runAt},
              max_attempts => ${JOB_MAX_ATTEMPTS}::int,
              job_key => ${`webhook:${job.deliveryIds.join(',').slice(0, 200)}:${options.key}`}::text)`.execute(db);
}

const ENDPOINT_COLUMNS = [
  'webhookEndpoints.id',
  'webhookEndpoints.url',
  'webhookEndpoints.description',
  'webhookEndpoints.events',
  'webhookEndpoints.enabled',
  'webhookEndpoints.disabledReason',
  'webhookEndpoints.failureCount',
  isoTimestamp('webhookEndpoints.createdAt').as('createdAt'),
] as const;

export function listEndpoints(db: Db, companyId: string): Promise<WebhookEndpointItem[]> {
  return db
    .selectFrom('webhookEndpoints')
    .select(ENDPOINT_COLUMNS)
    .where('companyId', '=', companyId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function findEndpoint(db: Db, companyId: string, id: string): Promise<WebhookEndpointItem | undefined> {
  return db
    .selectFrom('webhookEndpoints')
    .select(ENDPOINT_COLUMNS)
    .where('companyId', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** How many endpoints the company has, its endpoint rows locked so two creates cannot both pass the limit. */
export async function countEndpointsLocked(db: Db, companyId: string): Promise<number> {
  const rows = await db.selectFrom('webhookEndpoints').select('id').where('companyId', '=', companyId).forUpdate().execute();
  return rows.length;
}

export function insertEndpoint(
  db: Db,
  values: { companyId: string; url: string; description: string; events: string[]; secret: string; createdBy: string },
): Promise<WebhookEndpointItem> {
  return db.insertInto('webhookEndpoints').values(values).returning(ENDPOINT_COLUMNS).executeTakeFirstOrThrow();
}

export async function updateEndpoint(
  db: Db,
  companyId: string,
  id: string,
  changes: { description?: string | undefined; events?: string[] | undefined; enabled?: boolean | undefined },
): Promise<WebhookEndpointItem | undefined> {
  // Enabling again starts a new streak: the failures that disabled it are forgotten.
  const reenable = changes.enabled === true ? { disabledReason: null, failureCount: 0, failingSince: null } : {};
  return db
    .updateTable('webhookEndpoints')
    .set({
      ...(changes.description === undefined ? {} : { description: changes.description }),
      ...(changes.events === undefined ? {} : { events: changes.events }),
      ...(changes.enabled === undefined ? {} : { enabled: changes.enabled }),
      ...(changes.enabled === false ? { disabledReason: 'Disabled by an admin' } : {}),
      ...reenable,
    })
    .where('companyId', '=', companyId)
    .where('id', '=', id)
    .returning(ENDPOINT_COLUMNS)
    .executeTakeFirst();
}

export async function deleteEndpoint(db: Db, companyId: string, id: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom('webhookEndpoints')
    .where('companyId', '=', companyId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return deleted !== undefined;
}

const DELIVERY_COLUMNS = [
  'webhookDeliveries.id',
  'webhookDeliveries.eventType',
  'webhookDeliveries.eventId',
  'webhookDeliveries.status',
  'webhookDeliveries.attempts',
  'webhookDeliveries.lastStatusCode',
  'webhookDeliveries.lastError',
  isoTimestampOrNull('webhookDeliveries.nextAttemptAt').as('nextAttemptAt'),
  isoTimestamp('webhookDeliveries.createdAt').as('createdAt'),
  isoTimestampOrNull('webhookDeliveries.deliveredAt').as('deliveredAt'),
] as const;

/** An endpoint's delivery log, newest first (index webhook_deliveries_log_idx). */
export function listDeliveries(db: Db, companyId: string, endpointId: string, page: PageRequest): Promise<Page<WebhookDeliveryItem>> {
  return keysetPage(
    db
      .selectFrom('webhookDeliveries')
      .select(DELIVERY_COLUMNS)
      .where('webhookDeliveries.companyId', '=', companyId)
      .where('webhookDeliveries.endpointId', '=', endpointId),
    { sortedBy: 'webhookDeliveries.createdAt', id: 'webhookDeliveries.id' },
    page,
  );
}

export function findDelivery(db: Db, companyId: string, id: string) {
  return db
    .selectFrom('webhookDeliveries')
    .select(['id', 'endpointId', 'eventType', 'eventId', 'payload'])
    .where('companyId', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A new delivery of an event to one endpoint, and its job, in the caller's transaction. */
export async function insertDelivery(
  db: Db,
  values: { companyId: string; endpointId: string; eventType: string; eventId: string; payload: unknown },
): Promise<WebhookDeliveryItem> {
  const row = await db
    .insertInto('webhookDeliveries')
    .values({ ...values, payload: JSON.stringify(values.payload), nextAttemptAt: sql<Date>`now()` })
    .returning(DELIVERY_COLUMNS)
    .executeTakeFirstOrThrow();
  await queueDelivery(db, { companyId: values.companyId, deliveryIds: [row.id] }, { key: '0' });
  return row;
}

/** A new event's webhook-id (the triggers make theirs the same way). */
export const newEventId = () => `msg_${randomUUID().replaceAll('-', '')}`;
