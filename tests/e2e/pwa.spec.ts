import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from '../../server/src/seed/demo-data';

// The plain Playwright test: the prompts are not dismissed in advance here.

test('the app is installable: a manifest and a service worker', async ({ page }) => {
  await page.goto('/');
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifestHref).toBe('/manifest.webmanifest');
  const manifest = await (await page.request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({ name: 'Haulwise', display: 'standalone' });
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL ?? null))
    .toContain('/sw.js');
});

test('the notification prompt appears after 3 seconds in the shell, and Later keeps it away', async ({ page }) => {
  await page.goto('/auth');
  await page.getByLabel('Email').fill('treasury@summit.demo');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/treasury-dashboard/);
  const prompt = page.getByRole('region', { name: 'Enable notifications' });
  await expect(prompt).toBeVisible({ timeout: 15_000 });
  await expect(prompt.getByText('Enable Notifications')).toBeVisible();
  await expect(prompt.getByText('Get instant alerts for load assignments, status changes, and important updates')).toBeVisible();
  await prompt.getByRole('button', { name: 'Later' }).click();
  await expect(prompt).toBeHidden();
  await page.reload();
  await page.waitForTimeout(4000);
  await expect(page.getByRole('region', { name: 'Enable notifications' })).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('notification-prompt-dismissed'))).toBe('true');
});
