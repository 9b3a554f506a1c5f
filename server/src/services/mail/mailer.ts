import { randomUUID } from 'node:crypto';
import type { Task, TaskList } from 'graphile-worker';
import { sql, type Kysely } from 'kysely';
import { Resend } from 'resend';
import type { Database } from '../../db/schema.js';
import { addJob } from '../jobs/job-queue.js';
import { attachmentsFor, attachmentsIn, type AttachmentRenderer, type MailAttachment, type MailAttachmentRef } from './attachments.js';
import { writeMailFile } from './mail-files.js';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files to attach (email), named by reference: made when the message is written and when it is delivered. */
  attachments?: MailAttachmentRef[];
}

/** A message as a provider takes it: its attachments made. */
export interface DeliverableMessage extends Omit<OutgoingMessage, 'attachments'> {
  attachments?: MailAttachment[];
}

/** The delivery job's payload: the outbox row, and what to attach by reference (never bytes, never a secret). */
type DeliveryPayload = {
  outboxId: string;
  attachments?: MailAttachmentRef[];
};

/** 'sent': the outbox is the delivery (no provider); 'queued': a provider delivers it after commit. */
export interface QueuedMessage {
  id: string;
  status: 'queued' | 'sent';
}

/** Delivers to an external provider; the outbox is always the record of what was sent. */
export interface MailTransport {
  readonly name: string;
  /** Where it delivers (a host): jobs are run by workers that deliver to the same place. */
  readonly endpoint: string;
  /** The provider keeps the idempotency key, so a retry of a message it already took is not sent twice. */
  deliver(message: DeliverableMessage, options: { idempotencyKey: string }): Promise<{ providerMessageId: string }>;
}

export function resendTransport(
  apiKey: string,
  from: string,
  options: { baseUrl?: string | undefined; timeoutMs?: number } = {},
): MailTransport {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const resend = new Resend(apiKey, options.baseUrl ? { baseUrl: options.baseUrl } : undefined);
  return {
    name: 'resend',
    endpoint: options.baseUrl ? new URL(options.baseUrl).host : 'api.resend.com',
    async deliver(message, { idempotencyKey }) {
      const attachments = (message.attachments ?? []).map((file) => ({
        filename: file.filename,
        content: file.content.toString('base64'),
        contentType: file.contentType,
      }));
      const send = resend.emails.send(
        {
          from,
          to: [message.to],
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          ...(attachments.length > 0 ? { attachments } : {}),
        },
        { idempotencyKey },
      );
      const timeout = new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`Resend did not answer within ${timeoutMs} ms`)), timeoutMs).unref(),
      );
      const { data, error } = await Promise.race([send, timeout]);
      if (error || !data) throw new Error(error?.message ?? 'Resend returned no message id');
      return { providerMessageId: data.id };
    },
  };
}

/**
 * Tries per message: graphile-worker's backoff spaces 10 tries over about 3.5 hours, well inside
 * the 24 hours Resend keeps an idempotency key (a worker that died mid-send leaves its job locked
 * for 4 hours before another takes it, still inside them).
 */
export const MAIL_MAX_ATTEMPTS = 10;

export const idempotencyKeyOf = (outboxId: string) => `outbox/${outboxId}`;

export interface Mailer {
  /**
   * Records the message in the outbox inside the caller's transaction and, with a provider,
   * queues its delivery in the same transaction: nothing is sent for a change that rolls back,
   * and nothing is lost for one that commits. Never waits for the provider.
   *
   * Bodies hold secrets (invitation links, two-factor codes), so the outbox keeps one only while
   * a provider still has to deliver it: the row of a message with no provider to wait for has an
   * empty body from the start, and a delivered (or finally failed) message's body is erased. The
   * row's company is the caller's (app.company_id), or none before any company applies.
   */
  send(db: Kysely<Database>, message: OutgoingMessage): Promise<QueuedMessage>;
  /** The job queue's tasks that deliver what was queued (none without a provider). */
  tasks(db: Kysely<Database>, log: (message: string) => void): TaskList;
}

export interface MailerOptions {
  /**
   * Outside production every message is also written here as an .eml file (HAULWISE_DATA_DIR/mail),
   * so developers and tests read mail without Resend; null in production.
   */
  mailDir: string | null;
  /** Delivers the 'sms' channel (sms-transport.ts); without it SMS stays in the outbox (and the mail folder). */
  smsTransport?: MailTransport | null;
  /** Makes the files messages name (attachments.ts); without it a message with an attachment cannot be written. */
  renderAttachment?: AttachmentRenderer;
}

const noRenderer: AttachmentRenderer = (_tx, ref) =>
  Promise.reject(new Error(`No attachment renderer for ${ref.kind} was given to the mailer`));

/**
 * Every message lands in the outbox table, which records who was sent what subject, when, and
 * whether the provider took it. With a transport for its channel (Resend for email, a
 * Twilio-compatible API for SMS) a job delivers it after commit, retried with backoff, and the row
 * records the provider's answer. Without one the message is not delivered by the platform;
 * outside production it is in the mail folder.
 */
export function createMailer(emailTransport: MailTransport | null, options: MailerOptions = { mailDir: null }): Mailer {
  // One provider per channel, each with its own job task.
  const providers = {
    email: emailTransport ? { transport: emailTransport, task: `deliver-email:${emailTransport.endpoint}` } : null,
    sms: options.smsTransport ? { transport: options.smsTransport, task: `deliver-sms:${options.smsTransport.endpoint}` } : null,
  };
  const render = options.renderAttachment ?? noRenderer;
  return {
    async send(db, given) {
      // A subject is one header line, whoever wrote it.
      const message = { ...given, subject: given.subject.replace(/[\r\n]+/g, ' ') };
      const provider = providers[message.channel];
      const viaProvider = provider !== null;
      const transport = provider?.transport;
      const id = randomUUID();
      const refs = message.channel === 'email' ? (message.attachments ?? []) : [];
      // The developer's copy, named by the outbox id (a rolled-back message may leave a file here: development only),
      // its attachments made now in the caller's transaction.
      if (options.mailDir) {
        const attachments = refs.length > 0 ? await attachmentsIn(db, refs, render) : [];
        await writeMailFile(options.mailDir, id, { ...message, attachments });
      }
      await db
        .insertInto('outbox')
        .values({
          id,
          channel: message.channel,
          recipient: message.to,
          subject: message.subject,
          // Kept only until the provider has it (the delivery job erases it).
          bodyText: viaProvider ? message.text : '',
          bodyHtml: viaProvider ? (message.html ?? null) : null,
          provider: transport ? transport.name : 'outbox',
          status: viaProvider ? 'queued' : 'sent',
          sentAt: viaProvider ? null : new Date(),
        })
        .execute();
      if (!provider) return { id, status: 'sent' };
      const payload: DeliveryPayload = refs.length > 0 ? { outboxId: id, attachments: refs } : { outboxId: id };
      await addJob(db, provider.task, payload, { jobKey: idempotencyKeyOf(id), maxAttempts: MAIL_MAX_ATTEMPTS });
      return { id, status: 'queued' };
    },
    tasks(db, log) {
      const tasks: TaskList = {};
      for (const provider of [providers.email, providers.sms]) {
        if (provider) tasks[provider.task] = deliverEmail(db, provider.transport, log, render);
      }
      return tasks;
    },
  };
}

/**
 * The job: reads the queued message, hands it to the provider with the message's idempotency
 * key, and records the answer. A message already marked sent is not sent again; one the provider
 * took but whose answer was lost (a timeout, a crash before the row was updated) is sent again
 * with the same key, and the provider answers with the first send instead of sending twice.
 */
function deliverEmail(db: Kysely<Database>, transport: MailTransport, log: (message: string) => void, render: AttachmentRenderer): Task {
  return async (payload, helpers) => {
    const { outboxId, attachments: refs = [] } = payload as DeliveryPayload;
    // The app role reads no outbox row without its company: the job reaches its message by id,
    // through owner-rights functions (migration 2026-11-25T1100_security_role).
    const { rows } = await sql<{
      id: string;
      channel: 'email' | 'sms';
      recipient: string;
      subject: string;
      bodyText: string;
      bodyHtml: string | null;
      status: string;
    }>`select * from app_outbox_for_delivery(${outboxId}::uuid)`.execute(db);
    const row = rows[0];
    if (!row || row.status === 'sent') return;
    const attempt = helpers.job.attempts;
    try {
      // Attachments are made now, in their company's transaction: the invoice as it is at delivery.
      const attachments = refs.length > 0 ? await attachmentsFor(db, refs, render) : [];
      const message: DeliverableMessage = {
        channel: row.channel,
        to: row.recipient,
        subject: row.subject,
        text: row.bodyText,
        ...(row.bodyHtml ? { html: row.bodyHtml } : {}),
        ...(attachments.length > 0 ? { attachments } : {}),
      };
      const { providerMessageId } = await transport.deliver(message, { idempotencyKey: idempotencyKeyOf(row.id) });
      // Sent: the body (a link, a code) is erased with the same write.
      await sql`select app_outbox_delivered(${row.id}::uuid, ${providerMessageId}, ${attempt}::int)`.execute(db);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const final = attempt >= helpers.job.max_attempts;
      // A message that will not be tried again keeps no body either.
      await sql`select app_outbox_failed(${row.id}::uuid, ${reason}, ${attempt}::int, ${final})`.execute(db);
      log(`${transport.name} delivery of outbox message ${row.id} failed (try ${attempt} of ${helpers.job.max_attempts}): ${reason}`);
      throw error;
    }
  };
}
