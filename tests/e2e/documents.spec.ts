import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  expectAccessibleWithin,
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
 * confirmation (both from the row's Actions menu); and upload from a load's Documents tab, whose
 * count follows. A long name stays on one line with its extension shown; Preview opens a side
 * panel with the file (issue 27, item 10). File names carry a
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

/** Opens a document row's Actions menu (Preview, Download, Delete) and answers one of its items. */
async function rowAction(page: Page, scope: Page | Locator, fileName: string, item: 'Preview' | 'Download' | 'Delete') {
  await scope.getByRole('button', { name: `Actions for ${fileName}` }).click();
  const menuItem = page.getByRole('menuitem', { name: item, exact: true });
  await expect(menuItem).toBeVisible();
  return menuItem;
}

/** Uploads these files from /documents as a dispatcher and finds them by their shared stamp: the table's rows. */
async function uploadAndFind(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[], search: string) {
  await openAs(page, 'Dispatcher', '/documents');
  await page.getByRole('button', { name: 'Upload Document' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Document' });
  await dialog.getByLabel('Files').setInputFiles(files);
  await dialog.getByLabel('Document Type').selectOption('rate_confirmation');
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expectToast(page, 'Document Uploaded');
  await expect(dialog).toBeHidden();
  await page.getByRole('searchbox', { name: 'Search' }).fill(search);
  await expect(page).toHaveURL(/search=/);
  const table = page.getByRole('table', { name: 'Documents' });
  await expect(table.getByRole('row')).toHaveCount(files.length + 1);
  return table;
}

/** A valid 1x1 PNG. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

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
  await (await rowAction(page, row, good, 'Download')).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(good);

  await (await rowAction(page, row, good, 'Delete')).click();
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
  await (await rowAction(page, table, name, 'Download')).click();
  expect((await downloading).suggestedFilename()).toBe(name);

  await (await rowAction(page, table, name, 'Delete')).click();
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

test('a long file name stays on one line, cut before its ".pdf", at 1440 and at 390 px', async ({ page }) => {
  test.setTimeout(120_000);
  const id = stamp();
  const name = `rate-confirmation-very-long-name-for-the-broker-and-the-factoring-company-${id}-lane-dallas-to-atlanta-0314.pdf`;
  await page.setViewportSize({ width: 1440, height: 900 });
  const table = await uploadAndFind(page, [{ name, mimeType: 'application/pdf', buffer: pdf('Long name') }], id);
  const row = table.getByRole('row').filter({ hasText: name });
  // The whole name is the row's text (what a screen reader reads) and the name's title (on hover).
  await expect(row).toContainText(name);
  const fileName = row.locator('[data-file-name]');
  await expect(fileName).toHaveAttribute('title', name);
  const stem = fileName.locator('[data-file-name-part="stem"]');
  const extension = fileName.locator('[data-file-name-part="extension"]');
  // The old red Delete button is gone from the row: it is in the row's menu.
  await expect(row.getByRole('button', { name: `Delete ${name}` })).toHaveCount(0);

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await expect(extension).toHaveText('.pdf');
    await expect(extension).toBeVisible();
    await expect(async () => {
      const [stemBox, extensionBox, nameBox] = await Promise.all([stem.boundingBox(), extension.boundingBox(), fileName.boundingBox()]);
      if (!stemBox || !extensionBox || !nameBox) throw new Error('the file name is not laid out');
      // One line: the extension sits beside the stem, not under it, and the name is one line tall.
      expect(Math.abs(extensionBox.y - stemBox.y)).toBeLessThanOrEqual(2);
      expect(nameBox.height).toBeLessThan(extensionBox.height * 1.5);
      expect(extensionBox.x).toBeGreaterThanOrEqual(stemBox.x + stemBox.width - 1);
      // The extension is inside the name's box and on screen.
      expect(extensionBox.x + extensionBox.width).toBeLessThanOrEqual(nameBox.x + nameBox.width + 1);
      expect(extensionBox.x + extensionBox.width).toBeLessThanOrEqual(viewport.width);
      // The stem is what is cut (with an ellipsis): its text is wider than its box.
      const cut = await stem.evaluate((element) => ({
        cut: element.scrollWidth > element.clientWidth,
        overflow: getComputedStyle(element).textOverflow,
        wrap: getComputedStyle(element).whiteSpace,
      }));
      expect(cut).toEqual({ cut: true, overflow: 'ellipsis', wrap: 'nowrap' });
    }).toPass({ timeout: 5000 });
    await expectNoHorizontalOverflow(page);
  }
});

test('Preview opens a side panel with the PDF (and an image), its details and Download; Escape closes it', async ({ page }) => {
  test.setTimeout(120_000);
  const id = stamp();
  const name = `Preview E2E ${id}.pdf`;
  const photo = `Preview E2E ${id} photo.png`;
  await page.setViewportSize({ width: 1440, height: 900 });
  const table = await uploadAndFind(
    page,
    [
      { name, mimeType: 'application/pdf', buffer: pdf('Preview me') },
      { name: photo, mimeType: 'image/png', buffer: TINY_PNG },
    ],
    `E2E ${id}`,
  );
  const row = table.getByRole('row').filter({ hasText: name });

  await (await rowAction(page, row, name, 'Preview')).click();
  const panel = page.getByRole('dialog', { name });
  await expect(panel).toBeVisible();
  await settleAnimations(page);
  // On the right, beside the page (not over all of it) on a desktop.
  const panelBox = await panel.boundingBox();
  expect(panelBox).not.toBeNull();
  // (A scrollbar, where one shows, may stand between the panel and the window's edge.)
  expect((panelBox?.x ?? 0) + (panelBox?.width ?? 0)).toBeGreaterThanOrEqual(1440 - 20);
  expect((panelBox?.x ?? 0) + (panelBox?.width ?? 0)).toBeLessThanOrEqual(1440 + 1);
  expect(panelBox?.width ?? 0).toBeLessThan(1000);
  await expect(panel.getByText('Rate Confirmation')).toBeVisible();
  await expect(panel.getByText('Uploaded')).toBeVisible();
  await expect(panel.getByRole('button', { name: `Download ${name}` })).toBeVisible();

  // The PDF in a frame, through the same signed link as a download, asked for inline.
  const frame = panel.locator(`iframe[title="Preview of ${name}"]`);
  await expect(frame).toBeVisible();
  const src = (await frame.getAttribute('src')) ?? '';
  const url = new URL(src, page.url());
  expect(url.pathname).toBe('/files/download');
  expect(url.searchParams.get('disposition')).toBe('inline');
  const answer = await page.request.get(url.toString());
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toContain('application/pdf');
  expect(answer.headers()['content-disposition']).toMatch(/^inline;/);
  expect(answer.headers()['x-content-type-options']).toBe('nosniff');
  expect(answer.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
  expect((await answer.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // Download from the panel saves the file under its name.
  const downloadButton = panel.getByRole('button', { name: `Download ${name}` });
  const downloading = page.waitForEvent('download');
  await downloadButton.click();
  expect((await downloading).suggestedFilename()).toBe(name);

  // Escape closes the panel and gives focus back to the row's Actions button.
  await downloadButton.focus();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(row.getByRole('button', { name: `Actions for ${name}` })).toBeFocused();

  // An image shows as an image; the panel is accessible.
  const photoRow = table.getByRole('row').filter({ hasText: photo });
  await (await rowAction(page, photoRow, photo, 'Preview')).click();
  const photoPanel = page.getByRole('dialog', { name: photo });
  const image = photoPanel.getByRole('img', { name: `Preview of ${photo}` });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(1);
  await page.mouse.move(0, 0);
  await settleAnimations(page);
  await expectAccessibleWithin(page, '[role="dialog"]');
  await photoPanel.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(photoPanel).toBeHidden();

  // On a phone the panel takes the whole screen, and nothing sticks out sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await (await rowAction(page, row, name, 'Preview')).click();
  await expect(panel).toBeVisible();
  await settleAnimations(page);
  const phoneBox = await panel.boundingBox();
  expect(Math.round(phoneBox?.x ?? -1)).toBe(0);
  expect(phoneBox?.width ?? 0).toBeGreaterThanOrEqual(390 - 20);
  await expect(panel.locator(`iframe[title="Preview of ${name}"]`)).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await panel.getByRole('button', { name: 'Close preview' }).click();
  await expect(panel).toBeHidden();
});

test('Delete is in the row menu and asks for confirmation first (by keyboard too)', async ({ page }) => {
  test.setTimeout(120_000);
  const id = stamp();
  const name = `Delete E2E ${id}.pdf`;
  const table = await uploadAndFind(page, [{ name, mimeType: 'application/pdf', buffer: pdf('Delete me') }], id);
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row.getByRole('button', { name: `Delete ${name}` })).toHaveCount(0);

  // Cancel keeps the document.
  await (await rowAction(page, row, name, 'Delete')).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Document' });
  await expect(confirm).toContainText(`Are you sure you want to delete this document (${name})? This action cannot be undone.`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toBeVisible();

  // By keyboard: the Actions button opens its menu, End reaches Delete, Enter asks first.
  const trigger = row.getByRole('button', { name: `Actions for ${name}` });
  await trigger.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Preview' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Download' })).toBeVisible();
  await page.keyboard.press('End');
  await expect(menu.getByRole('menuitem', { name: 'Delete' })).toHaveAttribute('data-highlighted', '');
  await page.keyboard.press('Enter');
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText(name);
  await expectScreenAccessible(page);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Document deleted successfully');
  await expect(row).toBeHidden();
});
