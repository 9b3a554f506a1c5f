import type { MailTransport } from './mailer.js';

/**
 * SMS through a Twilio-compatible HTTP API (Twilio itself, or any provider or gateway speaking
 * its Messages resource): POST {base}/2010-04-01/Accounts/{account}/Messages.json, HTTP Basic
 * auth with the account and its token, a form body of To, From and Body; the answer's `sid` is
 * the provider's message id. Used by the mailer for messages of the 'sms' channel (two-factor
 * codes), delivered by the job queue after commit with retries. The outbox row's key goes along as
 * I-Twilio-Idempotency-Token; a provider that ignores it may send a retried message twice.
 */
export function twilioSmsTransport(options: {
  baseUrl: string;
  account: string;
  token: string;
  from: string;
  timeoutMs?: number;
}): MailTransport {
  const base = options.baseUrl.replace(/\/+$/, '');
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(options.account)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.account}:${options.token}`).toString('base64')}`;
  return {
    name: 'sms',
    endpoint: new URL(base).host,
    async deliver(message, { idempotencyKey }) {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          authorization,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
          'i-twilio-idempotency-token': idempotencyKey,
        },
        body: new URLSearchParams({ To: message.to, From: options.from, Body: message.text }).toString(),
        redirect: 'error',
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      const answer = (await response.json().catch(() => ({}))) as { sid?: unknown; message?: unknown };
      if (!response.ok) {
        throw new Error(`SMS provider answered ${response.status}${typeof answer.message === 'string' ? `: ${answer.message}` : ''}`);
      }
      if (typeof answer.sid !== 'string' || answer.sid === '') throw new Error('SMS provider returned no message id');
      return { providerMessageId: answer.sid };
    },
  };
}
