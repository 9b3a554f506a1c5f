import type { Locator, Page } from '@playwright/test';
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
  trackExternalRequests,
  preferLoadCards,
} from './support/fixtures';

/**
 * Tracks and tracking links (docs/fleet.md): the demo's load in transit shows its driver's track
 * on the Map tab; a dispatcher shares a tracking link (the truck's position to the city only), a
 * customer opens it signed out (a map of the lane and the truck, the town near it with its age,
 * a straight-line ETA, the company's contact, no app prompts), the dispatcher revokes it and the
 * link then says it has expired or was revoked. The demo's own link
 * (/track/summit-demo-in-transit-track, exact position) names the load, so the journey finds it
 * without knowing its number.
 */

const DEMO_TRACKING_PATH = '/track/summit-demo-in-transit-track';
/** Drawing the first map compiles WebGL shaders in software: slow on a busy machine. */
const MAP_READY_TIMEOUT = 60_000;
const EXPIRED = 'This tracking link has expired or was revoked';
/** A place and its age, as the page names the truck's position ("12 mi W of Reno, NV · 12 min ago"). */
const PLACE_AND_AGE = /^(Near |\d+ mi (N|NE|E|SE|S|SW|W|NW) of )?[^,]+, [A-Z]{2} · \d+ (min|h|d) ago$/;
/** Anything that reads like a coordinate (a number with 3 or more decimals). */
const COORDINATE = /-?\d{1,3}\.\d{3,}/;
/** "ETA to delivery: about 6 h (Nov 29, 3:40 PM)". */
const ETA = /^ETA to (pickup|delivery): about [\d.,]+ (min|h) \([A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2}\s?(AM|PM)\)$/;

/** The browser's install offer, as Chrome makes it (tests/e2e/pwa.spec.ts): the app catches it from its first moment. */
const offerInstall = (page: Page) =>
  page.evaluate(() => {
    const offer = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(offer, { prompt: () => Promise.resolve(), userChoice: Promise.resolve({ outcome: 'dismissed' }) });
    window.dispatchEvent(offer);
  });

/** No app prompt of any kind: no install banner, no notification prompt (their regions and their texts). */
async function expectNoPrompts(page: Page) {
  await expect(page.getByRole('region', { name: 'Install app' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Enable notifications' })).toHaveCount(0);
  await expect(page.getByText(/Enable Notifications|Install Haulwise/i)).toHaveCount(0);
}

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
  await expect(publicPage.getByTestId('tracking-last-position')).toHaveText(PLACE_AND_AGE);
  // No coordinates anywhere on the page, not even in a tooltip.
  await expect(publicPage.getByTestId('tracking-last-position')).not.toHaveAttribute('title', /./);
  expect(await publicPage.locator('main').innerText()).not.toMatch(COORDINATE);

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

  // Share tracking link: a new link for 3 days showing the truck to the city only, shown once with Copy.
  await detail.getByRole('button', { name: 'Share tracking link' }).click();
  const share = page.getByRole('dialog', { name: `Share tracking for ${loadNumber}` });
  await expect(share.getByText('No active tracking links').or(share.getByTestId('tracking-links'))).toBeVisible();
  await share.getByLabel('Expires in').selectOption('3');
  await expect(share.getByLabel("Show the truck's position")).toHaveValue('exact');
  await share.getByLabel("Show the truck's position").selectOption({ label: 'City only' });
  await share.getByRole('button', { name: 'Create link' }).click();
  await expectToast(page, 'Tracking link created');
  const url = await share.getByTestId('tracking-link-url').inputValue();
  expect(url).toMatch(/\/track\/[A-Za-z0-9_-]{43}$/);
  await expect(share.getByRole('button', { name: 'Copy' })).toBeVisible();
  const links = share.getByTestId('tracking-links').getByRole('listitem');
  // The demo's own link and this one, newest first.
  await expect(links).toHaveCount(2);
  await expect(links.first()).toContainText(/^Expires /);
  await expect(links.first()).toContainText("Truck's position: city only");
  await settleAnimations(page);
  await expectAccessible(page);

  // The customer opens it: company, load, lane, status, the town the truck is near (never its position) and a straight-line ETA.
  await publicPage.goto(url);
  await expect(publicPage.getByRole('heading', { level: 1, name: `Load ${loadNumber}` })).toBeVisible({ timeout: 30_000 });
  await expect(publicPage.getByText(/^[A-Za-z .'-]+, [A-Z]{2} → [A-Za-z .'-]+, [A-Z]{2}$/)).toBeVisible();
  await expect(publicPage.getByText('In transit', { exact: true })).toBeVisible();
  await expect(publicPage.getByTestId('tracking-last-position')).toHaveText(/^Near [^,]+, [A-Z]{2} · \d+ (min|h|d) ago$/);
  await expect(publicPage.getByTestId('tracking-eta')).toHaveText(ETA);
  await expect(publicPage.getByText(/assumed average speed of 50 mph/)).toBeVisible();
  await expect(publicPage.getByTestId('map')).toHaveAttribute('data-map-status', 'ready', { timeout: MAP_READY_TIMEOUT });
  expect(await publicPage.locator('main').innerText()).not.toMatch(COORDINATE);
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

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`a customer's tracking page at ${viewport.width} px: a map, the place and its age, an ETA, the company's contact, no app prompts`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    // A customer's own browser, prompts never dismissed (unlike the journeys' quiet contexts): none may show here anyway.
    const customer = await browser.newContext({ viewport });
    const external = trackExternalRequests(customer);
    const page = await customer.newPage();
    await page.goto(DEMO_TRACKING_PATH);
    await expect(page.getByRole('heading', { level: 1, name: /^Load / })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Summit Freight Lines', { exact: true })).toBeVisible();

    // The map: the lane's two stops and the truck, drawn from this machine only.
    const map = page.getByTestId('tracking-map');
    await expect(map.getByTestId('map')).toHaveAttribute('data-map-status', 'ready', { timeout: MAP_READY_TIMEOUT });
    const labels = map.getByTestId('map-label');
    await expect(labels.filter({ hasText: /^Pickup: [^,]+, [A-Z]{2}$/ })).toHaveCount(1);
    await expect(labels.filter({ hasText: /^Delivery: [^,]+, [A-Z]{2}$/ })).toHaveCount(1);
    await expect(labels.filter({ hasText: /^Truck · \d+ (min|h|d) ago$/ })).toHaveCount(1);

    // The place and its age, never coordinates; the ETA to the next stop, as an estimate.
    await expect(page.getByTestId('tracking-last-position')).toHaveText(PLACE_AND_AGE);
    expect(await page.locator('main').innerText()).not.toMatch(COORDINATE);
    await expect(page.getByTestId('tracking-eta')).toHaveText(ETA);
    await expect(page.getByText(/^An estimate: /)).toBeVisible();

    // Who to ask.
    const contact = page.getByRole('region', { name: 'Questions about this shipment?' });
    await expect(contact).toContainText('Summit Freight Lines');

    // No app prompts, even when the browser offers to install the app.
    await offerInstall(page);
    await page.waitForLoadState('networkidle');
    await expectNoPrompts(page);

    await expectNoHorizontalOverflow(page);
    await settleAnimations(page);
    await expectAccessible(page);
    expect(external, 'requests that left localhost').toEqual([]);
    await customer.close();
  });
}

test('an unknown tracking link reads like an expired one', async ({ page }) => {
  await page.goto('/track/not-a-real-token');
  await expect(page.getByRole('heading', { level: 1, name: EXPIRED })).toBeVisible({ timeout: 30_000 });
  const home: Locator = page.getByRole('link', { name: 'Return to Home' });
  await expect(home).toHaveAttribute('href', '/');
  await expectAccessible(page);
});
