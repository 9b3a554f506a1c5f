import { expect, type Page } from '@playwright/test';
import { linkMailedTo } from './mailbox';

/** The verification link in the newest mail to this address, as a mailbox shows it (./mailbox.ts). Waits for the mail a moment. */
export async function verificationLinkMailedTo(email: string): Promise<string> {
  return linkMailedTo(email, /https?:\/\/\S+\/verify-email\?token=[A-Za-z0-9_-]+/);
}

/**
 * After the sign-up form: the "Verify your email" screen, then the link from the mail opened in
 * the same browser, where the person who proves the address sets the password (issue 24: a link
 * alone verifies nothing), which lands on the dashboard signed in (the admin's own, for a new company).
 */
export async function verifyEmailFromMail(page: Page, email: string, password: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible({ timeout: 20_000 });
  await page.goto(await verificationLinkMailedTo(email));
  await setPasswordFromLink(page, password);
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).first()).toBeVisible({ timeout: 20_000 });
}

/** On an opened verification link: the password set by its opener, then "Verify and sign in". */
export async function setPasswordFromLink(page: Page, password: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Set your password' });
  // The labels' accessible names end with the required mark.
  await form.getByLabel(/^New Password/).fill(password);
  await form.getByLabel(/^Confirm New Password/).fill(password);
  await form.getByRole('button', { name: 'Verify and sign in' }).click();
}
