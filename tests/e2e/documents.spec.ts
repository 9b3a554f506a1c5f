import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  expectToast,
  openAs,
  preferLoadCards,
  settleAnimations,
  test,
} from './support/fixtures';
import { textPdf } from '../../server/src/seed/sample-files.js';

/**
 * Documents as a dispatcher uses them: upload several files at once from /documents (one refused,
 * with its reason beside it), find one by name, download it, delete it after the spec's
 * confirmation; and upload from a load's Documents tab, whose count follows. File names carry a
 * unique stamp, so journeys running in parallel never find each other's files.
 */

const stamp = () => `${Date.now()}-${Math.floor(Math.random() * 1000)}`;

/** A small, complete PDF (server/src/seed/sample-files.ts). */
const pdf = (text: string): Buffer => textPdf(text);

async function expectScreenAccessible(page: Page) {
  await page.mouse.move(0, 0);
  await settleAnimations(page);
  await expectAccessible(page);
}

test('a dispatcher uploads several documents, finds one, downloads it and deletes it', async ({ page }) => {
  test.setTimeout(120_000);
  const id = stamp();
  const good = `Rate con E2E ${id}.pdf`;
  const bad = `Disguised E2E ${id}.png`;
  await openAs(page, 'Dispatcher', '/documents');
  await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Documents' })).toBeVisible();
  await expectScreenAccessible(page);

  await page.getByRole('button', { name: 'Upload Document' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Document' });
  await expect(dialog.getByLabel('Document Type')).toHaveValue('other');
  await expect(dialog.getByLabel('Visibility')).toHaveValue('dispatcher');
  // Nothing chosen yet: the spec's message.
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'Please select a file' })).toBeVisible();

  await dialog.getByLabel('Files').setInputFiles([
    { name: good, mimeType: 'application/pdf', buffer: pdf('Rate confirmation') },
    { name: bad, mimeType: 'image/png', buffer: Buffer.from('<html><script>alert(1)</script></html>') },
  ]);
  await dialog.getByLabel('Document Type').selectOption('rate_confirmation');
  const files = dialog.getByRole('list', { name: 'Files to upload' });
  await expect(files.getByRole('listitem')).toHaveCount(2);
  await expect(files.getByRole('progressbar')).toHaveCount(2);
  await expectScreenAccessible(page);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  const goodItem = files.getByRole('listitem').filter({ hasText: good });
  const badItem = files.getByRole('listitem').filter({ hasText: bad });
  await expect(goodItem).toContainText('Uploaded');
  await expect(badItem.getByRole('alert')).toContainText('File content is not an allowed type');
  await expectToast(page, 'Document Uploaded');
  await expectToast(page, 'Failed to upload document');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('searchbox', { name: 'Search' }).fill(`E2E ${id}`);
  await expect(page).toHaveURL(/search=/);
  const table = page.getByRole('table', { name: 'Documents' });
  const row = table.getByRole('row').filter({ hasText: good });
  await expect(row).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2); // the header and the one file
  await expect(row).toContainText('Rate Confirmation');
  await expect(row).toContainText('Bytes');

  // Type filter: in the address, and a type with none of these files shows the empty state.
  await page.getByLabel('Type').selectOption('pod');
  await expect(page).toHaveURL(/documentType=pod/);
  await expect(page.getByText('No documents match your filters.')).toBeVisible();
  await page.getByLabel('Type').selectOption('rate_confirmation');
  await expect(row).toBeVisible();

  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: `Download ${good}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(good);

  await row.getByRole('button', { name: `Delete ${good}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Document' });
  await expect(confirm).toContainText(`Are you sure you want to delete this document (${good})? This action cannot be undone.`);
  await expectScreenAccessible(page);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Document deleted successfully');
  await expect(row).toBeHidden();
});

test("a dispatcher uploads from a load's Documents tab and its count follows", async ({ page }) => {
  test.setTimeout(120_000);
  const name = `BOL E2E ${stamp()}.pdf`;
  await preferLoadCards(page);
  await openAs(page, 'Dispatcher', '/loads');
  const card = page.getByRole('list', { name: 'Loads' }).getByRole('button').first();
  await card.click();
  const detail = page.getByRole('dialog').filter({ has: page.getByRole('tab', { name: 'Details' }) });
  const tab = detail.getByRole('tab', { name: /^Documents \(\d+\)$/ });
  await expect(tab).toBeVisible();
  const before = Number(/\((\d+)\)/.exec((await tab.textContent()) ?? '')?.[1]);
  await tab.click();

  await detail.getByRole('button', { name: 'Upload Document' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Document' });
  await expect(dialog.getByLabel('Document Type')).toHaveValue('load_document');
  await dialog.getByLabel('Files').setInputFiles({ name, mimeType: 'application/pdf', buffer: pdf('Bill of lading') });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expectToast(page, 'Document Uploaded');
  await expect(dialog).toBeHidden();

  await expect(detail.getByRole('tab', { name: `Documents (${before + 1})` })).toBeVisible();
  const table = detail.getByRole('table', { name: 'Load documents' });
  // Newest first.
  await expect(table.getByRole('row').nth(1)).toContainText(name);
  await expect(table.getByRole('row').nth(1)).toContainText('Load Document');
  await expectScreenAccessible(page);

  const downloading = page.waitForEvent('download');
  await table.getByRole('button', { name: `Download ${name}` }).click();
  expect((await downloading).suggestedFilename()).toBe(name);

  await table.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('alertdialog', { name: 'Delete Document' }).getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Document deleted successfully');
  await expect(detail.getByRole('tab', { name: `Documents (${before})` })).toBeVisible();
});

test('a dispatcher extracts a POD, corrects a field and confirms it', async ({ page }) => {
  test.setTimeout(120_000);
  const name = `POD E2E ${stamp()}.pdf`;
  await openAs(page, 'Dispatcher', '/documents');
  await page.getByRole('button', { name: 'Upload Document' }).click();
  const upload = page.getByRole('dialog', { name: 'Upload Document' });
  await upload.getByLabel('Files').setInputFiles({
    name,
    mimeType: 'application/pdf',
    buffer: readFileSync(path.resolve('tests/fixtures/pod/pod-text.pdf')),
  });
  await upload.getByLabel('Document Type').selectOption('pod');
  await upload.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(upload).toBeHidden();

  await page.getByRole('searchbox', { name: 'Search' }).fill(name);
  const row = page.getByRole('table', { name: 'Documents' }).getByRole('row').filter({ hasText: name });
  await row.getByRole('button', { name: `Extract Data from ${name}` }).click();
  const review = page.getByRole('dialog', { name: 'Extract Data' });
  await expectToast(page, 'Data Extracted');
  await expect(review.getByLabel('Recipient Name')).toHaveValue('Maria Gonzalez');
  await expect(review.getByLabel('Delivery Date')).toHaveValue('2026-11-18');
  await expect(review.getByLabel('Delivery Time')).toHaveValue('09:15');
  await expect(review.getByLabel('Condition')).toHaveValue('other');
  await expect(review.getByText('Read from “Received by: Maria Gonzalez” · 100% confidence')).toBeVisible();
  await expectScreenAccessible(page);

  await review.getByLabel('Recipient Name').fill('Maria G. Gonzalez');
  await review.getByRole('button', { name: 'Confirm' }).click();
  await expectToast(page, 'POD Data Confirmed');
  await expect(review).toBeHidden();

  // Opened again: the proposal is read anew, and the confirmation is on record.
  await row.getByRole('button', { name: `Extract Data from ${name}` }).click();
  await expect(page.getByRole('dialog', { name: 'Extract Data' }).getByText(/Confirmed before by Dana Whitfield/)).toBeVisible();
});

test('at 375 px the documents screen and the upload dialog fit the phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openAs(page, 'Dispatcher', '/documents');
  await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
  // The demo workspace has documents: the table scrolls inside its own box, the page does not.
  await expect(page.getByRole('table', { name: 'Documents' }).getByRole('row').nth(1)).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await page.getByRole('button', { name: 'Upload Document' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Document' });
  await dialog
    .getByLabel('Files')
    .setInputFiles({ name: `Phone ${stamp()} with a rather long file name.pdf`, mimeType: 'application/pdf', buffer: pdf('Phone') });
  await expect(dialog.getByRole('progressbar')).toHaveCount(1);
  await expectNoHorizontalOverflow(page);
  await expectScreenAccessible(page);
});
