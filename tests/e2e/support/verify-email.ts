import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { mailFilesTo } from '../../../server/src/services/mail/mail-files';
import { E2E_DATA_DIR } from './environment';

/**
 * The verification link in the newest mail to this address, read from the server's mail folder
 * as a mailbox would show it (the outbox keeps no bodies). Waits for the mail a moment.
 */
export async function verificationLinkMailedTo(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const [mail] = await mailFilesTo(path.join(E2E_DATA_DIR, 'mail'), email);
      link = /https?:\/\/\S+\/verify-email\?token=[A-Za-z0-9_-]+/.exec(mail?.text ?? '')?.[0];
      return link;
    })
    .toBeTruthy();
  return link ?? '';
}

/**
 * After the sign-up form: the "Verify your email" screen, then the link from the mail opened in
 * the same browser, which lands on the dashboard signed in (the admin's own, for a new company).
 */
export async function verifyEmailFromMail(page: Page, email: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible({ timeout: 20_000 });
  await page.goto(await verificationLinkMailedTo(email));
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).first()).toBeVisible({ timeout: 20_000 });
}
