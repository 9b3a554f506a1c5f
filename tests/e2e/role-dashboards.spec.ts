import type { Page } from '@playwright/test';
import { expect, expectAccessible, openAs, settleAnimations, test } from './support/fixtures';

/**
 * Each role lands on its own dashboard from /dashboard and sees its figures from the demo
 * workspace: the sales agent their own carriers, drivers, conversion and commission; the
 * dispatcher the company's active loads and driver locations; both the WIP panel.
 */

const statValue = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Counters' })
    .locator('div', { has: page.getByText(label, { exact: true }) })
    .last();

test('a sales agent lands on the Sales Dashboard with their own figures, My Active Loads and their WIP requests', async ({ page }) => {
  // It took 55–58 s in full runs on 2 cores (an axe scan, a load opened, the page reloaded): more than the default minute.
  test.setTimeout(120_000);
  await openAs(page, 'Sales agent');
  await expect(page).toHaveURL(/\/sales-dashboard$/);
  await expect(page.getByRole('heading', { name: 'Sales Dashboard', level: 1 })).toBeVisible();
  for (const label of ['Carriers Onboarded', 'Drivers Onboarded']) await expect(statValue(page, label)).toContainText(/\d+/);
  await expect(statValue(page, 'Conversion Rate')).toContainText(/\d+%/);
  await expect(statValue(page, 'My Commission')).toContainText(/\$[\d,]+\.\d{2}/);
  const loads = page.getByRole('table', { name: 'My Active Loads' });
  await expect(loads).toBeVisible();
  await expect(loads.getByRole('row').nth(1)).toContainText(/→/);
  expect(await loads.getByRole('row').count()).toBeLessThanOrEqual(11);
  await expect(page.getByText('Your pending assignment requests', { exact: true })).toBeVisible();
  await settleAnimations(page);
  await expectAccessible(page);

  // A row opens its load: the number links to the Loads screen with that load's detail open (in the
  // address, so Back and a reload keep it); closing it leaves the list.
  const link = loads.getByRole('row').nth(1).getByRole('link');
  const loadNumber = (await link.innerText()).trim();
  await link.click();
  await expect(page).toHaveURL(/\/loads\?load=[0-9a-f-]{36}$/);
  const detail = page.getByRole('dialog', { name: loadNumber });
  // The Loads screen and the load's dialog load on demand: on a busy machine well over 10 s.
  await expect(detail).toBeVisible({ timeout: 30_000 });
  await page.reload();
  // A reload reads the app, the board and the load again: on a busy machine that took over 20 s.
  await expect(page.getByRole('dialog', { name: loadNumber })).toBeVisible({ timeout: 45_000 });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: loadNumber })).toBeHidden();
  await expect(page).toHaveURL(/\/loads$/);
});

test('a dispatcher lands on the Dispatch Dashboard: counters, active loads with driver and broker, driver locations', async ({ page }) => {
  await openAs(page, 'Dispatcher');
  await expect(page).toHaveURL(/\/dispatch-dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dispatch Dashboard', level: 1 })).toBeVisible();
  for (const label of ['Active Loads', 'Available Drivers', 'In Transit', 'Pending WIP'])
    await expect(statValue(page, label)).toContainText(/\d+/);
  const active = page.getByRole('table', { name: 'Active Loads' });
  await expect(active.getByRole('row').nth(1)).toBeVisible();
  expect(await active.getByRole('row').count()).toBeLessThanOrEqual(11);
  const locations = page.getByRole('table', { name: 'Driver Locations' });
  // The latest reported first: coordinates to 4 decimals and the age as minutes, hours or days.
  await expect(locations.getByRole('row').nth(1)).toContainText(/-?\d+\.\d{4}, -?\d+\.\d{4}/);
  await expect(locations.getByRole('row').nth(1)).toContainText(/\d+ (min|h|d) ago/);
  // Places, not coordinates: the town near the driver reads first, the coordinates under it.
  await expect(locations.getByRole('row').nth(1)).toContainText(/(\d+ mi (N|NE|E|SE|S|SW|W|NW) of )?[A-Z][^,]*, [A-Z]{2}/);
  await expect(page.getByText('Your pending assignment requests', { exact: true })).toBeVisible();
  await settleAnimations(page);
  await expectAccessible(page);
});
