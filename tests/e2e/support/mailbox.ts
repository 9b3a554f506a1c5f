import { expect } from '@playwright/test';
import type { ReceivedEmail } from '../../support/fake-resend';
import { E2E_PORT } from './environment';

/**
 * The mail of the end-to-end run, as a mailbox would show it: the e2e server runs the production
 * configuration, so it delivers through Resend's API, to the fake Resend of globalSetup
 * (tests/support/fake-resend.ts) on a fixed port beside the server's (E2E_RESEND_PORT, by default
 * E2E_PORT + 2001), whose address the server's environment names before it starts.
 */
export const E2E_RESEND_PORT = Number(process.env.E2E_RESEND_PORT ?? E2E_PORT + 2001);
export const E2E_RESEND_URL = `http://127.0.0.1:${E2E_RESEND_PORT}`;
export const E2E_RESEND_API_KEY = 're_e2e_haulwise';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  receivedAt: Date;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

/** Every message delivered to this address so far, newest first. */
export async function mailsTo(email: string): Promise<Mail[]> {
  const response = await fetch(`${E2E_RESEND_URL}/emails?to=${encodeURIComponent(email)}`);
  const found = (await response.json()) as ReceivedEmail[];
  return found.map((mail) => ({
    to: email,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    receivedAt: new Date(mail.receivedAt),
    attachments: mail.attachments.map((file) => ({ ...file, content: Buffer.from(file.content, 'base64') })),
  }));
}

/** The first match of `pattern` in the newest mail to this address (received since `since`, when given); waits for the mail a moment. */
export async function linkMailedTo(email: string, pattern: RegExp, since?: Date): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const [mail] = (await mailsTo(email)).filter((candidate) => !since || candidate.receivedAt >= since);
        link = pattern.exec(mail?.text ?? '')?.[0];
        return link;
      },
      { timeout: 20_000 },
    )
    .toBeTruthy();
  return link ?? '';
}
