import PDFDocument from 'pdfkit';
import type { Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  expectToast,
  fillLoadNumber,
  holdToasts,
  openAs,
  preferLoadCards,
  settleAnimations,
  test,
} from './support/fixtures';

/**
 * Issue 29: a dispatcher imports a broker's rate confirmation on /loads. "Import Rate Con" takes a
 * text PDF (made here with pdfkit, as a broker's TMS prints one), the server reads it, the Create
 * Load form opens prefilled with each field read marked, the dispatcher saves, and the new load's
 * Documents tab lists the rate con as a "Rate Confirmation".
 *
 * The reference number is unique to the run, so a run never finds an earlier run's load as a duplicate.
 */

const stamp = () => `${Date.now()}-${Math.floor(Math.random() * 10_000)}`;

function rateConPdf(reference: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 50 });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.fontSize(18).text('RATE CONFIRMATION');
  doc.moveDown().fontSize(11);
  doc.text(`Load #: ${reference}`);
  doc.text('Broker: Lakeshore Freight Partners LLC');
  doc.text('MC#: 654321');
  doc.text('Phone: (312) 555-0142');
  doc.text('Email: loads@lakeshore.example');
  doc.moveDown();
  doc.text('Pickup:');
  doc.text('1200 Industrial Pkwy');
  doc.text('Dallas, TX 75201');
  doc.text('Date: 12/03/2026');
  doc.moveDown();
  doc.text('Delivery:');
  doc.text('88 Harbor Rd');
  doc.text('Atlanta, GA 30301');
  doc.text('Date: 12/05/2026');
  doc.moveDown();
  doc.text('Commodity: Paper products');
  doc.text('Weight: 42,000 lbs');
  doc.text('Total Rate: $2,450.00');
  doc.end();
  return done;
}

async function expectScreenAccessible(page: Page) {
  await page.mouse.move(0, 0);
  await settleAnimations(page);
  await expectAccessible(page);
}

test('a dispatcher imports a rate con: the form is prefilled, and the saved load holds the Rate Confirmation', async ({ page }) => {
  test.setTimeout(120_000);
  await holdToasts(page);
  await preferLoadCards(page);
  const run = stamp();
  const reference = `RC-${run}`;
  const loadNumber = `RCI-${run}`;
  await openAs(page, 'Dispatcher', '/loads');

  await page.getByRole('button', { name: 'Import Rate Con' }).click();
  const importer = page.getByRole('dialog', { name: 'Import Rate Con' });
  await expect(importer).toBeVisible();
  await expectScreenAccessible(page);
  await importer
    .getByLabel('Rate confirmation file')
    .setInputFiles({ name: `rate-con-${run}.pdf`, mimeType: 'application/pdf', buffer: await rateConPdf(reference) });

  // Read, the Create Load form opens prefilled, each field read marked.
  const form = page.getByRole('dialog', { name: 'Create Load' });
  await expect(form).toBeVisible({ timeout: 30_000 });
  await expect(form.getByLabel('Reference Number')).toHaveValue(reference);
  await expect(form.getByLabel('Pickup City')).toHaveValue('Dallas');
  await expect(form.getByLabel('Delivery City')).toHaveValue('Atlanta');
  await expect(form.getByLabel('Line Haul (USD)')).toHaveValue('2450.00');
  await expect(form.getByText(/From rate con/).first()).toBeVisible();
  await expectScreenAccessible(page);

  await fillLoadNumber(form, loadNumber);
  await form.getByRole('button', { name: 'Create Load', exact: true }).click();
  await expectToast(page, 'Load created successfully');
  await expectToast(page, 'Rate confirmation attached');
  await expect(form).toBeHidden();

  // The new load's Documents tab lists the rate con.
  await page.getByRole('searchbox', { name: 'Search' }).fill(loadNumber);
  await expect(page).toHaveURL(/search=/);
  await page.getByRole('list', { name: 'Loads' }).getByRole('button').filter({ hasText: loadNumber }).first().click();
  const detail = page.getByRole('dialog').filter({ has: page.getByRole('tab', { name: 'Details' }) });
  await detail.getByRole('tab', { name: 'Documents (1)' }).click();
  const documents = detail.getByRole('table', { name: 'Load documents' });
  await expect(documents.getByRole('row').nth(1)).toContainText('Rate Confirmation');
  await expect(documents.getByRole('row').nth(1)).toContainText(`rate-con-${run}.pdf`);
});

test('a file that is not a rate con shows the reason and creates nothing', async ({ page }) => {
  test.setTimeout(60_000);
  await openAs(page, 'Dispatcher', '/loads');
  await page.getByRole('button', { name: 'Import Rate Con' }).click();
  const importer = page.getByRole('dialog', { name: 'Import Rate Con' });
  const letter = new PDFDocument({ size: 'LETTER' });
  const chunks: Buffer[] = [];
  letter.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => letter.on('end', () => resolve()));
  letter.text('Dear customer, thank you for your order. See you next week.');
  letter.end();
  await ended;
  await importer
    .getByLabel('Rate confirmation file')
    .setInputFiles({ name: 'letter.pdf', mimeType: 'application/pdf', buffer: Buffer.concat(chunks) });
  await expect(importer.getByRole('alert')).toContainText('No rate confirmation found', { timeout: 30_000 });
  await expect(page.getByRole('dialog', { name: 'Create Load' })).toHaveCount(0);
  await importer.getByRole('button', { name: 'Cancel' }).click();
  await expect(importer).toBeHidden();
});
