import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect, expectAccessible, expectToast, openAs, settleAnimations, test } from './support/fixtures';
import { demoDriver } from './support/demo-driver';
import { mutate, roleApi } from './support/dispatcher-api';

/**
 * Issue 31, item 6: "simulated phone positions move a load to picked up and delivered, detention
 * appears, and the dispatcher adds it to the invoice". With the company's automatic statuses on
 * (an admin's setting, put back at the end), the demo driver's phone reports, in one batch as the
 * offline queue sends it, a day's track of a load of the journey's own: two minutes and more at the
 * pickup, away, then three hours at the delivery (the broker allows two, at $75 an hour), and away.
 * The dispatcher sees the arrivals and departures on the load's history "by System", the load
 * delivered, an hour of detention with its amount, and adds it to the load's charges with one click:
 * the charge names the arrival and departure times (the evidence the invoice carries).
 */

interface Visit {
  id: string;
  role: 'pickup' | 'stop' | 'delivery';
  lat: string | null;
  lng: string | null;
  arrivedAt: string | null;
  departedAt: string | null;
  detentionHours: string;
  detentionAmount: string | null;
}

async function query<T>(api: APIRequestContext, path: string, input?: unknown): Promise<T> {
  const response = await api.get(`/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`);
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { result: { data: T } }).result.data;
}

/** A point `miles` north of a stop's point. */
const north = (stop: Visit, miles: number) => ({ lat: Number(stop.lat) + miles / 69, lng: Number(stop.lng) });

test('phone positions move a load to picked up and delivered, and the dispatcher bills the detention', async ({ page, playwright }) => {
  test.setTimeout(150_000);
  const admin = await roleApi(playwright, 'Admin');
  const dispatcher = await roleApi(playwright, 'Dispatcher');
  const driver = await roleApi(playwright, 'Driver');
  const settings = await query<{
    radiusMiles: string;
    arrivalDwellMinutes: number;
    departureDwellMinutes: number;
    autoStatus: boolean;
    detentionFreeHours: string;
  }>(admin, 'geofences.settings');
  const { radiusMiles, arrivalDwellMinutes, departureDwellMinutes, detentionFreeHours } = settings;
  await mutate(admin, 'geofences.updateSettings', {
    radiusMiles: '1',
    arrivalDwellMinutes: 2,
    departureDwellMinutes: 3,
    autoStatus: true,
    detentionFreeHours: '2',
  });
  try {
    const stamp = `${Date.now()}-${Math.floor(Math.random() * 10_000)}`;
    const broker = await mutate<{ id: string; name: string }>(dispatcher, 'brokers.create', { name: `Fence Broker ${stamp}` });
    await mutate(dispatcher, 'geofences.setBrokerTerms', { brokerId: broker.id, detentionFreeHours: '2', detentionRate: '75' });
    const driverId = (await demoDriver()).id;
    const today = new Date().toISOString().slice(0, 10);
    const load = await mutate<{ id: string; loadNumber: string }>(dispatcher, 'loads.create', {
      loadNumber: `FENCE-${stamp}`,
      pickupLocation: '1 Front St',
      pickupCity: 'Boise',
      pickupState: 'ID',
      deliveryLocation: '2 Main St',
      deliveryCity: 'Twin Falls',
      deliveryState: 'ID',
      pickupDate: today,
      deliveryDate: today,
      commodity: 'Fence journey freight',
      rate: '1500',
      brokerId: broker.id,
      driverId,
    });
    const { stops } = await query<{ stops: Visit[] }>(dispatcher, 'geofences.stopVisits', { loadId: load.id });
    const pickup = stops.find((stop) => stop.role === 'pickup');
    const delivery = stops.find((stop) => stop.role === 'delivery');
    expect(pickup?.lat, 'the pickup has a point from the offline gazetteer').toBeTruthy();
    expect(delivery?.lat, 'the delivery has a point from the offline gazetteer').toBeTruthy();
    if (!pickup || !delivery) return;

    // The day's track, minutes before now: at the pickup 10 min, away; at the delivery 3 h, away.
    const now = Date.now();
    const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
    const track: { recordedAt: string; lat: number; lng: number }[] = [];
    for (let minute = 360; minute >= 350; minute -= 1) track.push({ recordedAt: at(minute), ...north(pickup, 0.1) });
    for (let minute = 345; minute >= 330; minute -= 1) track.push({ recordedAt: at(minute), ...north(pickup, 8) });
    for (let minute = 240; minute >= 60; minute -= 5) track.push({ recordedAt: at(minute), ...north(delivery, 0.2) });
    for (let minute = 55; minute >= 45; minute -= 1) track.push({ recordedAt: at(minute), ...north(delivery, 6) });
    const positions = track.map((fix) => ({ idempotencyKey: randomUUID(), accuracy: 12, ...fix }));
    expect(positions.length).toBeLessThanOrEqual(100);
    // Another journey may have the demo driver's sharing off for a moment: the phone's queue sends again.
    await expect
      .poll(async () => (await driver.post('/trpc/positions.report', { data: { positions } })).status(), { timeout: 30_000 })
      .toBe(200);

    const visits = await query<{ stops: Visit[] }>(dispatcher, 'geofences.stopVisits', { loadId: load.id });
    const [seenPickup, seenDelivery] = [visits.stops[0], visits.stops.at(-1)];
    // Stamped with the first position inside (arrival) and the first outside (departure), not when the dwell ran out.
    const times = (visit: Visit | undefined) => [visit?.arrivedAt, visit?.departedAt].map((time) => (time ? Date.parse(time) : null));
    expect(times(seenPickup)).toEqual([at(360), at(345)].map(Date.parse));
    expect(times(seenDelivery)).toEqual([at(240), at(55)].map(Date.parse));
    // 185 minutes there, 120 free: 65 minutes at $75 an hour.
    expect(seenDelivery?.detentionHours).toBe('1.08');
    expect(seenDelivery?.detentionAmount).toBe('81.25');

    await openAs(page, 'Dispatcher', `/loads?load=${load.id}`);
    const detail = page.getByRole('dialog', { name: load.loadNumber });
    // The first open of a load reads the board and the load: allow for a busy machine.
    await expect(detail).toBeVisible({ timeout: 30_000 });
    await expect(detail).toContainText('Delivered');
    const arrivals = detail.getByRole('list', { name: 'Arrivals and detention' });
    await expect(arrivals.getByRole('listitem')).toHaveCount(2);
    const deliveryItem = arrivals.getByRole('listitem').filter({ hasText: 'Delivery — Twin Falls, ID' });
    await expect(deliveryItem).toContainText('Time there: 3 h 5 min (2.00 h free)');
    await expect(deliveryItem).toContainText('Detention: 1.08 h · $81.25');
    await page.mouse.move(0, 0);
    await settleAnimations(page);
    await expectAccessible(page);

    // One click puts the detention on the load's charges, with the times as evidence.
    await deliveryItem.getByRole('button', { name: 'Add detention to invoice' }).click();
    await expectToast(page, 'Detention added to the load’s charges');
    await expect(deliveryItem).toContainText('on the invoice');
    await expect(deliveryItem.getByRole('button', { name: 'Add detention to invoice' })).toHaveCount(0);
    const updated = await query<{ rate: string; accessorials: { type: string; description: string | null; amount: string }[] }>(
      dispatcher,
      'loads.get',
      { id: load.id },
    );
    const charge = updated.accessorials.find((item) => item.type === 'detention');
    expect(charge?.amount).toBe('81.25');
    expect(charge?.description).toMatch(/arrived .+, departed .+/);
    expect(updated.rate).toBe('1581.25');
    await expect(detail).toContainText('$81.25');

    // The history names the arrivals and departures, made by the system.
    await detail.getByRole('tab', { name: 'Status & Updates' }).click();
    await expect(detail.getByText(/Arrived at pickup/).first()).toBeVisible();
    await expect(detail.getByText(/Departed delivery/).first()).toBeVisible();
    await expect(detail.getByText(/by System/).first()).toBeVisible();
  } finally {
    await mutate(admin, 'geofences.updateSettings', {
      radiusMiles,
      arrivalDwellMinutes,
      departureDwellMinutes,
      autoStatus: settings.autoStatus,
      detentionFreeHours,
    });
    await Promise.all([admin.dispose(), dispatcher.dispose(), driver.dispose()]);
  }
});
