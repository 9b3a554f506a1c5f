import { expect, test, type Page } from '@playwright/test';
import { expectToast, holdToasts, openAs } from './support/fixtures';

// The plain Playwright test: the prompts are not dismissed in advance here.

test('the app is installable: a manifest and a service worker', async ({ page }) => {
  await page.goto('/');
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifestHref).toBe('/manifest.webmanifest');
  const manifest = await (await page.request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({ name: 'Haulwise', display: 'standalone' });
  // PNG icons at 192 and 512 (what install prompts ask for); /favicon.png is also the notifications' icon.
  for (const icon of ['/favicon.png', '/icon-512.png']) {
    const answer = await page.request.get(icon);
    expect(answer.headers()['content-type'], icon).toBe('image/png');
  }
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL ?? null))
    .toContain('/sw.js');
});

test('the notification prompt appears after 3 seconds in the shell, and Later keeps it away', async ({ page }) => {
  // The page's clock is driven by the test: its 3 seconds pass at once, never slept through.
  await page.clock.install();
  await openAs(page, 'Treasury');
  await expect(page).toHaveURL(/treasury-dashboard/);
  const prompt = page.getByRole('region', { name: 'Enable notifications' });
  await page.clock.runFor(3_000);
  await expect(prompt).toBeVisible();
  await expect(prompt.getByText('Enable Notifications')).toBeVisible();
  await expect(prompt.getByText('Get instant alerts for load assignments, status changes, and important updates')).toBeVisible();
  await prompt.getByRole('button', { name: 'Later' }).click();
  await expect(prompt).toBeHidden();

  // Dismissed: after a reload and well past 3 seconds, still away.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.clock.runFor(4_000);
  await expect(page.getByRole('region', { name: 'Enable notifications' })).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('notification-prompt-dismissed'))).toBe('true');
});

test('the notification prompt also appears on the public pages after 3 seconds, and not after Later', async ({ page }) => {
  // The page's clock stands still but for the test's own steps: a slow load cannot eat into the 3 seconds.
  // Paused a second after the installed time: the installed clock runs until paused, so pausing at
  // the installed time itself fails ("Cannot fast-forward to the past") once any time has passed.
  const start = new Date('2026-01-05T09:00:00Z');
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1_000));
  await page.goto('/');
  await page.waitForLoadState('load');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => Notification.permission)).toBe('default');
  const prompt = page.getByRole('region', { name: 'Enable notifications' });
  // Not before its 3 seconds.
  await page.clock.runFor(2_000);
  await expect(prompt).toBeHidden();
  await page.clock.runFor(1_000);
  await expect(prompt).toBeVisible();
  await expect(prompt.getByText('Enable Notifications')).toBeVisible();
  await expect(prompt.getByText('Get instant alerts for load assignments, status changes, and important updates')).toBeVisible();
  await expect(prompt.getByRole('button', { name: 'Enable' })).toBeVisible();
  // Light on a public page: no push code and no service-worker subscription was loaded for it.
  const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
  expect(scripts.filter((name) => /use-push|NotificationBell/.test(name))).toEqual([]);
  // Nor the app itself: the prerendered page's bootstrap shows the prerendered prompt.
  expect(scripts.filter((name) => /\/assets\/index-/.test(name))).toEqual([]);

  await prompt.getByRole('button', { name: 'Later' }).click();
  await expect(prompt).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('notification-prompt-dismissed'))).toBe('true');

  // Dismissed: on another public page and after a reload, well past 3 seconds, still away.
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.clock.runFor(4_000);
  await expect(page.getByRole('region', { name: 'Enable notifications' })).toBeHidden();
});

/** The browser's install offer, as Chrome makes it (prompt, then the person's choice). */
const offerInstall = (page: Page, outcome: 'accepted' | 'dismissed') =>
  page.evaluate((choice) => {
    const offer = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(offer, { prompt: () => Promise.resolve(), userChoice: Promise.resolve({ outcome: choice }) });
    window.dispatchEvent(offer);
  }, outcome);

test('on a public page the install banner shows when the browser offers installation, without loading the app until it is used', async ({
  page,
}) => {
  await holdToasts(page);
  await page.goto('/');
  await page.waitForLoadState('load');
  const banner = page.getByRole('region', { name: 'Install app' });
  await expect(banner).toBeHidden();
  await offerInstall(page, 'accepted');
  await expect(banner).toBeVisible();
  await expect(banner.getByText('Install Haulwise')).toBeVisible();
  await expect(banner.getByText('Install our app for quick access and offline support')).toBeVisible();
  const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
  expect(scripts.filter((name) => /\/assets\/index-/.test(name))).toEqual([]);

  // Accepted: the banner closes and the toast says so (the app loads for it).
  await banner.getByRole('button', { name: 'Install', exact: true }).click();
  await expect(banner).toBeHidden();
  await expectToast(page, 'App Installed!', 'You can now use Haulwise from your home screen');

  // Dismissed: the flag is kept and the banner stays away on the next offer.
  await page.reload();
  await offerInstall(page, 'dismissed');
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Dismiss install banner' }).click();
  await expect(banner).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('pwa-install-dismissed'))).toBe('true');
  await page.reload();
  await offerInstall(page, 'dismissed');
  await expect(banner).toBeHidden();
});
