import type { Browser, Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  expectToast,
  holdToasts,
  openAs,
  quietContext,
  settleAnimations,
  signInAs,
  test,
} from './support/fixtures';

/** A one-pixel PNG: a photo as far as the upload checks go. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/**
 * The driver on a phone gives location-sharing consent with a mocked geolocation (Playwright's
 * context geolocation and permission), the phone reports its position, and the dispatcher's fleet
 * map finds the driver there, green (Active). The carrier user's portal shows its carrier. Axe on
 * each screen. The demo seed links driver@summit.demo to a driver with loads and carrier@summit.demo
 * to a carrier's driver (server/src/seed/demo-fleet.ts).
 */

const MAP_READY_TIMEOUT = 60_000;
/** Somewhere no seeded driver is: Tulsa, a few decimals off. */
const HERE = { latitude: 36.1539, longitude: -95.9928 };

async function phoneContextPage(browser: Browser): Promise<Page> {
  const context = await quietContext(browser, {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    geolocation: HERE,
    permissions: ['geolocation'],
  });
  return context.newPage();
}

test('a driver on a phone turns location sharing off and on, reports a position, and the dispatcher sees it on the fleet map', async ({
  browser,
  page,
}) => {
  test.setTimeout(150_000);
  const phone = await phoneContextPage(browser);
  await holdToasts(phone);
  await openAs(phone, 'Driver', '/driver-portal');
  await expect(phone.getByRole('heading', { level: 1, name: 'Driver Portal' })).toBeVisible({ timeout: 30_000 });
  for (const figure of ['Total Earnings', 'Pending Payments', 'Active Loads', 'Miles This Month']) {
    await expect(phone.getByText(figure, { exact: true })).toBeVisible();
  }
  await expect(phone.getByRole('heading', { name: 'Dispatcher' })).toBeVisible();
  await expect(phone.getByRole('link', { name: /^Call / })).toHaveAttribute('href', /^tel:/);
  await expect(phone.getByRole('link', { name: /^Text / })).toHaveAttribute('href', /^sms:/);
  const welcome = await phone.getByText(/^Welcome, /).textContent();
  const driverName = (welcome ?? '').replace(/^Welcome, /, '').trim();
  expect(driverName).not.toBe('');

  // The seed left sharing on: turn it off, then on again through the consent dialog.
  const sharing = phone.getByRole('checkbox', { name: 'Share my location' });
  await expect(sharing).toBeChecked();
  await phone.getByText('Share my location', { exact: true }).click();
  await expectToast(phone, 'Location Sharing Disabled');
  await expect(sharing).not.toBeChecked();
  await phone.getByRole('button', { name: 'Enable Location Sharing' }).click();
  const dialog = phone.getByRole('dialog', { name: 'Share your location?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Allow' }).click();
  await expectToast(phone, 'Location Sharing Enabled');
  await expect(sharing).toBeChecked();

  // The phone reports where it is: the current location card shows it, as a place with its age
  // (named by the server: a driver may not ask geo.describe), the coordinates under it.
  await expect(phone.getByTestId('current-coordinates')).toHaveText(`${HERE.latitude.toFixed(4)}, ${HERE.longitude.toFixed(4)}`, {
    timeout: 30_000,
  });
  await expect(phone.getByTestId('current-location')).toHaveText(/^Tulsa, OK · \d+ min ago$/);
  await settleAnimations(phone);
  await expectAccessible(phone);

  // The dispatcher's fleet map finds the driver, Active, at that position.
  await openAs(page, 'Dispatcher', '/fleet-map');
  await expect(page.getByRole('heading', { level: 1, name: 'Fleet Map' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('fleet-map')).toHaveAttribute('data-map-status', 'ready', { timeout: MAP_READY_TIMEOUT });
  await page.getByRole('searchbox', { name: 'Search drivers' }).fill(driverName);
  const drivers = page.getByRole('region', { name: /^Drivers/ }).or(page.locator('section[aria-labelledby="fleet-drivers-heading"]'));
  const row = drivers.first().getByRole('button', { name: new RegExp(driverName) });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(row).toContainText('Active');
  // Places, not coordinates: the row names the driver's place and its age under the name.
  await expect(row).toContainText(/Tulsa, OK · \d+ min ago/);
  await expect(page.getByTestId('fleet-count-active')).toHaveText('1');
  await row.click();
  const panel = page.getByTestId('fleet-driver-panel');
  await expect(panel.getByRole('heading', { name: driverName })).toBeVisible();
  await expect(panel.getByTestId('fleet-driver-place')).toHaveText(/^Tulsa, OK · \d+ min ago$/);
  await expect(panel).toContainText(`${HERE.latitude.toFixed(4)}, ${HERE.longitude.toFixed(4)}`);
  await expect(panel.getByRole('link', { name: `Call ${driverName}` })).toHaveAttribute('href', /^tel:/);
  await expect(page.getByTestId('fleet-map')).toHaveAttribute('data-markers', '1', { timeout: 20_000 });
  await settleAnimations(page);
  await expectAccessible(page);

  // The driver moves: the open fleet map follows live (no reload), by reading only the drivers
  // that changed (fleet.changed, merged into the list), not the whole list again.
  const deltaRead = page.waitForRequest((request) => request.url().includes('fleet.changed'), { timeout: 45_000 });
  await phone.context().setGeolocation({ latitude: 36.2, longitude: -95.8 });
  await expect(panel).toContainText('36.2000, -95.8000', { timeout: 45_000 });
  // Only the new position is named (the list's other drivers were named once).
  await expect(panel.getByTestId('fleet-driver-place')).toHaveText(/^10 mi NE of Tulsa, OK · \d+ min ago$/);
  await deltaRead;
  await phone.context().close();
});

test('the carrier user sees its carrier, contract badge, drivers and loads', async ({ page }) => {
  await signInAs(page, { email: 'carrier@summit.demo', password: 'haulwise-demo' });
  await page.goto('/carrier-portal');
  await expect(page.getByRole('heading', { level: 1, name: 'Carrier Portal' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Contract Signed', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Drivers' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Assigned Loads' })).toBeVisible();
  await settleAnimations(page);
  await expectAccessible(page);

  // A proof of delivery from the carrier's phone, for one of its loads.
  await holdToasts(page);
  const loads = page.getByRole('table', { name: 'Assigned Loads' });
  // Only a load a POD fits (picked up, in transit or delivered) offers the upload (issue 27, item 3).
  const podInput = loads.locator('[data-testid^="pod-input-"]').first();
  const loadNumber = ((await podInput.getAttribute('data-testid')) ?? '').replace(/^pod-input-/, '');
  const podRow = loads.getByRole('row').filter({ has: page.getByTestId(`pod-input-${loadNumber}`) });
  await expect(podRow.getByRole('cell').nth(4)).toHaveText(/Picked|In Transit|Delivered/i);
  const name = `carrier-pod-${Date.now()}.png`;
  await page.getByTestId(`pod-input-${loadNumber}`).setInputFiles({ name, mimeType: 'image/png', buffer: TINY_PNG });
  await expectToast(page, 'Document Uploaded', `Proof of delivery for ${loadNumber}`);
});

test('an account with no carrier is told so on the carrier portal', async ({ page }) => {
  await openAs(page, 'Dispatcher', '/carrier-portal');
  await expect(page.getByText('No carrier association found for this user', { exact: true })).toBeVisible({ timeout: 30_000 });
});
