import { expect, test, type Page } from '@playwright/test';
import { expectToast, fillLoadNumber, holdToasts, openAs } from './support/fixtures';

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

test('the notification prompt waits in the shell for a change it serves, then 3 seconds, never over a dialog; Later keeps it away', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // The page's clock is driven by the test: its 3 seconds pass at once, never slept through.
  await page.clock.install();
  await openAs(page, 'Dispatcher', '/loads');
  await expect(page.getByRole('heading', { level: 1, name: 'Loads' })).toBeVisible();
  const prompt = page.getByRole('region', { name: 'Enable notifications' });
  // Signed in, nothing done yet: no prompt, however long (issue 27, item 5).
  await page.clock.runFor(5_000);
  await expect(prompt).toBeHidden();

  // A change notifications are about: a load created (a number of its own: the offered next number
  // may be taken meanwhile by a journey running beside this one).
  const create = page.getByRole('button', { name: 'Create Load' }).first();
  const dialog = page.getByRole('dialog', { name: 'Create Load' });
  await create.click();
  await fillLoadNumber(dialog, `LOAD-E2E-prompt-${Date.now()}-${Math.floor(Math.random() * 1000)}`);
  await dialog.getByLabel('Pickup Address').fill('100 Harbor Way');
  await dialog.getByLabel('Pickup City').fill('Oakland');
  await dialog.getByLabel('Pickup State').fill('CA');
  await dialog.getByLabel('Delivery Address').fill('5 Commerce Dr');
  await dialog.getByLabel('Delivery City').fill('Reno');
  await dialog.getByLabel('Delivery State').fill('NV');
  await dialog.getByRole('button', { name: 'Create Load' }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });

  // A dialog opened before the 3 seconds have passed: the prompt waits until it is closed.
  await create.click();
  await expect(dialog).toBeVisible();
  await page.clock.runFor(4_000);
  await expect(prompt).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.clock.runFor(1_500);
  await expect(prompt).toBeVisible();
  await expect(prompt.getByText('Enable Notifications')).toBeVisible();
  await expect(prompt.getByText('Get instant alerts for load assignments, status changes, and important updates')).toBeVisible();
  // It stands at the top right of the content, in its flow: the header's Create Load is not covered.
  const promptBox = await prompt.boundingBox();
  const createBox = await create.boundingBox();
  if (!promptBox || !createBox) throw new Error('the prompt or Create Load has no box');
  expect(promptBox.y + promptBox.height).toBeLessThanOrEqual(createBox.y);
  expect(promptBox.x + promptBox.width).toBeGreaterThan(createBox.x);
  await prompt.getByRole('button', { name: 'Later' }).click();
  await expect(prompt).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('notification-prompt-dismissed'))).toBe('true');
});

test('the public pages ask for nothing: no notification prompt, however long, and no push code', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  await page.waitForLoadState('load');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => Notification.permission)).toBe('default');
  await page.clock.runFor(5_000);
  await expect(page.getByRole('region', { name: 'Enable notifications' })).toBeHidden();
  await expect(page.locator('#prompt-island')).toHaveCount(0);
  // Light on a public page: no push code, and not the app itself (the prerendered page's bootstrap).
  const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
  expect(scripts.filter((name) => /use-push|NotificationBell|NotificationPrompt/.test(name))).toEqual([]);
  expect(scripts.filter((name) => /\/assets\/index-/.test(name))).toEqual([]);

  // Nor after the app has loaded (a pointer over the page loads it).
  await page.goto('/auth');
  await page.getByLabel('Email').focus();
  await page.clock.runFor(5_000);
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
