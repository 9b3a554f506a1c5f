import { readFileSync } from 'node:fs';
import type { APIRequestContext, Cookie } from '@playwright/test';
import { baseURL } from './support/environment';
import { demoDriver } from './support/demo-driver';
import { expect, openAs, sessionFile, test } from './support/fixtures';

/**
 * Issue 13: a status change shows a notification to the driver's session. The demo driver keeps
 * the driver portal open on a phone; a dispatcher (through the API, as the Loads screen calls it)
 * gives them a new load and moves it along; the driver's bell counts up live and its list says
 * what happened. The load is cancelled at the end, so the demo driver's figures stay as they were.
 */
test.use({ viewport: { width: 390, height: 844 } });

/** A tRPC mutation over HTTP with the dispatcher's session, from the app's own origin (as the browser sends it). */
async function mutate<T>(request: APIRequestContext, path: string, input: unknown): Promise<T> {
  const response = await request.post(`/trpc/${path}`, { data: input, headers: { origin: baseURL } });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { result: { data: T } }).result.data;
}

test("a dispatcher's status change reaches the driver's open portal as a notification", async ({ page, playwright }) => {
  test.slow();
  await page.addInitScript(() => window.localStorage.setItem('notification-prompt-dismissed', 'true'));
  await openAs(page, 'Driver', '/driver-portal');
  await expect(page.getByRole('heading', { name: 'Driver Portal', level: 1 })).toBeVisible();
  const bell = page.getByRole('button', { name: /^Notifications/ }).filter({ visible: true });
  const unread = async () => Number(/(\d+) unread/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1] ?? 0);
  const before = await unread();

  const { cookies } = JSON.parse(readFileSync(sessionFile('Dispatcher'), 'utf8')) as { cookies: Cookie[] };
  const dispatcher = await playwright.request.newContext({ baseURL, storageState: { cookies, origins: [] } });
  const loadNumber = `NOTE-${Date.now()}`;
  let loadId = '';
  try {
    const load = await mutate<{ id: string }>(dispatcher, 'loads.create', {
      loadNumber,
      pickupLocation: '100 Main St',
      pickupCity: 'Dallas',
      pickupState: 'TX',
      deliveryLocation: '200 Peachtree St',
      deliveryCity: 'Atlanta',
      deliveryState: 'GA',
      rate: '1200.00',
      driverId: (await demoDriver()).id,
    });
    loadId = load.id;
    await mutate(dispatcher, 'loads.changeStatus', { id: loadId, status: 'assigned' });
    await mutate(dispatcher, 'loads.changeStatus', { id: loadId, status: 'in_transit' });

    // Live: the bell counts both (assigned to them, then the status change) without a reload.
    await expect.poll(unread, { timeout: 15_000 }).toBeGreaterThanOrEqual(before + 2);
    await bell.click();
    const list = page
      .getByRole('dialog', { name: 'Notifications' })
      .or(page.getByLabel('Notifications', { exact: true }))
      .first();
    await expect(list.getByText(`Load ${loadNumber} assigned to you`)).toBeVisible();
    await expect(list.getByText(`Load ${loadNumber} status changed from Assigned to In Transit`)).toBeVisible();
    // The portal lists the new load too (the live channel re-read it).
    await page.keyboard.press('Escape');
    await expect(page.getByText(loadNumber, { exact: true })).toBeVisible();
  } finally {
    if (loadId) await mutate(dispatcher, 'loads.changeStatus', { id: loadId, status: 'cancelled' });
    await dispatcher.dispose();
  }
});
