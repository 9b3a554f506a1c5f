import { Resend } from 'resend';
import type { Db } from '../../db/database.js';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface DeliveryResult {
  id: string;
  status: 'queued' | 'sent' | 'failed';
  error?: string;
}

/** Delivers to an external provider; the outbox is always the record of what was sent. */
export interface MailTransport {
  readonly name: string;
  deliver(message: OutgoingMessage): Promise<{ providerMessageId: string }>;
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
    async deliver(message) {
      const send = resend.emails.send({
        from,
        to: [message.to],
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
      });
      const timeout = new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`Resend did not answer within ${timeoutMs} ms`)), timeoutMs).unref(),
      );
      const { data, error } = await Promise.race([send, timeout]);
      if (error || !data) throw new Error(error?.message ?? 'Resend returned no message id');
      return { providerMessageId: data.id };
    },
  };
}

export interface Mailer {
  send(message: OutgoingMessage): Promise<DeliveryResult>;
}

/**
 * Every message lands in the outbox table first. Without a transport (the default) the
 * outbox is the delivery: a master admin and the tests read it. With one (Resend), the
 * row records whether the provider took it.
 */
export function createMailer(db: Db, transport: MailTransport | null): Mailer {
  return {
    async send(message) {
      const row = await db
        .insertInto('outbox')
        .values({
          channel: message.channel,
          recipient: message.to,
          subject: message.subject,
          bodyText: message.text,
          bodyHtml: message.html ?? null,
          provider: transport && message.channel === 'email' ? transport.name : 'outbox',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!transport || message.channel !== 'email') {
        await db.updateTable('outbox').set({ status: 'sent', sentAt: new Date() }).where('id', '=', row.id).execute();
        return { id: row.id, status: 'sent' };
      }
      try {
        const { providerMessageId } = await transport.deliver(message);
        await db
          .updateTable('outbox')
          .set({ status: 'sent', sentAt: new Date(), providerMessageId: providerMessageId, attempts: 1 })
          .where('id', '=', row.id)
          .execute();
        return { id: row.id, status: 'sent' };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        await db.updateTable('outbox').set({ status: 'failed', error: reason, attempts: 1 }).where('id', '=', row.id).execute();
        return { id: row.id, status: 'failed', error: reason };
      }
    },
  };
}
