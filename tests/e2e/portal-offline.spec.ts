import { expect, openAs, test } from './support/fixtures';

/**
 * Issue 14: the driver portal opens offline with the last data it showed. The service worker
 * (client/public/sw.js) serves the shell and its assets; the portal's last answers come back from
 * the tab's snapshot (client/src/lib/offline-snapshot.ts); the shell says the device is offline.
 */
test.use({ viewport: { width: 390, height: 844 } });

test('a driver reopens the portal without a connection and sees the last known data', async ({ page, context }) => {
  test.slow();
  await openAs(page, 'Driver', '/driver-portal');
  await expect(page.getByRole('heading', { name: 'Driver Portal', level: 1 })).toBeVisible();
  const firstLoad = page.getByText(/^SFL-\d{4}-\d{4}$/).first();
  await expect(firstLoad).toBeVisible();
  const loadNumber = (await firstLoad.textContent()) ?? '';

  // The worker controls the tab and has the assets; the snapshot is written.
  await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistration())?.active?.state === 'activated');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.waitForFunction((number) => (window.localStorage.getItem('haulwise-offline-snapshot-v1') ?? '').includes(number), loadNumber);
  await page.waitForFunction(async () => {
    const cache = await caches.open('haulwise-shell-v1');
    const cached = new Set((await cache.keys()).map((request) => new URL(request.url).pathname));
    const loaded = performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name))
      .filter((url) => url.origin === window.location.origin && url.pathname.startsWith('/assets/'));
    return loaded.length > 0 && loaded.every((url) => cached.has(url.pathname));
  });

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Driver Portal', level: 1 })).toBeVisible();
  await expect(page.getByText(loadNumber, { exact: true })).toBeVisible();
  await expect(page.getByText('Total Earnings')).toBeVisible();

  // Back online: the banner goes and the portal reads from the server again.
  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toHaveCount(0);
  await expect(page.getByText(loadNumber, { exact: true })).toBeVisible();
});
