import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { dispatcherApi, mutate } from './support/dispatcher-api';
import { expect as baseExpect, expectAccessible, expectNoHorizontalOverflow, openAs, settleAnimations, test } from './support/fixtures';

/**
 * Trucks and trailers (issue 31, item 1) as a dispatcher uses them: add truck 777 with a VIN
 * (errors beside the fields first), assign one of the demo drivers to it with a date, and see the
 * truck with its driver in the table and its assignment in the truck's details; the Trailers
 * screen; a phone's width.
 */

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const UNIT = '777';
const VIN = '1XKYD49X7NJ458833';

/** Clicks and expects the toast with this title (the wait starts before the click). */
async function clickAndExpectToast(page: Page, target: Locator, title: string) {
  const toast = page
    .getByTestId('toast')
    .filter({ has: page.getByText(title, { exact: true }) })
    .first();
  await Promise.all([toast.waitFor({ state: 'visible', timeout: 30_000 }), target.click()]);
}

/** A truck 777 left by an earlier run is renumbered, so this run adds its own (unit numbers are unique per company). */
async function freeUnit(api: APIRequestContext) {
  const input = encodeURIComponent(JSON.stringify({ search: UNIT, limit: 100 }));
  const response = await api.get(`/trpc/trucks.list?input=${input}`);
  expect(response.ok(), await response.text()).toBe(true);
  const { items } = ((await response.json()) as { result: { data: { items: { id: string; unitNumber: string }[] } } }).result.data;
  for (const truck of items.filter((item) => item.unitNumber === UNIT)) {
    await mutate(api, 'trucks.update', { id: truck.id, unitNumber: `${UNIT}-${Date.now().toString(36)}` });
  }
}

test('a dispatcher adds truck 777 with a VIN, assigns a demo driver and sees it in the table', async ({ page, playwright }) => {
  await freeUnit(await dispatcherApi(playwright));
  await openAs(page, 'Dispatcher', '/trucks');
  await expect(page.getByRole('heading', { name: 'Trucks', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Trucks' });
  await expect(table).toBeVisible();
  const headers = table.getByRole('columnheader');
  await expect(headers.first()).toHaveText('Unit');
  for (const header of ['Driver', 'Make/Model/Year', 'Plate', 'VIN', 'IFTA Base', 'Status']) {
    await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  await expectAccessible(page);

  // Add Truck: the unit is required and a VIN is 17 characters, each error beside its field.
  await page.getByRole('button', { name: 'Add Truck', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Truck' });
  await expect(dialog).toBeVisible();
  await settleAnimations(page);
  await expectAccessible(page);
  await dialog.getByLabel('VIN').fill(VIN.slice(0, 16));
  await dialog.getByRole('button', { name: 'Add Truck' }).click();
  await expect(dialog.getByText('Unit number is required')).toBeVisible();
  await expect(dialog.getByText('VIN must be 17 characters')).toBeVisible();
  await dialog.getByLabel('Unit Number').fill(UNIT);
  await dialog.getByLabel('VIN').fill(VIN);
  await dialog.getByLabel('Make').fill('Kenworth');
  await dialog.getByLabel('Model').fill('T680');
  await dialog.getByLabel('Year').fill('2022');
  await dialog.getByLabel('Plate', { exact: true }).fill('S77 7777');
  await dialog.getByLabel('Plate State').fill('TX');
  await dialog.getByLabel('IFTA Base Jurisdiction').fill('TX');
  await clickAndExpectToast(page, dialog.getByRole('button', { name: 'Add Truck' }), 'Truck created successfully');
  await expect(dialog).toBeHidden();

  // Found by its unit in the search (the address keeps it).
  await page.getByRole('searchbox').fill(UNIT);
  // The router keeps a number-like search as a JSON string ("777").
  await expect(page).toHaveURL(/search=(%22)?777/);
  const row = table.getByRole('row').filter({ hasText: VIN });
  await expect(row).toContainText('Kenworth T680 2022');
  await expect(row).toContainText('S77 7777 (TX)');
  await expect(row).toContainText('Active');

  // Assign Driver: one of the demo drivers, from today.
  await page.getByRole('button', { name: `Assign Driver: ${UNIT}` }).click();
  const assign = page.getByRole('dialog', { name: `Assign Driver to ${UNIT}` });
  await expect(assign).toBeVisible();
  await settleAnimations(page);
  await expectAccessible(page);
  const driverSelect = assign.getByRole('combobox', { name: /^Driver/ });
  await expect(driverSelect.locator('option').nth(1)).toBeAttached();
  const driverName = ((await driverSelect.locator('option').nth(1).textContent()) ?? '').trim();
  expect(driverName).not.toBe('');
  await driverSelect.selectOption({ label: driverName });
  await expect(assign.getByLabel('Start Date')).toHaveAttribute('type', 'date');
  await clickAndExpectToast(page, assign.getByRole('button', { name: 'Assign Driver' }), 'Driver assigned successfully');
  await expect(assign).toBeHidden();
  await expect(row).toContainText(driverName);

  // The truck's details hold the assignment, running.
  await page.getByRole('button', { name: `Details: ${UNIT}` }).click();
  const details = page.getByRole('dialog', { name: `Truck ${UNIT}` });
  await expect(details).toBeVisible();
  const history = details.getByRole('table', { name: 'Assignment history' });
  await expect(history.getByRole('row').filter({ hasText: driverName })).toContainText('End now');
  await settleAnimations(page);
  await expectAccessible(page);
  await details.getByRole('button', { name: 'Close' }).last().click();
  await expect(details).toBeHidden();
});

test('the Trailers screen lists the demo trailers by type, filtered by status', async ({ page }) => {
  await openAs(page, 'Dispatcher', '/trailers');
  await expect(page.getByRole('heading', { name: 'Trailers', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Trailers' });
  await expect(table.getByRole('columnheader').first()).toHaveText('Unit');
  for (const header of ['Type', 'Plate', 'Status']) {
    await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  await expect(table.getByRole('row').filter({ hasText: 'R-301' })).toContainText('Reefer');
  await page.getByLabel('Status').selectOption({ label: 'Inactive' });
  await expect(page).toHaveURL(/status=inactive/);
  await expectAccessible(page);
});

test('Trucks at 390 px: cards, no sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openAs(page, 'Dispatcher', '/trucks');
  await expect(page.getByRole('list', { name: 'Trucks' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Trucks' }).getByText('Driver:').first()).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
});
