import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Task } from 'graphile-worker';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/database.js';
import { withCompany } from '../../db/with-company.js';
import type { Mailer } from '../../services/mail/mailer.js';
import { checkWebhookAddress, type AddressRule } from './webhook-address.js';
import { webhookHeaders } from './webhook-signing.js';
import { DELIVER_WEBHOOK_TASK, queueDelivery, SWEEP_WEBHOOKS_TASK, type DeliveryJob } from './webhooks.repository.js';

export { WEBHOOK_CRONTAB } from './webhooks.repository.js';

/**
 * Sending a delivery (issue 28, item 3). A delivery row and its job are written with the change
 * (the triggers of migrations/2026-11-29T0230_webhooks.ts, or resend and sendTest); this task runs
 * after commit:
 * 1. claims the attempts of its deliveries (an event's, one per endpoint; or one retry): attempts + 1,
 *    a lease on next_attempt_at, in one short transaction;
 * 2. sends them at once: checks each endpoint's address again (production: https, public
 *    addresses only) and POSTs the payload to the address it checked, signed (webhook-id,
 *    webhook-timestamp, webhook-signature), giving up after 10 s; a 2xx answer is a success, anything else (a redirect included) a failure;
 * 3. records the outcome. A failure is tried again after RETRY_DELAYS_MS (5 s, 30 s, 2 min, 10 min,
 *    30 min, 1 h, then every hour) while the next try falls within 24 hours of the event; after
 *    that the delivery has failed. An endpoint none of whose attempts has succeeded for
 *    DISABLE_AFTER_MS (24 hours: its failing_since) is disabled, its pending deliveries fail, and
 *    the company's admins are mailed.
 * No connection is held while the request is in flight.
 */

export const RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000] as const;
const HOUR_MS = 3_600_000;
export const RETRY_WINDOW_MS = 24 * HOUR_MS;
export const DISABLE_AFTER_MS = 24 * HOUR_MS;
export const DELIVERY_TIMEOUT_MS = 10_000;
/** While an attempt is in flight its row is leased: the sweep leaves it alone this long. */
const LEASE_MS = 60_000;
/** A job may start a moment before its run_at by this process's clock (the database's clock runs the queue). */
const CLOCK_SLACK_MS = 2_000;

/** When to try again after the `attempts`-th attempt failed; null once that falls outside 24 hours of the event. */
export function nextAttemptAt(attempts: number, createdAt: Date, now: Date): Date | null {
  const delay = RETRY_DELAYS_MS[attempts - 1] ?? HOUR_MS;
  const next = new Date(now.getTime() + delay);
  return next.getTime() - createdAt.getTime() > RETRY_WINDOW_MS ? null : next;
}

export interface WebhookRequest {
  url: URL;
  address: string;
  family: 4 | 6;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}

/** Sends one request; answers the status code, or throws on a network failure or timeout. */
export type WebhookSender = (request: WebhookRequest) => Promise<number>;

/** POSTs over node:http(s), connecting only to the checked address (the host name still names TLS's server and the Host header). */
export const httpSender: WebhookSender = (request) =>
  new Promise<number>((resolve, reject) => {
    const pinned: LookupFunction = (_hostname, options, callback) => {
      if (options.all) callback(null, [{ address: request.address, family: request.family }]);
      else callback(null, request.address, request.family);
    };
    const client = request.url.protocol === 'https:' ? https : http;
    const outgoing = client.request(request.url, {
      method: 'POST',
      headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
      lookup: pinned,
      agent: false,
      signal: AbortSignal.timeout(request.timeoutMs),
    });
    outgoing.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    outgoing.on('error', (error) =>
      reject(
        error.name === 'AbortError' || error.name === 'TimeoutError' ? new Error(`No answer within ${request.timeoutMs / 1000} s`) : error,
      ),
    );
    outgoing.end(request.body);
  });

export interface WebhookDeps {
  db: Db;
  mailer: Mailer;
  production: boolean;
  /** Where the mail about a disabled endpoint points (Settings). */
  appOrigin: string;
  send?: WebhookSender;
  resolve?: AddressRule['resolve'];
  log?: (message: string) => void;
}

export type AttemptOutcome = 'succeeded' | 'retrying' | 'failed' | 'skipped';

/** The most deliveries one job sends (an event's: one per endpoint, at most 20). */
const JOB_DELIVERIES_MAX = 100;
const jobPayload = z.object({ companyId: z.uuid(), deliveryIds: z.array(z.uuid()).min(1).max(JOB_DELIVERIES_MAX) });

/** One attempt of one delivery at `now` (tests pass their own clock). */
export async function attemptDelivery(
  deps: WebhookDeps,
  job: { companyId: string; deliveryId: string },
  now = new Date(),
): Promise<AttemptOutcome> {
  const outcomes = await attemptDeliveries(deps, { companyId: job.companyId, deliveryIds: [job.deliveryId] }, now);
  return outcomes.get(job.deliveryId) ?? 'skipped';
}

interface Claimed {
  id: string;
  eventId: string;
  body: string;
  createdAt: Date;
  attempts: number;
  endpointId: string;
  url: string;
  secret: string;
  enabled: boolean;
}

interface Sent {
  claimed: Claimed;
  statusCode: number | null;
  error: string | null;
}

/**
 * One attempt of each of a job's deliveries at `now`: claimed in one transaction, sent at once
 * (each to its endpoint's checked address), recorded in one transaction. A delivery not due (or
 * no longer pending) is skipped.
 */
export async function attemptDeliveries(deps: WebhookDeps, job: DeliveryJob, now = new Date()): Promise<Map<string, AttemptOutcome>> {
  const tenant = { companyId: job.companyId, userId: null };
  const outcomes = new Map<string, AttemptOutcome>();
  const claimed = await withCompany(deps.db, tenant, (tx) => claim(tx, job, now));
  if (claimed.length === 0) return outcomes;
  const checks = new Map<string, ReturnType<typeof checkWebhookAddress>>();
  const sent = await Promise.all(
    claimed.map(async (delivery): Promise<Sent> => {
      if (!delivery.enabled) return { claimed: delivery, statusCode: null, error: DISABLED };
      // One check per URL in a job: its deliveries to one endpoint connect to the same address.
      const check = checks.get(delivery.url) ?? checkWebhookAddress(delivery.url, { production: deps.production, resolve: deps.resolve });
      checks.set(delivery.url, check);
      const checked = await check;
      if (!checked.ok) return { claimed: delivery, statusCode: null, error: `Refused: ${checked.message}` };
      try {
        const statusCode = await (deps.send ?? httpSender)({
          url: checked.url,
          address: checked.address,
          family: checked.family,
          headers: webhookHeaders(delivery.secret, delivery.eventId, delivery.body, now),
          body: delivery.body,
          timeoutMs: DELIVERY_TIMEOUT_MS,
        });
        return {
          claimed: delivery,
          statusCode,
          error: statusCode >= 200 && statusCode <= 299 ? null : `The endpoint answered ${statusCode}`,
        };
      } catch (caught) {
        return { claimed: delivery, statusCode: null, error: caught instanceof Error ? caught.message || caught.name : String(caught) };
      }
    }),
  );
  await withCompany(deps.db, tenant, (tx) => record(tx, deps, job.companyId, sent, now, outcomes));
  return outcomes;
}

const DISABLED = 'The endpoint is disabled';

async function claim(tx: Tx, job: DeliveryJob, now: Date): Promise<Claimed[]> {
  const { rows } = await sql<Claimed>`
    update webhook_deliveries d
    set attempts = d.attempts + 1, next_attempt_at = ${new Date(now.getTime() + LEASE_MS).toISOString()}::timestamptz
    from webhook_endpoints e
    where d.company_id = ${job.companyId}::uuid and d.id = any (${job.deliveryIds}::uuid[]) and d.status = 'pending'
      and (d.next_attempt_at is null or d.next_attempt_at <= ${new Date(now.getTime() + CLOCK_SLACK_MS).toISOString()}::timestamptz)
      and e.company_id = d.company_id and e.id = d.endpoint_id
    returning d.id, d.event_id, d.payload::text as body, d.created_at, d.attempts, e.id as endpoint_id, e.url, e.secret, e.enabled`.execute(
    tx,
  );
  return rows;
}

async function record(
  tx: Tx,
  deps: WebhookDeps,
  companyId: string,
  sent: Sent[],
  now: Date,
  outcomes: Map<string, AttemptOutcome>,
): Promise<void> {
  const succeeded = sent.filter((item) => item.error === null);
  if (succeeded.length > 0) {
    // Most attempts succeed: one statement for their deliveries, one for their endpoints' streaks.
    await sql`
      update webhook_deliveries d
      set status = 'succeeded', last_status_code = s.code, last_error = null, next_attempt_at = null,
          delivered_at = ${now.toISOString()}::timestamptz
      from unnest(${succeeded.map((item) => item.claimed.id)}::uuid[], ${succeeded.map((item) => item.statusCode)}::int[]) as s (id, code)
      where d.id = s.id`.execute(tx);
    await tx
      .updateTable('webhookEndpoints')
      .set({ failureCount: 0, failingSince: null })
      .where('id', 'in', [...new Set(succeeded.map((item) => item.claimed.endpointId))])
      .where('failureCount', '>', 0)
      .execute();
    for (const item of succeeded) outcomes.set(item.claimed.id, 'succeeded');
  }
  const failed = sent.filter((item) => item.error !== null);
  const failuresByEndpoint = new Map<string, number>();
  for (const { claimed, statusCode, error } of failed) {
    const disabled = error === DISABLED;
    const next = disabled ? null : nextAttemptAt(claimed.attempts, new Date(claimed.createdAt), now);
    await tx
      .updateTable('webhookDeliveries')
      .set({ status: next ? 'pending' : 'failed', lastStatusCode: statusCode, lastError: (error ?? '').slice(0, 500), nextAttemptAt: next })
      .where('id', '=', claimed.id)
      .execute();
    if (next) await queueDelivery(tx, { companyId, deliveryIds: [claimed.id] }, { runAt: next, key: String(claimed.attempts) });
    outcomes.set(claimed.id, next ? 'retrying' : 'failed');
    if (!disabled) failuresByEndpoint.set(claimed.endpointId, (failuresByEndpoint.get(claimed.endpointId) ?? 0) + 1);
  }
  for (const [endpointId, failures] of failuresByEndpoint) {
    const endpoint = await tx
      .updateTable('webhookEndpoints')
      .set((eb) => ({
        failureCount: eb('failureCount', '+', failures),
        failingSince: sql<Date>`coalesce(failing_since, ${now.toISOString()}::timestamptz)`,
      }))
      .where('id', '=', endpointId)
      .returning(['enabled', 'failingSince', 'url'])
      .executeTakeFirst();
    if (endpoint?.enabled && endpoint.failingSince && now.getTime() - new Date(endpoint.failingSince).getTime() >= DISABLE_AFTER_MS) {
      await disableEndpoint(tx, deps, companyId, endpointId, endpoint.url, new Date(endpoint.failingSince));
      for (const item of failed) if (item.claimed.endpointId === endpointId) outcomes.set(item.claimed.id, 'failed');
    }
  }
}

/** Disables an endpoint that has failed for 24 hours: its pending deliveries fail, and every admin of the company gets a mail (a job). */
async function disableEndpoint(tx: Tx, deps: WebhookDeps, companyId: string, endpointId: string, url: string, since: Date): Promise<void> {
  const reason = `Every delivery failed for 24 hours (since ${since.toISOString()})`;
  await tx.updateTable('webhookEndpoints').set({ enabled: false, disabledReason: reason }).where('id', '=', endpointId).execute();
  await tx
    .updateTable('webhookDeliveries')
    .set({ status: 'failed', lastError: 'The endpoint was disabled', nextAttemptAt: null })
    .where('endpointId', '=', endpointId)
    .where('status', '=', 'pending')
    .execute();
  const admins = await tx
    .selectFrom('userRoles')
    .innerJoin('users', 'users.id', 'userRoles.userId')
    .select('users.email')
    .where('userRoles.companyId', '=', companyId)
    .where('userRoles.role', '=', 'admin')
    .execute();
  for (const { email } of admins) {
    await deps.mailer.send(tx, {
      channel: 'email',
      to: email,
      subject: 'Haulwise: a webhook endpoint was disabled',
      text: [
        `Haulwise disabled the webhook endpoint ${url}.`,
        '',
        `${reason}, so no more events are sent to it.`,
        `Fix the receiver, then enable the endpoint again in Settings → Webhooks: ${deps.appOrigin}/settings`,
      ].join('\n'),
    });
  }
  deps.log?.(`webhook endpoint ${endpointId} of company ${companyId} disabled: ${reason}`);
}

/** Deliveries whose attempt is this long overdue lost their job (a worker died mid-attempt): the sweep queues them again. */
const STRANDED_AFTER_MS = 15 * 60_000;

/** Queues again every delivery whose attempt is long overdue; answers how many. */
export async function sweepStrandedDeliveries(db: Db, now = new Date()): Promise<number> {
  const { rows } = await sql<{ companyId: string; id: string }>`
    select company_id, id from app_stranded_webhook_deliveries(${new Date(now.getTime() - STRANDED_AFTER_MS).toISOString()}::timestamptz, 500)`.execute(
    db,
  );
  for (const row of rows) {
    await queueDelivery(db, { companyId: row.companyId, deliveryIds: [row.id] }, { key: 'sweep' });
  }
  return rows.length;
}

/** The jobs to register with the worker (server/src/create-services.ts). */
export function webhookTasks(config: Config, db: Db, mailer: Mailer, log: (message: string) => void): Record<string, Task> {
  const deps: WebhookDeps = { db, mailer, production: config.NODE_ENV === 'production', appOrigin: config.appOrigin, log };
  return {
    [DELIVER_WEBHOOK_TASK]: async (payload) => {
      await attemptDeliveries(deps, jobPayload.parse(payload));
    },
    [SWEEP_WEBHOOKS_TASK]: async () => {
      await sweepStrandedDeliveries(db);
    },
  };
}
