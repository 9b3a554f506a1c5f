import type { Locator } from '@playwright/test';
import {
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  expectToast,
  holdToasts,
  openAs,
  quietContext,
  settleAnimations,
  test,
  preferLoadCards,
} from './support/fixtures';

/**
 * Tracks and tracking links (docs/fleet.md): the demo's load in transit shows its driver's track
 * on the Map tab; a dispatcher shares a tracking link, a customer opens it signed out (lane, last
 * position with its age, a straight-line ETA), the dispatcher revokes it and the link then says
 * it has expired or was revoked. The demo's own link (/track/summit-demo-in-transit-track) names
 * the load, so the journey finds it without knowing its number.
 */

const DEMO_TRACKING_PATH = '/track/summit-demo-in-transit-track';
/** Drawing the first map compiles WebGL shaders in software: slow on a busy machine. */
const MAP_READY_TIMEOUT = 60_000;
const EXPIRED = 'This tracking link has expired or was revoked';

test('a dispatcher shares a tracking link that a customer opens signed out, then revokes it', async ({ page, browser }) => {
  test.setTimeout(180_000);
  // A customer: a phone of their own, never signed in.
  const customer = await quietContext(browser, { viewport: { width: 375, height: 800 } });
  const publicPage = await customer.newPage();
  await publicPage.goto(DEMO_TRACKING_PATH);
  const heading = publicPage.getByRole('heading', { level: 1, name: /^Load / });
  await expect(heading).toBeVisible({ timeout: 30_000 });
  const loadNumber = (await heading.innerText()).replace(/^Load /, '');
  await expect(publicPage.getByText('Summit Freight Lines', { exact: true })).toBeVisible();
  // Places, not coordinates: the last position reads as the town near it with its age (named by the
  // server: a visitor may not ask geo.describe), the coordinates only in the small line under it.
  await expect(publicPage.getByTestId('tracking-last-position')).toHaveText(
    /^(\d+ mi (N|NE|E|SE|S|SW|W|NW) of )?[^,]+, [A-Z]{2} · \d+ (min|h|d) ago$/,
  );
  await expect(publicPage.getByTestId('tracking-last-position')).toHaveAttribute('title', /^-?\d+\.\d{4}, -?\d+\.\d{4}$/);

  // The dispatcher opens that load: its Map tab draws the driver's track with the last position marked.
  await holdToasts(page);
  await preferLoadCards(page);
  await openAs(page, 'Dispatcher', `/loads?search=${encodeURIComponent(loadNumber)}`);
  const card = page.getByRole('list', { name: 'Loads' }).getByRole('button').filter({ hasText: loadNumber });
  await expect(card).toHaveCount(1, { timeout: 30_000 });
  await card.click();
  const detail = page.getByRole('dialog', { name: loadNumber });
  await detail.getByRole('tab', { name: 'Map' }).click();
  await expect(detail.getByTestId('map')).toHaveAttribute('data-map-status', 'ready', { timeout: MAP_READY_TIMEOUT });
  await expect(detail.getByTestId('track-summary')).toHaveText(/^Driver's track: [\d,]+ positions/);
  await expect(detail.getByTestId('last-position')).toHaveText(
    /^Last position: (\d+ mi (N|NE|E|SE|S|SW|W|NW) of )?[^,]+, [A-Z]{2} · \d+ (min|h|d) ago$/,
  );
  await expect(detail.getByTestId('map-label').filter({ hasText: /^Last position · \d+ (min|h|d) ago$/ })).toHaveCount(1);

  // Share tracking link: a new link for 3 days, shown once with Copy.
  await detail.getByRole('button', { name: 'Share tracking link' }).click();
  const share = page.getByRole('dialog', { name: `Share tracking for ${loadNumber}` });
  await expect(share.getByText('No active tracking links').or(share.getByTestId('tracking-links'))).toBeVisible();
  await share.getByLabel('Expires in').selectOption('3');
  await share.getByRole('button', { name: 'Create link' }).click();
  await expectToast(page, 'Tracking link created');
  const url = await share.getByTestId('tracking-link-url').inputValue();
  expect(url).toMatch(/\/track\/[A-Za-z0-9_-]{43}$/);
  await expect(share.getByRole('button', { name: 'Copy' })).toBeVisible();
  const links = share.getByTestId('tracking-links').getByRole('listitem');
  // The demo's own link and this one, newest first.
  await expect(links).toHaveCount(2);
  await expect(links.first()).toContainText(/^Expires /);
  await settleAnimations(page);
  await expectAccessible(page);

  // The customer opens it: company, load, lane, status, last position and a straight-line ETA.
  await publicPage.goto(url);
  await expect(publicPage.getByRole('heading', { level: 1, name: `Load ${loadNumber}` })).toBeVisible({ timeout: 30_000 });
  await expect(publicPage.getByText(/^[A-Za-z .'-]+, [A-Z]{2} → [A-Za-z .'-]+, [A-Z]{2}$/)).toBeVisible();
  await expect(publicPage.getByText('In transit', { exact: true })).toBeVisible();
  await expect(publicPage.getByTestId('tracking-last-position')).toHaveText(/ · \d+ (min|h|d) ago$/);
  await expect(publicPage.getByText(/assumed average speed of 50 mph/)).toBeVisible();
  // Nothing of the signed-in app: no navigation, no sign-in.
  await expect(publicPage.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
  await expectNoHorizontalOverflow(publicPage);
  await settleAnimations(publicPage);
  await expectAccessible(publicPage);

  // The dispatcher revokes it, after confirming.
  await links.first().getByRole('button', { name: 'Revoke' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Revoke this tracking link?' });
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expectToast(page, 'Tracking link revoked');
  await expect(links).toHaveCount(1);

  // The link now says only that it has expired or was revoked.
  await publicPage.reload();
  await expect(publicPage.getByRole('heading', { level: 1, name: EXPIRED })).toBeVisible({ timeout: 30_000 });
  await expect(publicPage.getByText(loadNumber)).toHaveCount(0);
  await settleAnimations(publicPage);
  await expectAccessible(publicPage);
  await customer.close();
});

test('an unknown tracking link reads like an expired one', async ({ page }) => {
  await page.goto('/track/not-a-real-token');
  await expect(page.getByRole('heading', { level: 1, name: EXPIRED })).toBeVisible({ timeout: 30_000 });
  const home: Locator = page.getByRole('link', { name: 'Return to Home' });
  await expect(home).toHaveAttribute('href', '/');
  await expectAccessible(page);
});
