import type { APIRequestContext } from '@playwright/test';
import {
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  expectToast,
  holdToasts,
  openAs,
  settleAnimations,
  test,
} from './support/fixtures';
import { mutate, roleApi } from './support/dispatcher-api';

/**
 * Issue 31, item 2: "A dispatcher can change the radius per stop and move the point on the Map
 * tab". A dispatcher opens a load of the journey's own on its Map tab, where each stop is listed
 * with its point and geofence; "Move point" on the delivery offers the latitude and longitude
 * (prefilled, the keyboard's and the phone's way beside dragging the marker), Save moves it, the
 * point is still there after a reload, and "Reset to ZIP/city" (confirmed) puts it back at the
 * city's centre. At a phone's width the form fits.
 */

interface Visit {
  id: string;
  role: 'pickup' | 'stop' | 'delivery';
  lat: string | null;
  lng: string | null;
}

async function stopVisits(api: APIRequestContext, loadId: string): Promise<Visit[]> {
  const response = await api.get(`/trpc/geofences.stopVisits?input=${encodeURIComponent(JSON.stringify({ loadId }))}`);
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { result: { data: { stops: Visit[] } } }).result.data.stops;
}

const fixed4 = (value: string | number | null | undefined) => Number(value).toFixed(4);

test("a dispatcher moves a delivery's geofence point on the Map tab with latitude and longitude, and resets it", async ({
  page,
  playwright,
}) => {
  test.setTimeout(240_000);
  await holdToasts(page);
  const dispatcher = await roleApi(playwright, 'Dispatcher');
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 10_000)}`;
  const today = new Date().toISOString().slice(0, 10);
  const load = await mutate<{ id: string; loadNumber: string }>(dispatcher, 'loads.create', {
    loadNumber: `POINT-${stamp}`,
    pickupLocation: '1 Front St',
    pickupCity: 'Boise',
    pickupState: 'ID',
    deliveryLocation: '2 Main St',
    deliveryCity: 'Twin Falls',
    deliveryState: 'ID',
    pickupDate: today,
    deliveryDate: today,
    commodity: 'Stop point journey freight',
    rate: '1500',
  });
  const before = (await stopVisits(dispatcher, load.id)).find((stop) => stop.role === 'delivery');
  expect(before?.lat, 'the delivery has a point from the offline gazetteer').toBeTruthy();
  const original = `${fixed4(before?.lat)}, ${fixed4(before?.lng)}`;

  await page.setViewportSize({ width: 390, height: 844 });
  await openAs(page, 'Dispatcher', `/loads?load=${load.id}`);
  const detail = page.getByRole('dialog', { name: load.loadNumber });
  // The first open of a load reads the board and the load: allow for a busy machine.
  await expect(detail).toBeVisible({ timeout: 30_000 });
  await detail.getByRole('tab', { name: 'Map' }).click();
  const points = detail.getByRole('list', { name: 'Stop points' });
  await expect(points.getByRole('listitem')).toHaveCount(2, { timeout: 30_000 });
  const delivery = points.getByRole('listitem').filter({ hasText: 'Delivery — Twin Falls, ID' });
  await expect(delivery).toContainText('Geofence: 1.00 mi around it');
  await expect(delivery.getByTestId('stop-point-coordinates')).toHaveText(original);

  // Move point: the fields hold the point as it is; type a new one (a little north-east of the city's centre).
  await delivery.getByRole('button', { name: 'Move point' }).click();
  const latitude = delivery.getByRole('textbox', { name: 'Latitude' });
  const longitude = delivery.getByRole('textbox', { name: 'Longitude' });
  await expect(latitude).toHaveValue(String(before?.lat));
  await expect(longitude).toHaveValue(String(before?.lng));
  // The stop's marker on the map can be dragged (a pointer) or moved with the arrow keys once focused.
  // MapLibre is loaded with the Map tab (a large chunk, its style and shapes): on a busy machine the
  // map is ready, and the marker made, well after a click's time.
  await expect(detail.getByTestId('map')).toHaveAttribute('data-map-status', 'ready', { timeout: 60_000 });
  const marker = detail.getByRole('button', { name: 'Delivery point: drag to move it' });
  await expect(marker).toHaveCount(1, { timeout: 30_000 });
  await expectNoHorizontalOverflow(page);
  await marker.scrollIntoViewIfNeeded();
  const box = await marker.boundingBox();
  if (box) {
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 25, box.y + box.height / 2 - 25, { steps: 8 });
    await page.mouse.up();
    await expect(latitude).not.toHaveValue(String(before?.lat));
  }

  // A point outside the US is refused beside its field, and nothing is saved.
  await longitude.fill('2.35');
  await delivery.getByRole('button', { name: 'Save' }).click();
  await expect(delivery.getByText('Pick a point in the United States', { exact: true })).toBeVisible();

  await latitude.fill('42.5801');
  await longitude.fill('-114.4502');
  await expect(delivery.getByText('Pick a point in the United States', { exact: true })).toHaveCount(0);
  // The new point is named as a place, not only as numbers.
  await expect(delivery.getByTestId('new-point-place')).toContainText('New point:');
  await expect(delivery.getByTestId('new-point-place')).toContainText('ID');
  await settleAnimations(page);
  await expectAccessible(page);
  await delivery.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Point saved');
  await expect(delivery.getByRole('textbox', { name: 'Latitude' })).toHaveCount(0);
  await expect(delivery.getByTestId('stop-point-coordinates')).toHaveText('42.5801, -114.4502');
  await expect(detail.getByRole('button', { name: 'Delivery point: drag to move it' })).toHaveCount(0);

  // Saved: after a reload the Map tab shows the moved point, and so does the API.
  await page.reload();
  const reopened = page.getByRole('dialog', { name: load.loadNumber });
  await expect(reopened).toBeVisible({ timeout: 30_000 });
  await reopened.getByRole('tab', { name: 'Map' }).click();
  const moved = reopened.getByRole('list', { name: 'Stop points' }).getByRole('listitem').filter({ hasText: 'Delivery — Twin Falls, ID' });
  await expect(moved.getByTestId('stop-point-coordinates')).toHaveText('42.5801, -114.4502', { timeout: 30_000 });
  expect((await stopVisits(dispatcher, load.id)).find((stop) => stop.role === 'delivery')).toMatchObject({
    lat: '42.580100',
    lng: '-114.450200',
  });

  // Reset to ZIP/city asks first, then puts the point back where the gazetteer has the city.
  await moved.getByRole('button', { name: 'Reset to ZIP/city' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Reset the delivery point' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Reset', exact: true }).click();
  await expectToast(page, 'Point reset to the ZIP code or city');
  await expect(moved.getByTestId('stop-point-coordinates')).toHaveText(original);
  expect((await stopVisits(dispatcher, load.id)).find((stop) => stop.role === 'delivery')).toMatchObject({
    lat: before?.lat,
    lng: before?.lng,
  });
});
