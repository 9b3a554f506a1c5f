import { readFileSync } from 'node:fs';
import { textPdf } from '../../server/src/seed/sample-files.js';
import { baseURL } from './support/environment';
import { expect, expectToast, fillLoadNumber, holdToasts, openAs, quietContext, signInAs, test } from './support/fixtures';
import { verifyEmailFromMail } from './support/verify-email';

/**
 * The production walk (issue 23): what a company meets on a production start (NODE_ENV=production,
 * APP_ORIGIN, the __Host- cookie, mail through Resend): a new company signs up with the mailed link,
 * uploads a document and downloads it through its signed link, exports its data, watches a load
 * arrive live in a second browser, and signs out; treasury downloads an invoice PDF.
 */

const stamp = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

test('a new company walks through a production start: sign-up by mail, upload and download, export, a live load, sign out', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await holdToasts(page);
  const id = stamp();
  const email = `e2e-production-${id}@example.test`;
  const password = 'e2e-production-password';

  // Sign-up, then the link from the mail Resend delivered.
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('Company Name').fill(`Mesa Freight ${id}`);
  await form.getByLabel('First Name').fill('Avery');
  await form.getByLabel('Last Name').fill('Production');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Create Account' }).click();
  await verifyEmailFromMail(page, email, password);
  await expect(page).toHaveURL(/\/admin-dashboard$/);

  // The production session cookie: __Host-, Secure, HttpOnly, SameSite=Lax; no development cookie.
  const cookies = await page.context().cookies(baseURL);
  const session = cookies.find((cookie) => cookie.name === '__Host-hw_session');
  expect(session).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
  expect(cookies.some((cookie) => cookie.name === 'hw_session')).toBe(false);

  // A document: uploaded through POST /api/documents, downloaded through its signed link.
  const fileName = `Rate con ${id}.pdf`;
  await page.goto('/documents');
  await page.getByRole('button', { name: 'Upload Document' }).click();
  const upload = page.getByRole('dialog', { name: 'Upload Document' });
  await upload.getByLabel('Files').setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: textPdf('Rate confirmation') });
  await upload.getByRole('button', { name: 'Upload', exact: true }).click();
  await expectToast(page, 'Document Uploaded');
  // Every file in: the dialog closes by itself.
  await expect(upload).toBeHidden();
  const row = page.getByRole('table', { name: 'Documents' }).getByRole('row').filter({ hasText: fileName });
  await expect(row).toBeVisible();
  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: `Actions for ${fileName}` }).click();
  await page.getByRole('menuitem', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(fileName);
  expect(new URL(download.url()).pathname).toBe('/files/download');
  expect(
    readFileSync((await download.path()) ?? '')
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  // The export, through POST /api/export.
  await page.goto('/analytics');
  const card = page.getByRole('region', { name: 'Export Data' });
  const exporting = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Export' }).click();
  const exported = await exporting;
  expect(exported.suggestedFilename()).toMatch(/^haulwise-export-\d{4}-\d{2}-\d{2}\.json$/);
  // The export keeps the tables' own column names.
  const data = JSON.parse(readFileSync((await exported.path()) ?? '', 'utf8')) as { data: { documents: { file_name: string }[] } };
  expect(data.data.documents.map((document) => document.file_name)).toContain(fileName);
  await expectToast(page, 'Export Complete');

  // A second browser, the same admin signed in there, watches the loads list: a load created here arrives live.
  const other = await quietContext(browser);
  try {
    const watcher = await other.newPage();
    await signInAs(watcher, { email, password });
    await watcher.goto('/loads');
    await expect(watcher.getByRole('heading', { level: 1, name: 'Loads' })).toBeVisible();
    const loadNumber = `PROD-${id}`;
    await page.goto('/loads');
    await page.getByRole('button', { name: 'Create Load' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Load' });
    await fillLoadNumber(dialog, loadNumber);
    await dialog.getByLabel('Pickup Address').fill('100 Harbor Way');
    await dialog.getByLabel('Pickup City').fill('Oakland');
    await dialog.getByLabel('Pickup State').fill('CA');
    await dialog.getByLabel('Pickup Date').fill('2026-12-01');
    await dialog.getByLabel('Delivery Address').fill('5 Commerce Dr');
    await dialog.getByLabel('Delivery City').fill('Reno');
    await dialog.getByLabel('Delivery State').fill('NV');
    await dialog.getByLabel('Delivery Date').fill('2026-12-02');
    await dialog.getByLabel('Line Haul (USD)').fill('1850.50');
    await dialog.getByRole('button', { name: 'Create Load' }).click();
    await expect(dialog).toBeHidden({ timeout: 20_000 });
    await expect(watcher.getByText(loadNumber).first()).toBeVisible({ timeout: 20_000 });
  } finally {
    await other.close();
  }

  // Sign out: the session ends, the app is closed to this browser.
  await page.getByRole('button', { name: 'Sign Out' }).first().click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto('/loads');
  await expect(page).toHaveURL(/\/auth$/);
});

test('treasury downloads an invoice PDF on a production start', async ({ page }) => {
  await openAs(page, 'Treasury', '/invoices');
  const table = page.getByRole('table', { name: 'Invoices' });
  // Each row's actions are in its menu (issue 27, item 7).
  const first = table.getByRole('button', { name: /^Actions for / }).first();
  const invoiceNumber = ((await first.getAttribute('aria-label')) ?? '').replace('Actions for ', '').trim();
  const downloading = page.waitForEvent('download');
  await first.click();
  await page.getByRole('menuitem', { name: 'Download PDF' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
  expect(
    readFileSync((await file.path()) ?? '')
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
});
