import type { Locator, Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  expectToast,
  fillLoadNumber,
  openAs,
  preferLoadCards,
  settleAnimations,
  test,
} from './support/fixtures';

/**
 * Issue 26, item 3: a load with real stops. A dispatcher creates a load with three stops (a pickup,
 * a drop on the way, the delivery) with appointment windows, equipment and a line haul; edits it
 * to add an accessorial charge (the total follows as it is typed, and the load's rate is the new
 * total); reads every stop on the Details tab; and sees every stop on the Map tab at 1440 px. At
 * 375 px the dialog with its stops fits the phone without scrolling sideways. Each load carries a
 * unique number, so journeys running in parallel never find each other's loads.
 */

/** Drawing the first map compiles WebGL shaders in software: slow on a busy machine. */
const MAP_READY_TIMEOUT = 60_000;

const uniqueNumber = (label: string) => `LOAD-STOPS-${label}-${Date.now()}-${Math.floor(Math.random() * 1000)}`;

async function openCreateLoad(page: Page): Promise<Locator> {
  await preferLoadCards(page);
  // By address: on a phone the main navigation is in the menu drawer.
  await page.goto('/loads');
  await expect(page.getByRole('heading', { level: 1, name: 'Loads' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Create Load' }).click();
  return page.getByRole('dialog', { name: 'Create Load' });
}

/** Fills a stop's place and appointment; `title` is how its labels start ("Pickup", "Stop 2", "Delivery"). */
async function fillStop(
  dialog: Locator,
  title: string,
  stop: { address: string; city: string; state: string; date: string; from?: string; to?: string; fcfs?: boolean },
) {
  await dialog.getByLabel(`${title} Address`).fill(stop.address);
  await dialog.getByLabel(`${title} City`).fill(stop.city);
  await dialog.getByLabel(`${title} State`).fill(stop.state);
  await dialog.getByLabel(`${title} Date`).fill(stop.date);
  if (stop.fcfs) {
    await dialog.getByText(`${title}: first come, first served`).click();
  } else {
    if (stop.from) await dialog.getByLabel(`${title} From`).fill(stop.from);
    if (stop.to) await dialog.getByLabel(`${title} To`).fill(stop.to);
  }
}

test('a multi-stop load is created, edited with an accessorial, and shown stop by stop on the Details and Map tabs', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openAs(page, 'Dispatcher');
  const loadNumber = uniqueNumber('desk');
  const dialog = await openCreateLoad(page);
  await fillLoadNumber(dialog, loadNumber);

  // Two stops to begin with; "Add stop" puts a drop before the delivery.
  await expect(dialog.getByTestId('stop-title')).toHaveText(['1. Pickup', '2. Delivery']);
  await dialog.getByRole('button', { name: 'Add stop' }).click();
  await expect(dialog.getByTestId('stop-title')).toHaveText(['1. Pickup', '2. Stop 2', '3. Delivery']);
  await fillStop(dialog, 'Pickup', {
    address: '1200 Industrial Pkwy',
    city: 'Dallas',
    state: 'TX',
    date: '2026-12-01',
    from: '08:00',
    to: '10:00',
  });
  await dialog.getByLabel('Pickup Facility').fill('Lone Star Foods DC');
  await dialog.getByLabel('Pickup Pickup #').fill('PU-4471');
  await fillStop(dialog, 'Stop 2', { address: '40 Riverside Dr', city: 'Memphis', state: 'TN', date: '2026-12-02', fcfs: true });
  await dialog.getByLabel('Stop 2 PO #').fill('PO-2290');
  await fillStop(dialog, 'Delivery', {
    address: '88 Harbor Rd',
    city: 'Atlanta',
    state: 'GA',
    date: '2026-12-03',
    from: '14:00',
    to: '16:30',
  });
  await dialog.getByLabel('Delivery Contact').fill('Maria Lopez');

  // Equipment: a reefer asks for its temperature.
  await expect(dialog.getByLabel('Temperature (°F)')).toHaveCount(0);
  await dialog.getByRole('combobox', { name: 'Equipment' }).selectOption({ label: 'Reefer' });
  await dialog.getByLabel('Temperature (°F)').fill('34');
  await dialog.getByLabel('Line Haul (USD)').fill('2400');
  await expect(dialog.getByTestId('rate-total')).toHaveText('Total rate: $2,400.00');
  await dialog.getByRole('button', { name: 'Create Load' }).click();
  await expectToast(page, 'Load created successfully');
  await expect(dialog).toBeHidden();

  // Opened from its card: every stop in order on the Details tab, with its window and references.
  await page.getByRole('searchbox', { name: 'Search' }).fill(loadNumber);
  const card = page.getByRole('list', { name: 'Loads' }).getByRole('button').filter({ hasText: loadNumber });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Dallas, TX');
  await expect(card).toContainText('Atlanta, GA');
  await card.click();
  const detail = page.getByRole('dialog', { name: loadNumber });
  const stops = detail.getByRole('list', { name: 'Stops' }).getByRole('listitem');
  await expect(stops).toHaveCount(3);
  await expect(stops.nth(0)).toContainText('1. Pickup — Lone Star Foods DC');
  await expect(stops.nth(0)).toContainText('Dec 1, 2026, 08:00–10:00');
  await expect(stops.nth(0)).toContainText('Pickup # PU-4471');
  await expect(stops.nth(1)).toContainText('2. Stop 2 · Drop');
  await expect(stops.nth(1)).toContainText('Memphis, TN');
  await expect(stops.nth(1)).toContainText('Dec 2, 2026, first come, first served');
  await expect(stops.nth(1)).toContainText('PO PO-2290');
  await expect(stops.nth(2)).toContainText('3. Delivery');
  await expect(stops.nth(2)).toContainText('Dec 3, 2026, 14:00–16:30');
  await expect(stops.nth(2)).toContainText('Contact: Maria Lopez');
  await expect(detail).toContainText(/Reefer at 34(\.0)? °F/);
  await expect(detail).toContainText('$2,400.00');

  // Edit: add a fuel surcharge; the total follows as it is typed, and the load's rate is the total.
  await detail.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Load' });
  await expect(edit.getByTestId('stop-title')).toHaveText(['1. Pickup', '2. Stop 2', '3. Delivery']);
  await expect(edit.getByLabel('Stop 2 City')).toHaveValue('Memphis');
  await edit.getByRole('button', { name: 'Add charge' }).click();
  await edit.getByRole('combobox', { name: 'Charge 1', exact: true }).selectOption({ label: 'Fuel surcharge' });
  await edit.getByLabel('Charge 1 Amount (USD)').fill('185.50');
  await expect(edit.getByTestId('rate-total')).toHaveText('Total rate: $2,585.50');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Load updated successfully');
  await expect(edit).toBeHidden();
  await detail.getByRole('tab', { name: 'Details' }).click();
  await expect(detail).toContainText('Fuel surcharge');
  await expect(detail).toContainText('$185.50');
  await expect(detail).toContainText('$2,585.50');

  // The Map tab: every stop, in order, on the map and below it.
  await detail.getByRole('tab', { name: 'Map' }).click();
  await expect(detail.getByTestId('map')).toHaveAttribute('data-map-status', 'ready', { timeout: MAP_READY_TIMEOUT });
  await expect(detail.getByTestId('map-label')).toHaveText(['Pickup: Dallas, TX', 'Stop 2 (drop): Memphis, TN', 'Delivery: Atlanta, GA']);
  await expect(detail.getByTestId('route-stops').getByRole('listitem')).toHaveText([
    '1. Pickup: Dallas, TX',
    '2. Stop 2 (drop): Memphis, TN',
    '3. Delivery: Atlanta, GA',
  ]);
  await expect(detail.getByTestId('straight-line-distance')).toContainText(/Straight-line distance through every stop: [\d,]+ mi/);
  await settleAnimations(page);
  await expectAccessible(page);
});

test('at 375 px the load dialog with three stops and a charge fits the phone', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 800 });
  await openAs(page, 'Dispatcher');
  const dialog = await openCreateLoad(page);
  await dialog.getByRole('button', { name: 'Add stop' }).click();
  await dialog.getByRole('button', { name: 'Add charge' }).click();
  await expect(dialog.getByTestId('stop-title')).toHaveCount(3);
  await dialog.getByLabel('Stop 2 City').fill('Memphis');
  // Move the stop between up: it becomes the pickup, and the first stop the one between.
  await dialog.getByRole('button', { name: 'Move Stop 2 up' }).click();
  await expect(dialog.getByLabel('Pickup City')).toHaveValue('Memphis');
  await dialog.getByRole('button', { name: 'Remove Stop 2' }).click();
  await expect(dialog.getByTestId('stop-title')).toHaveText(['1. Pickup', '2. Delivery']);
  await expect(dialog.getByRole('button', { name: 'Remove Pickup' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Add stop' }).click();
  await settleAnimations(page);
  await expectNoHorizontalOverflow(page);
  await dialog.getByLabel('Delivery Address').scrollIntoViewIfNeeded();
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
});
