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
  signInAs,
  test,
} from './support/fixtures';
import { dispatcherApi, mutate } from './support/dispatcher-api';
import { demoDriver } from './support/demo-driver';

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
  // One name for the carrier everywhere: the sidebar names the carrier the page shows, and who dispatches it.
  const carrierName = (await page.locator('#carrier-heading').textContent())?.trim() ?? '';
  await expect(page.getByTestId('company-name').first()).toHaveText(carrierName);
  await expect(page.getByTestId('dispatching-company').first()).toHaveText('Dispatched by Summit Freight Lines');
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

const mapsLink = (address: string) => `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address)}`;

/**
 * Issue 27, item 1: the load a driver is on comes first, with what they drive by. A dispatcher
 * (through the API, as the Loads screen calls it) gives the demo driver a load of the journey's own
 * number, on the road and due before any other (a delivery date in the past), with a reference
 * number and a broker with a phone. On a phone at 390 px the driver sees it first with both
 * addresses and Navigate links into the maps app, opens it from the keyboard and sees the lane on
 * the map, marks it delivered after a confirmation (cancelled once), finds it folded into History,
 * and takes the step back with Undo. The load is cancelled at the end, so the demo driver's figures
 * stay as they were.
 */
test('at 390 px the driver sees the active load first with its stops and Navigate, opens its map, marks a step with confirmation and undoes it', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(180_000);
  const suffix = `${Date.now()}-${Math.floor(Math.random() * 10_000)}`;
  const loadNumber = `DRIVE-${suffix}`;
  const reference = `PO-${suffix}`;
  const brokerPhone = '+1 555 010 0142';
  const pickup = { location: '1200 Industrial Pkwy', city: 'Dallas', state: 'TX' };
  const delivery = { location: '88 Harbor Rd', city: 'Atlanta', state: 'GA' };
  const api = await dispatcherApi(playwright);
  let loadId = '';
  try {
    const broker = await mutate<{ id: string }>(api, 'brokers.create', {
      name: `Pat Lane ${suffix}`,
      companyName: `Lane Brokerage ${suffix}`,
      phone: brokerPhone,
    });
    const load = await mutate<{ id: string; status: string }>(api, 'loads.create', {
      loadNumber,
      referenceNumber: reference,
      pickupLocation: pickup.location,
      pickupCity: pickup.city,
      pickupState: pickup.state,
      pickupDate: '2026-01-05',
      pickupNotes: 'Dock 4, appointment 08:00',
      deliveryLocation: delivery.location,
      deliveryCity: delivery.city,
      deliveryState: delivery.state,
      deliveryDate: '2026-01-06',
      commodity: 'Driver portal journey freight',
      rate: '1400.00',
      brokerId: broker.id,
      driverId: (await demoDriver()).id,
    });
    loadId = load.id;
    await mutate(api, 'loads.changeStatus', { id: loadId, status: 'in_transit' });

    const phone = await phoneContextPage(browser);
    await holdToasts(phone);
    await openAs(phone, 'Driver', '/driver-portal');
    await expect(phone.getByRole('heading', { level: 1, name: 'Driver Portal' })).toBeVisible({ timeout: 30_000 });

    // The active load first, above the figures, in full: both stops, the reference, the broker's phone.
    const active = phone.getByTestId('active-load');
    const open = active.getByRole('button', { name: `Open load ${loadNumber}` });
    await expect(open).toBeVisible({ timeout: 30_000 });
    const activeBox = await active.boundingBox();
    const figuresBox = await phone.getByText('Total Earnings', { exact: true }).boundingBox();
    expect(activeBox && figuresBox && activeBox.y < figuresBox.y).toBe(true);
    await expect(active.getByTestId('stop-pickup-address')).toHaveText(pickup.location);
    await expect(active.getByTestId('stop-delivery-address')).toHaveText(delivery.location);
    await expect(active.getByTestId('stop-pickup')).toContainText('Dallas, TX');
    await expect(active.getByTestId('stop-pickup')).toContainText('Dock 4, appointment 08:00');
    await expect(active.getByTestId('stop-delivery')).toContainText('Atlanta, GA');
    await expect(active.getByTestId('load-reference')).toHaveText(reference);
    await expect(active.getByRole('link', { name: `Phone the broker of ${loadNumber}: ${brokerPhone}` })).toHaveAttribute(
      'href',
      `tel:${brokerPhone}`,
    );
    const navigate = active.getByRole('link', { name: new RegExp(`^Navigate to pickup of ${loadNumber}`) });
    await expect(navigate).toHaveAttribute('href', mapsLink(`${pickup.location}, ${pickup.city}, ${pickup.state}`));
    await expect(navigate).toHaveAttribute('target', '_blank');
    await expect(navigate).toHaveAttribute('rel', /noopener/);
    await expect(active.getByRole('link', { name: new RegExp(`^Navigate to delivery of ${loadNumber}`) })).toHaveAttribute(
      'href',
      mapsLink(`${delivery.location}, ${delivery.city}, ${delivery.state}`),
    );
    await expectNoHorizontalOverflow(phone);

    // Opened from the keyboard: the load's detail, with its stops and the lane on the map.
    await open.focus();
    await phone.keyboard.press('Enter');
    const detail = phone.getByRole('dialog', { name: `Load ${loadNumber}` });
    await expect(detail).toBeVisible();
    await expect(detail.getByRole('link', { name: new RegExp(`^Navigate to delivery of ${loadNumber}`) })).toHaveAttribute(
      'href',
      mapsLink(`${delivery.location}, ${delivery.city}, ${delivery.state}`),
    );
    await expect(detail.getByTestId('map')).toHaveAttribute('data-map-status', 'ready', { timeout: MAP_READY_TIMEOUT });
    await expect(detail.getByTestId('map-label')).toHaveText(['Pickup: Dallas, TX', 'Delivery: Atlanta, GA']);
    await expectNoHorizontalOverflow(phone);
    await phone.keyboard.press('Escape');
    await expect(detail).toBeHidden();
    await expect(open).toBeFocused();

    // A step asks first: cancelled, nothing changes.
    const markDelivered = active.getByRole('button', { name: `Mark Delivered: ${loadNumber}` });
    await markDelivered.click();
    const confirm = phone.getByRole('alertdialog', { name: 'Mark Delivered?' });
    await expect(confirm).toContainText(`Mark load ${loadNumber} as Delivered (now In Transit)`);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(markDelivered).toBeVisible();

    // Confirmed: delivered, folded into History, with Undo offered (and focused) for a minute.
    await markDelivered.click();
    await confirm.getByRole('button', { name: 'Mark Delivered' }).click();
    await expectToast(phone, 'Status Updated', `${loadNumber} is Delivered`);
    const undo = phone.getByRole('button', { name: `Undo: ${loadNumber} marked Delivered` });
    await expect(undo).toBeVisible();
    await expect(undo).toBeFocused();
    await expect(phone.getByTestId('undo-banner')).toContainText(`${loadNumber} marked Delivered.`);
    await expect(phone.getByRole('button', { name: `Open load ${loadNumber}` })).toHaveCount(0);
    const history = phone.getByRole('button', { name: /^History \(\d+\)$/ });
    await expect(history).toHaveAttribute('aria-expanded', 'false');
    await history.click();
    await expect(history).toHaveAttribute('aria-expanded', 'true');
    const past = phone.locator('#load-history-list').getByRole('button', { name: `Open load ${loadNumber}` });
    await expect(past).toContainText('Delivered');
    await history.click();
    await expect(past).toHaveCount(0);
    await settleAnimations(phone);
    await expectAccessible(phone);

    // Undo: back on the road, the active load again.
    await undo.click();
    await expectToast(phone, 'Status Updated', `${loadNumber} is back to In Transit`);
    await expect(phone.getByTestId('undo-banner')).toHaveCount(0);
    await expect(open).toBeVisible();
    await expect(markDelivered).toBeVisible();
    await expectNoHorizontalOverflow(phone);
    await phone.context().close();
  } finally {
    if (loadId) await mutate(api, 'loads.changeStatus', { id: loadId, status: 'cancelled' });
    await api.dispose();
  }
});
