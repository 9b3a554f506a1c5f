import type { Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { signWebhook } from '../../server/src/services/payments/airwallex.js';
import { defaultDueDate } from '../../shared/src/schemas/invoices.js';
import { FAKE_PAYMENT_LINKS_PATH, type FakePaymentLink } from '../support/fake-airwallex.js';
import { E2E_AIRWALLEX_URL, E2E_AIRWALLEX_WEBHOOK_SECRET } from './support/airwallex';
import {
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  expectToast,
  openAs,
  quietContext,
  settleAnimations,
  test,
} from './support/fixtures';
import { mailsTo, type Mail } from './support/mailbox';

/**
 * Invoices as treasury uses them: create one from a load (its broker and rate filled in, the due
 * date from the broker's terms, a load not delivered only through "Invoice anyway"), find it,
 * download its PDF from the row's actions menu (Remit to, no status), generate its payment link
 * against the fake Airwallex, send it (the mail holds the PDF as an attachment) and receive the payment
 * through a signed webhook, watching the Invoices screen and the Treasury Dashboard follow live;
 * axe on both screens and the dialog.
 *
 * The payment provider is the fake Airwallex Playwright starts once for the run
 * (tests/e2e/support/airwallex.ts, the web server's AIRWALLEX_* settings point at it). "Payments
 * are not configured" is covered by tests/integration/invoices-payments.test.ts.
 */

async function expectScreenAccessible(page: Page) {
  await page.mouse.move(0, 0);
  await settleAnimations(page);
  await expectAccessible(page);
}

/** A row's one actions menu (issue 27): opens it and answers the menu item named. */
async function rowAction(page: Page, invoiceNumber: string, item: string) {
  await page.getByRole('button', { name: `Actions for ${invoiceNumber}` }).click();
  const menuItem = page.getByRole('menuitem', { name: item });
  await expect(menuItem).toBeVisible();
  return menuItem;
}

/** A load option's label ends with its status when it is not delivered ("LOAD-1 · Dallas → Austin · $1.00 · Pending"). */
const UNDELIVERED_OPTION = / · (Pending|Assigned|Picked|In transit|Cancelled)$/;

/** How long a live change may take to show, on a machine shared by many test runs. */
const LIVE_TIMEOUT = 30_000;

/** The figure a dashboard card shows, by its label. */
const figure = (page: Page, label: string) =>
  page.getByRole('region', { name: 'Figures' }).locator('div').filter({ hasText: label }).first();

/** An ageing bucket of the dashboard, by its label (the term and its description). */
const bucket = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Ageing' })
    .locator('div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .last();

test('treasury creates an invoice from a load, downloads its PDF, takes a payment and sees it everywhere', async ({ page, browser }) => {
  // A long journey on a shared machine: generous, and each live expectation waits longer than the default.
  test.setTimeout(240_000);
  await openAs(page, 'Treasury', '/invoices');
  await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Invoices' });
  await expect(table).toBeVisible();
  await expectScreenAccessible(page);
  // The demo has invoices in every state: each status filter finds some (and the filter is in the address).
  const statusFilter = page.getByLabel('Status', { exact: true });
  for (const [value, badge] of [
    ['draft', 'Draft'],
    ['sent', 'Sent'],
    ['paid', 'Paid'],
    ['overdue', 'Overdue'],
    ['void', 'Void'],
  ] as const) {
    await statusFilter.selectOption(value);
    await expect(page).toHaveURL(new RegExp(`status=${value}`));
    await expect(table.getByRole('row').nth(1)).toContainText(badge);
  }
  await statusFilter.selectOption('all');

  // Create Invoice: today's date by default, due in 30 days until a broker's terms say otherwise; a
  // load fills its broker and rate, and the due date follows the broker's terms.
  await page.getByRole('button', { name: 'Create Invoice' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Invoice' });
  const today = new Date();
  const localToday = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  await expect(dialog.getByLabel('Invoice Date')).toHaveValue(localToday);
  await expect(dialog.getByLabel('Due Date')).toHaveValue(defaultDueDate(localToday, null) ?? '');
  await dialog.getByRole('button', { name: 'Create Invoice' }).click();
  await expect(dialog.getByText('Amount is required')).toBeVisible();
  const loadSelect = dialog.getByLabel('Load');
  await expect(loadSelect.locator('option').nth(1)).toBeAttached();
  const loadLabels = await loadSelect.locator('option').allTextContents();
  const undeliveredIndex = loadLabels.findIndex((label, index) => index > 0 && UNDELIVERED_OPTION.test(label));
  const deliveredIndex = loadLabels.findIndex((label, index) => index > 0 && !UNDELIVERED_OPTION.test(label));
  // A load not delivered yet: a warning, and the button becomes "Invoice anyway".
  if (undeliveredIndex > 0) {
    await loadSelect.selectOption({ index: undeliveredIndex });
    await expect(dialog.getByRole('alert').filter({ hasText: 'This load is not delivered yet' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Invoice anyway' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Create Invoice' })).toHaveCount(0);
  }
  const chosenIndex = deliveredIndex > 0 ? deliveredIndex : undeliveredIndex;
  const loadNumber = (loadLabels[chosenIndex] ?? '').split(' · ')[0] ?? '';
  await loadSelect.selectOption({ index: chosenIndex });
  if (deliveredIndex > 0) await expect(dialog.getByRole('alert').filter({ hasText: 'This load is not delivered yet' })).toHaveCount(0);
  await expect(dialog.getByLabel('Amount (USD)')).not.toHaveValue('');
  await expect(dialog.getByLabel('Amount (USD)')).toHaveAttribute('step', '0.01');
  // The broker's terms show in its option ("Name (Net 30)"): the due date is the invoice date plus them (30 days when they name none).
  const brokerLabel = (await dialog.getByLabel('Broker').locator('option:checked').textContent()) ?? '';
  const terms = /\(([^)]*)\)$/.exec(brokerLabel)?.[1] ?? null;
  await expect(dialog.getByLabel('Due Date')).toHaveValue(defaultDueDate(localToday, terms) ?? '');
  await expectScreenAccessible(page);
  await dialog.getByRole('button', { name: deliveredIndex > 0 ? 'Create Invoice' : 'Invoice anyway' }).click();
  await expectToast(page, 'Invoice created successfully');
  await expect(dialog).toBeHidden();
  const row = table.getByRole('row').filter({ hasText: loadNumber }).first();
  await expect(row).toContainText('Draft');
  const invoiceNumber = (await row.getByRole('cell').first().textContent())?.trim() ?? '';
  expect(invoiceNumber).toMatch(/^INV-\d{8}-\d{3}$/);

  // Search by number finds exactly it.
  await page.getByLabel('Search').fill(invoiceNumber);
  await expect(page).toHaveURL(new RegExp(`search=${invoiceNumber}`));
  await expect(table.getByRole('row')).toHaveCount(2);

  // The row's actions are one menu: PDF, Send, Edit (a draft) and the next statuses.
  await page.getByRole('button', { name: `Actions for ${invoiceNumber}` }).click();
  for (const item of ['Download PDF', 'Send invoice', 'Edit', 'Mark as sent', 'Mark as paid', 'Void']) {
    await expect(page.getByRole('menuitem', { name: item })).toBeVisible();
  }
  await expectScreenAccessible(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem', { name: 'Download PDF' })).toBeHidden();

  // The PDF: Remit to, and no internal status.
  const download = page.waitForEvent('download');
  await (await rowAction(page, invoiceNumber, 'Download PDF')).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
  const stream = await file.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const pdfBytes = Buffer.concat(chunks);
  expect(pdfBytes.subarray(0, 5).toString()).toBe('%PDF-');
  const pdfText = (await extractText(await getDocumentProxy(new Uint8Array(pdfBytes)), { mergePages: true })).text;
  expect(pdfText).toContain('REMIT TO');
  expect(pdfText).not.toContain('Status');
  expect(pdfText).not.toContain('Draft');

  // A second tab on the Treasury Dashboard watches it live.
  const dashboardContext = await quietContext(browser);
  const dashboard = await dashboardContext.newPage();
  await openAs(dashboard, 'Treasury', '/treasury-dashboard');
  await expect(dashboard.getByRole('heading', { level: 1, name: 'Treasury Dashboard' })).toBeVisible();
  await expect(dashboard.getByRole('table', { name: 'Recent Invoices' })).toBeVisible();
  await expectScreenAccessible(dashboard);
  const paidBefore = (await figure(dashboard, 'Paid This Month').textContent()) ?? '';

  const outstandingBefore = (await figure(dashboard, 'Outstanding Balance').textContent()) ?? '';
  await expect(bucket(dashboard, 'Current')).toContainText('invoices');
  const currentBefore = (await bucket(dashboard, 'Current').textContent()) ?? '';

  // Generate Link: the fake provider makes it, the row shows View Link to it.
  await page.getByRole('button', { name: `Generate Link for ${invoiceNumber}` }).click();
  await expectToast(page, 'Success', 'Payment link generated successfully');
  const viewLink = row.getByRole('link', { name: `View Link for ${invoiceNumber}` });
  await expect(viewLink).toBeVisible();
  const links = (await (await page.request.get(`${E2E_AIRWALLEX_URL}${FAKE_PAYMENT_LINKS_PATH}`)).json()) as FakePaymentLink[];
  const link = links.find((candidate) => candidate.body.reference === invoiceNumber);
  expect(link).toBeDefined();
  await expect(viewLink).toHaveAttribute('href', link?.url ?? '');

  // Send invoice: mailed with its PDF attached (read from the mailbox the fake Resend keeps); a draft becomes sent.
  await (await rowAction(page, invoiceNumber, 'Send invoice')).click();
  const sendDialog = page.getByRole('dialog', { name: 'Send Invoice' });
  await expect(sendDialog.getByText(`${invoiceNumber}.pdf`)).toBeVisible();
  await expectScreenAccessible(page);
  const billing = `billing-${Date.now()}@broker.example`;
  await sendDialog.getByLabel('Email').fill(billing);
  await sendDialog.getByRole('button', { name: 'Send Invoice' }).click();
  await expectToast(page, 'Invoice sent');
  await expect(row).toContainText('Sent');
  let attachment: Mail['attachments'][number] | undefined;
  await expect
    .poll(async () => {
      attachment = (await mailsTo(billing))[0]?.attachments[0];
      return attachment?.filename;
    })
    .toBe(`${invoiceNumber}.pdf`);
  expect(attachment?.contentType).toBe('application/pdf');
  const attached = await extractText(await getDocumentProxy(new Uint8Array(attachment?.content ?? [])), { mergePages: true });
  expect(attached.text).toContain(invoiceNumber);
  expect(attached.text).toContain(link?.url ?? 'the payment link');

  // Airwallex tells the server the link was paid: a correctly signed webhook.
  const body = JSON.stringify({
    id: `evt_e2e_${Date.now()}`,
    name: 'payment_intent.succeeded',
    data: { object: { id: `int_e2e_${Date.now()}`, status: 'SUCCEEDED', payment_link_id: link?.id, metadata: link?.body.metadata } },
  });
  const timestamp = String(Date.now());
  const answer = await page.request.post('/api/payments/airwallex/webhook', {
    headers: {
      'content-type': 'application/json',
      'x-timestamp': timestamp,
      'x-signature': signWebhook(E2E_AIRWALLEX_WEBHOOK_SECRET, timestamp, body),
    },
    data: body,
  });
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toEqual({ received: true, changed: true });

  // Paid, here and on the dashboard, without a reload.
  await expect(row).toContainText('Paid', { timeout: LIVE_TIMEOUT });
  await expect(dashboard.getByRole('table', { name: 'Recent Invoices' }).getByRole('row').filter({ hasText: invoiceNumber })).toContainText(
    'Paid',
    { timeout: LIVE_TIMEOUT },
  );
  await expect(figure(dashboard, 'Paid This Month')).not.toHaveText(paidBefore, { timeout: LIVE_TIMEOUT });
  await expect(figure(dashboard, 'Outstanding Balance')).not.toHaveText(outstandingBefore, { timeout: LIVE_TIMEOUT });
  await expect(bucket(dashboard, 'Current')).not.toHaveText(currentBefore, { timeout: LIVE_TIMEOUT });
  await dashboardContext.close();
});

test('the Invoices screen works at a phone’s width', async ({ page }, testInfo) => {
  // Two widths, each a sign-in, a menu and an axe scan: past 60 s on a saturated machine.
  test.setTimeout(120_000);
  for (const width of [375, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await openAs(page, 'Treasury', '/invoices');
    const table = page.getByRole('table', { name: 'Invoices' });
    await expect(table).toBeVisible();
    await expectNoHorizontalOverflow(page);
    // Each card's actions menu opens inside the screen.
    const invoiceNumber = (await table.getByRole('row').nth(1).getByRole('cell').first().textContent())?.trim() ?? '';
    await rowAction(page, invoiceNumber, 'Download PDF');
    await expectNoHorizontalOverflow(page);
    await testInfo.attach(`invoices-${width}px`, { body: await page.screenshot({ fullPage: false }), contentType: 'image/png' });
    await page.keyboard.press('Escape');
    await expectScreenAccessible(page);
  }
});

test('at 1440 px the Invoices table fits with every row one height and its actions in a menu', async ({ page }, testInfo) => {
  // Issue 27, item 7: PDF, Send and Change status were cut off at 1440 px and rows were ragged.
  await page.setViewportSize({ width: 1440, height: 900 });
  await openAs(page, 'Treasury', '/invoices');
  const table = page.getByRole('table', { name: 'Invoices' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expectNoHorizontalOverflow(page);
  // The table does not scroll inside itself either: it fits its box.
  const fits = await table.evaluate((element) => {
    const box = element.parentElement as HTMLElement;
    return box.scrollWidth <= box.clientWidth + 1;
  });
  expect(fits, 'the Invoices table scrolls sideways at 1440 px').toBe(true);
  // Rows of one height, and each row's actions button inside the window.
  const heights = await table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => Math.round(row.getBoundingClientRect().height)));
  expect(heights.length).toBeGreaterThan(1);
  expect(new Set(heights).size, `row heights ${heights.join(', ')}`).toBe(1);
  const triggers = table.getByRole('button', { name: /^Actions for INV-/ });
  for (const trigger of await triggers.all()) {
    const box = await trigger.boundingBox();
    expect(box && box.x + box.width <= 1440).toBe(true);
  }
  // No action is a button of its own in the row any more.
  await expect(table.getByRole('button', { name: /^(Download PDF of|Send INV-|Edit INV-)/ })).toHaveCount(0);
  await expect(table.getByRole('combobox', { name: /^Change status of/ })).toHaveCount(0);
  // A draft's menu offers the PDF, Send, Edit and its next statuses under "Change status".
  await page.getByLabel('Status', { exact: true }).selectOption('draft');
  const draft = table.getByRole('row').nth(1);
  await expect(draft).toContainText('Draft');
  const invoiceNumber = (await draft.getByRole('cell').first().textContent())?.trim() ?? '';
  await rowAction(page, invoiceNumber, 'Download PDF');
  for (const item of ['Send invoice', 'Edit', 'Mark as sent', 'Mark as paid', 'Void']) {
    await expect(page.getByRole('menuitem', { name: item })).toBeVisible();
  }
  await expect(page.getByText('Change status', { exact: true })).toBeVisible();
  await testInfo.attach('invoices-1440px-menu', { body: await page.screenshot({ fullPage: false }), contentType: 'image/png' });
  // Void asks first.
  await page.getByRole('menuitem', { name: 'Void' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Void Invoice' }).or(page.getByRole('dialog', { name: 'Void Invoice' }));
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(draft).toContainText('Draft');
});

test('treasury builds a factoring packet from the Factoring filter', async ({ page }) => {
  await openAs(page, 'Treasury', '/invoices?status=factoring');
  const table = page.getByRole('table', { name: 'Invoices' });
  const first = table.getByRole('row').nth(1);
  await expect(first).toBeVisible();
  const invoiceNumber = (await first.getByRole('cell').first().textContent())?.trim() ?? '';
  const download = page.waitForEvent('download');
  await (await rowAction(page, invoiceNumber, 'Build factoring packet')).click();
  expect((await download).suggestedFilename()).toBe(`Factoring packet ${invoiceNumber}.pdf`);
  await expectToast(page, 'Factoring packet built');
});
