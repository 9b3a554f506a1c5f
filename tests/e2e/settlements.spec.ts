import type { Browser, Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  expectToast,
  holdToasts,
  openAs,
  quietContext,
  settleAnimations,
  test,
} from './support/fixtures';
import { dispatcherApi, mutate } from './support/dispatcher-api';
import { demoDriver } from './support/demo-driver';

/**
 * Issue 30, "Tests and bench": treasury runs a week for the demo drivers at /settlements (the
 * demo's open week, or the next week opened with "Open week"), opens the demo driver's draft
 * settlement, edits a line (refused without a reason, then saved with one), approves it after the
 * confirmation, and downloads its statement; then the driver, on a phone at 390 px, finds the
 * statement under "Statements" in the driver portal, beside "Settled pay (this year)", and opens
 * its PDF. The demo seed gives the demo drivers pay profiles, two paid weeks and one open week
 * (server/src/seed). So that the demo driver surely has a draft in the week, a dispatcher (through
 * the API, as the Loads screen calls it) first delivers a load of the journey's own number to them
 * today, and treasury gathers the open week again (a week opened now gathers it anyway).
 */

async function phonePage(browser: Browser): Promise<Page> {
  const context = await quietContext(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  return context.newPage();
}

/** "1234.56" plus whole cents, in cents (no floats for money, even in a test). */
function plusCents(amount: string, cents: bigint): string {
  const negative = amount.trim().startsWith('-');
  const [whole = '0', fraction = ''] = amount.trim().replace('-', '').split('.');
  const total = (negative ? -1n : 1n) * BigInt(whole + (fraction + '00').slice(0, 2)) + cents;
  const sign = total < 0n ? '-' : '';
  const digits = (total < 0n ? -total : total).toString().padStart(3, '0');
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

test('treasury edits a line with a reason and approves a settlement; the driver opens the statement PDF on a phone', async ({
  browser,
  page,
  playwright,
}) => {
  test.setTimeout(180_000);
  const driver = await demoDriver();
  const driverName = driver.name;

  // A load of the journey's own number, delivered today by the demo driver.
  const suffix = `${Date.now()}-${Math.floor(Math.random() * 10_000)}`;
  const api = await dispatcherApi(playwright);
  try {
    const load = await mutate<{ id: string }>(api, 'loads.create', {
      loadNumber: `PAY-${suffix}`,
      pickupLocation: '1200 Industrial Pkwy',
      pickupCity: 'Dallas',
      pickupState: 'TX',
      pickupDate: '2026-11-24',
      deliveryLocation: '88 Harbor Rd',
      deliveryCity: 'Memphis',
      deliveryState: 'TN',
      deliveryDate: '2026-11-25',
      commodity: 'Settlements journey freight',
      rate: '1850.00',
      driverId: driver.id,
    });
    await mutate(api, 'loads.changeStatus', { id: load.id, status: 'in_transit' });
    await mutate(api, 'loads.changeStatus', { id: load.id, status: 'delivered' });
  } finally {
    await api.dispose();
  }

  // Treasury opens Settlements from the navigation's screen.
  await page.setViewportSize({ width: 1440, height: 900 });
  await holdToasts(page);
  await openAs(page, 'Treasury', '/settlements');
  await expect(page.getByRole('heading', { level: 1, name: 'Settlements' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).first().getByRole('link', { name: 'Settlements' })).toBeVisible();
  for (const tab of ['Periods', 'Pay profiles', 'Deductions', 'Reports']) {
    await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  }

  // The demo's open week, or the next week opened now (its first day proposed by the company's week start).
  const periods = page.getByRole('table', { name: 'Settlement periods' });
  const noPeriods = page.getByText('No periods yet. Open the first week to gather delivered loads.', { exact: true });
  await expect(periods.or(noPeriods).first()).toBeVisible({ timeout: 30_000 });
  const openWeek = periods.getByRole('row').filter({ has: page.getByText('Open', { exact: true }) });
  if ((await openWeek.count()) === 0) {
    await page.getByRole('button', { name: 'Open week' }).click();
    const dialog = page.getByRole('dialog', { name: 'Open week' });
    await expect(dialog.getByLabel('Week starts on')).not.toHaveValue('');
    await dialog.getByRole('button', { name: 'Open week' }).click();
    await expectToast(page, 'Week opened');
    await expect(dialog).toBeHidden();
  } else {
    await openWeek
      .first()
      .getByRole('button', { name: /^Show the week of / })
      .click();
  }
  const settlementsHeading = page.getByRole('heading', { level: 2, name: /^Settlements · / });
  await expect(settlementsHeading).toBeVisible();
  const week = ((await settlementsHeading.textContent()) ?? '').replace(/^Settlements · /, '').trim();
  expect(week).not.toBe('');

  // The demo driver's draft settlement opens in the drawer, its lines grouped.
  const settlements = page.getByRole('table', { name: `Settlements of ${week}` });
  const row = settlements.getByRole('row').filter({ has: page.getByRole('button', { name: `Open the settlement of ${driverName}` }) });
  await expect(row).toContainText('Draft');
  await row.getByRole('button', { name: `Open the settlement of ${driverName}` }).click();
  const drawer = page.getByTestId('settlement-drawer');
  await expect(drawer.getByRole('heading', { name: 'Loads' })).toBeVisible({ timeout: 20_000 });
  for (const group of ['Extra pay', 'Deductions & advances', 'Adjustments']) {
    await expect(drawer.getByRole('heading', { name: group })).toBeVisible();
  }
  await expect(drawer.getByText('Net', { exact: true })).toBeVisible();
  await expect(drawer.getByText('Escrow balance', { exact: true })).toBeVisible();

  // Edit a load's line: refused without a reason (the field says why), saved with one.
  const loads = drawer.getByRole('table', { name: 'Loads' });
  await loads
    .getByRole('button', { name: /^Edit line / })
    .first()
    .click();
  const edit = page.getByRole('dialog', { name: 'Edit line' });
  await expect(edit).toBeVisible();
  const amount = edit.getByLabel('Amount');
  const before = await amount.inputValue();
  const after = plusCents(before, 2500n);
  await amount.fill(after);
  await edit.getByRole('button', { name: 'Save line' }).click();
  await expect(edit.getByText('Give a reason for the change', { exact: true })).toBeVisible();
  await edit.getByLabel('Reason').fill('Detention at the receiver, agreed with dispatch');
  await edit.getByRole('button', { name: 'Save line' }).click();
  await expectToast(page, 'Line updated');
  await expect(edit).toBeHidden();
  await expect(drawer).toContainText('Reason: Detention at the receiver, agreed with dispatch');

  // Approve, after the confirmation says it can't change afterwards.
  await drawer.getByRole('button', { name: 'Approve' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Approve settlement' });
  await expect(confirm).toContainText("Approved settlements can't change");
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expectToast(page, 'Settlement approved');
  await expect(confirm).toBeHidden();
  await expect(drawer).toContainText("Approved settlements can't change; add an adjustment to the next one");
  await expect(drawer.getByRole('button', { name: /^Edit line / })).toHaveCount(0);
  await expect(drawer.getByRole('button', { name: 'Mark paid' })).toBeVisible();
  await settleAnimations(page);
  await expectAccessible(page);

  // Its statement, from treasury's side.
  let downloading = page.waitForEvent('download');
  await drawer.getByRole('button', { name: 'Statement PDF' }).click();
  expect((await downloading).suggestedFilename()).toMatch(/\.pdf$/);

  // The driver, on a phone: the settled pay beside the spec's earnings, and the statement's PDF.
  const phone = await phonePage(browser);
  await holdToasts(phone);
  await openAs(phone, 'Driver', '/driver-portal');
  await expect(phone.getByRole('heading', { level: 1, name: 'Driver Portal' })).toBeVisible({ timeout: 30_000 });
  await expect(phone.getByText('Total Earnings', { exact: true })).toBeVisible();
  await expect(phone.getByText('Settled pay (this year)', { exact: true })).toBeVisible();
  const statements = phone.getByRole('region', { name: 'Statements' });
  await statements.scrollIntoViewIfNeeded();
  const statement = statements.getByRole('button', { name: `Statement for ${week} (PDF)` });
  await expect(statement).toBeVisible({ timeout: 20_000 });
  await expect(statements).toContainText('Approved');
  await expectNoHorizontalOverflow(phone);
  downloading = phone.waitForEvent('download');
  await statement.click();
  expect((await downloading).suggestedFilename()).toMatch(/\.pdf$/);
  await phone.context().close();
});
