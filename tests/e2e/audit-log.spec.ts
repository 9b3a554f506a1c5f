import { readFileSync } from 'node:fs';
import type { APIRequest, APIRequestContext, Cookie, Locator, Page } from '@playwright/test';
import { baseURL } from './support/environment';
import { expect, expectAccessible, expectNoHorizontalOverflow, openAs, sessionFile, settleAnimations, test } from './support/fixtures';

/**
 * The Audit Logs screen says what changed in words (issue 27, item 9): an admin re-rates a load,
 * gives it a driver (which assigns it) and moves its pickup date, then reads those changes as
 * lines ("Rate: $1,800.00 → $1,950.00"), with the stored JSON behind a toggle, on a desktop and
 * on a phone.
 *
 * The load is made and changed through the app's own tRPC HTTP API with the admin's stored
 * session (as load-board.spec.ts does with the dispatcher's), under a number unique to the run,
 * which the audit search then finds (the created entry by its load number, the update by its notes).
 */

const prefix = () => `AUDIT-${Date.now()}-${Math.floor(Math.random() * 10_000)}`;

/** The admin's session for API calls, from the app's origin (as the browser sends them). */
async function adminApi(playwright: { request: APIRequest }): Promise<APIRequestContext> {
  const { cookies } = JSON.parse(readFileSync(sessionFile('Admin'), 'utf8')) as { cookies: Cookie[] };
  return playwright.request.newContext({ baseURL, storageState: { cookies, origins: [] }, extraHTTPHeaders: { origin: baseURL } });
}

async function call<T>(api: APIRequestContext, path: string, input?: unknown): Promise<T> {
  const response = input === undefined ? await api.get(`/trpc/${path}`) : await api.post(`/trpc/${path}`, { data: input });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { result: { data: T } }).result.data;
}

/** Every field of the load form the journey sets (an edit sends them all again). */
const lane = {
  pickupLocation: '100 Harbor Way',
  pickupCity: 'Oakland',
  pickupState: 'CA',
  deliveryLocation: '5 Commerce Dr',
  deliveryCity: 'Reno',
  deliveryState: 'NV',
  deliveryDate: '2027-03-10',
  commodity: 'Audit journey freight',
  distance: '218',
};

const entries = (page: Page) => page.getByRole('region', { name: 'Audit log entries' }).getByRole('listitem');

async function expectScreenAccessible(page: Page) {
  await page.mouse.move(0, 0);
  await settleAnimations(page);
  await expectAccessible(page);
}

async function expectRawToggles(entry: Locator) {
  const show = entry.getByRole('button', { name: 'Show raw changes' });
  await expect(show).toHaveAttribute('aria-expanded', 'false');
  await expect(entry.getByLabel('Raw changes to loads')).toHaveCount(0);
  await show.click();
  const hide = entry.getByRole('button', { name: 'Hide raw changes' });
  await expect(hide).toHaveAttribute('aria-expanded', 'true');
  const raw = entry.getByLabel('Raw changes to loads');
  await expect(raw).toBeVisible();
  await expect(raw).toContainText('"rate"');
  await expect(raw).toContainText('"old": 1800');
  await expect(raw).toContainText('"new": 1950');
  await expect(raw).toContainText('"assigned"');
}

test("an admin reads a load's changes in words, with the raw JSON behind a toggle, on a desktop and a phone", async ({
  page,
  playwright,
}) => {
  const api = await adminApi(playwright);
  const loadNumber = prefix();
  // A long unbroken value: it must wrap, never widen the page.
  const notes = `Re-rated ${loadNumber} ${'LONGVALUE'.repeat(24)}`;
  const options = await call<{ drivers: { id: string; name: string }[] }>(api, 'loads.formOptions');
  const driver = options.drivers[0];
  if (!driver) throw new Error('the demo company has no drivers');
  const load = await call<{ id: string }>(api, 'loads.create', { loadNumber, ...lane, pickupDate: '2027-03-05', rate: '1800.00' });
  await call(api, 'loads.update', {
    id: load.id,
    loadNumber,
    ...lane,
    pickupDate: '2027-03-06',
    rate: '1950.00',
    driverId: driver.id,
    notes,
  });
  await api.dispose();

  await page.setViewportSize({ width: 1440, height: 900 });
  await openAs(page, 'Admin', `/audit-logs?search=${encodeURIComponent(loadNumber)}`);
  await expect(page.getByRole('heading', { name: 'Audit Logs', level: 1 })).toBeVisible();
  await expect(entries(page)).toHaveCount(2);
  await expect(page.getByText('Showing 2 of 2 logs')).toBeVisible();

  // The update: one line per changed field, labelled, money in dollars, dates as people write them,
  // the status by its label and the driver by name (never the ids).
  const update = entries(page).filter({ hasText: 'UPDATED' });
  const changes = update.getByRole('group', { name: 'Changes to loads' });
  await expect(changes).toContainText('Changes:');
  await expect(changes).toContainText('Status: Pending → Assigned');
  await expect(changes).toContainText('Rate: $1,800.00 → $1,950.00');
  await expect(changes).toContainText('Pickup date: Mar 5, 2027 → Mar 6, 2027');
  await expect(changes).toContainText(`Driver: — → ${driver.name}`);
  await expect(changes).toContainText(`Notes: — → Re-rated ${loadNumber}`);
  await expect(changes).not.toContainText('driver_id');
  await expect(changes).not.toContainText('{');

  // The creation: the load by its number and its key fields.
  const created = entries(page).filter({ hasText: 'CREATED' });
  await expect(created).toContainText(`Created load ${loadNumber}`);
  await expect(created).toContainText('Status: Pending');
  await expect(created).toContainText('Pickup: Oakland, CA');
  await expect(created).toContainText('Delivery: Reno, NV');
  await expect(created).toContainText('Rate: $1,800.00');

  // The stored JSON, per entry, behind its toggle.
  await expectRawToggles(update);
  await expectNoHorizontalOverflow(page);
  await expectScreenAccessible(page);
  await update.getByRole('button', { name: 'Hide raw changes' }).click();
  await expect(update.getByRole('button', { name: 'Show raw changes' })).toHaveAttribute('aria-expanded', 'false');
  await expect(update.getByLabel('Raw changes to loads')).toHaveCount(0);

  // A phone: the same lines, wrapped; the raw JSON too.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(changes).toContainText('Rate: $1,800.00 → $1,950.00');
  await expectNoHorizontalOverflow(page);
  await expectRawToggles(update);
  await expectNoHorizontalOverflow(page);
  await expectScreenAccessible(page);
});
