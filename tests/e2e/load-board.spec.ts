import type { APIRequestContext, Locator, Page } from '@playwright/test';
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
import { dispatcherApi, mutate } from './support/dispatcher-api';

/**
 * The dispatch board at /loads (issue 26, items 1 and 2), as a dispatcher runs a day from it: the
 * built-in "Today's pickups" view, sorting by delivery date, filtering by driver, assigning a
 * driver inline, duplicating a load, the keyboard, and the phone's cards with the same filters.
 *
 * Each journey makes its own loads through the app's own tRPC HTTP API with the dispatcher's
 * stored session (as the screen calls it), every one with a number unique to the journey, and
 * then searches for that number's prefix: journeys running in parallel never see each other's loads.
 */

const uniquePrefix = (label: string) => `BOARD-${label}-${Date.now()}-${Math.floor(Math.random() * 10_000)}`;

interface CreatedLoad {
  id: string;
  loadNumber: string;
}

async function query<T>(api: APIRequestContext, path: string): Promise<T> {
  const response = await api.get(`/trpc/${path}`);
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { result: { data: T } }).result.data;
}

/** A pending load on the Oakland → Reno lane, with what the journey needs set. */
async function createLoad(
  api: APIRequestContext,
  loadNumber: string,
  values: { pickupDate?: string; deliveryDate?: string; driverId?: string; rate?: string } = {},
): Promise<CreatedLoad> {
  return mutate<CreatedLoad>(api, 'loads.create', {
    loadNumber,
    pickupLocation: '100 Harbor Way',
    pickupCity: 'Oakland',
    pickupState: 'CA',
    deliveryLocation: '5 Commerce Dr',
    deliveryCity: 'Reno',
    deliveryState: 'NV',
    commodity: 'Board journey freight',
    distance: '218',
    rate: values.rate ?? '1850.50',
    ...values,
  });
}

/** A driver of the dispatcher's company (the Create Load form's pick list). */
async function someDriver(api: APIRequestContext): Promise<{ id: string; name: string }> {
  const options = await query<{ drivers: { id: string; name: string }[] }>(api, 'loads.formOptions');
  const driver = options.drivers[0];
  if (!driver) throw new Error('the demo company has no drivers');
  return driver;
}

/** "YYYY-MM-DD" in the browser's own time zone: the board's "today" is the viewer's. */
async function browserToday(page: Page, plusDays = 0): Promise<string> {
  return page.evaluate((days) => {
    const date = new Date();
    date.setDate(date.getDate() + days);
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  }, plusDays);
}

const board = (page: Page) => page.getByRole('table', { name: 'Loads' });
const boardRows = (page: Page) => board(page).locator('tbody').getByRole('row');
const rowOf = (page: Page, loadNumber: string) =>
  boardRows(page).filter({ has: page.getByRole('button', { name: loadNumber, exact: true }) });
const loadCards = (page: Page) => page.getByRole('list', { name: 'Loads' }).getByRole('button');
const filterPanel = (page: Page) => page.getByRole('group', { name: 'Load filters' });

async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
  await expect(page).toHaveURL(/search=/);
}

/** The filter panel shown (closed at first; a new browser context remembers nothing). */
async function openFilters(page: Page) {
  const toggle = page.getByRole('button', { name: /^Filters/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(filterPanel(page)).toBeVisible();
}

/** The load numbers of the table's rows, top to bottom. */
async function rowNumbers(rows: Locator): Promise<string[]> {
  return rows.evaluateAll((elements) => elements.map((row) => row.querySelector('[data-load-open]')?.textContent?.trim() ?? ''));
}

async function expectScreenAccessible(page: Page) {
  await page.mouse.move(0, 0);
  await settleAnimations(page);
  await expectAccessible(page);
}

test('the "Today\'s pickups" view shows the loads picked up today, as a dense table on a desktop', async ({ page, playwright }) => {
  // Two reloads, the filter panel and two accessibility scans: more than a minute on a saturated 2-core CI machine.
  test.setTimeout(120_000);
  const api = await dispatcherApi(playwright);
  const prefix = uniquePrefix('today');
  await openAs(page, 'Dispatcher', '/loads');
  const today = await browserToday(page);
  const tomorrow = await browserToday(page, 1);
  const todays = await createLoad(api, `${prefix}-A`, { pickupDate: today, deliveryDate: tomorrow });
  const later = await createLoad(api, `${prefix}-B`, { pickupDate: tomorrow, deliveryDate: tomorrow });
  await api.dispose();

  // The table is the desktop's default, every sortable header announces its sort.
  await page.reload();
  await expect(board(page)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Table', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(board(page).getByRole('columnheader', { name: 'Delivery', exact: true })).toHaveAttribute('aria-sort', 'none');
  await search(page, prefix);
  await expect(boardRows(page)).toHaveCount(2);

  await page.getByRole('combobox', { name: 'View' }).selectOption({ label: "Today's pickups" });
  await expect(page).toHaveURL(new RegExp(`pickupFrom=${today}`));
  await expect(page).toHaveURL(new RegExp(`pickupTo=${today}`));
  await expect(rowOf(page, todays.loadNumber)).toBeVisible();
  await expect(rowOf(page, later.loadNumber)).toHaveCount(0);
  await expect(boardRows(page)).toHaveCount(1);
  await openFilters(page);
  await expect(filterPanel(page).getByLabel('Pickup from')).toHaveValue(today);
  await expect(filterPanel(page).getByLabel('Pickup to')).toHaveValue(today);
  await expect(rowOf(page, todays.loadNumber)).toContainText('Oakland, CA');
  await expect(rowOf(page, todays.loadNumber)).toContainText('Reno, NV');
  await expect(rowOf(page, todays.loadNumber)).toContainText('$1,850.50');

  // The view is a link: a reload keeps it.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'View' })).toHaveValue('built-in:todaysPickups');
  await expect(boardRows(page)).toHaveCount(1);
  await expectNoHorizontalOverflow(page);
  await expectScreenAccessible(page);

  // Clear filters shows both again.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/loads$/);
});

test('sorting by delivery date orders the rows, and the same header reverses them', async ({ page, playwright }) => {
  const api = await dispatcherApi(playwright);
  const prefix = uniquePrefix('sort');
  // Created out of order, so neither the creation order nor its reverse is the delivery order.
  const middle = await createLoad(api, `${prefix}-M`, { pickupDate: '2027-03-01', deliveryDate: '2027-03-10' });
  const first = await createLoad(api, `${prefix}-F`, { pickupDate: '2027-03-01', deliveryDate: '2027-03-05' });
  const last = await createLoad(api, `${prefix}-L`, { pickupDate: '2027-03-01', deliveryDate: '2027-03-20' });
  await api.dispose();

  await openAs(page, 'Dispatcher', '/loads');
  await search(page, prefix);
  await expect(boardRows(page)).toHaveCount(3);

  const deliveryHeader = board(page).getByRole('columnheader', { name: 'Delivery', exact: true });
  await deliveryHeader.getByRole('button', { name: 'Delivery', exact: true }).click();
  await expect(page).toHaveURL(/sort=deliveryDate/);
  await expect(page).toHaveURL(/direction=asc/);
  await expect(deliveryHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(() => rowNumbers(boardRows(page))).toEqual([first.loadNumber, middle.loadNumber, last.loadNumber]);
  await expect(rowOf(page, first.loadNumber)).toContainText('Mar 5, 2027');

  await deliveryHeader.getByRole('button', { name: 'Delivery', exact: true }).click();
  await expect(page).toHaveURL(/direction=desc/);
  await expect(deliveryHeader).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => rowNumbers(boardRows(page))).toEqual([last.loadNumber, middle.loadNumber, first.loadNumber]);

  // The sort is in the address: a reload keeps the order.
  await page.reload();
  await expect.poll(() => rowNumbers(boardRows(page))).toEqual([last.loadNumber, middle.loadNumber, first.loadNumber]);
});

test("filtering by driver shows only that driver's loads", async ({ page, playwright }) => {
  const api = await dispatcherApi(playwright);
  const prefix = uniquePrefix('driver');
  const driver = await someDriver(api);
  const driven = await createLoad(api, `${prefix}-D`, { pickupDate: '2027-04-01', driverId: driver.id });
  const open = await createLoad(api, `${prefix}-U`, { pickupDate: '2027-04-01' });
  await api.dispose();

  await openAs(page, 'Dispatcher', '/loads');
  await search(page, prefix);
  await expect(boardRows(page)).toHaveCount(2);
  await openFilters(page);
  await filterPanel(page).getByRole('combobox', { name: 'Driver' }).selectOption(driver.id);
  await expect(page).toHaveURL(new RegExp(`driverId=${driver.id}`));
  await expect(rowOf(page, driven.loadNumber)).toBeVisible();
  await expect(rowOf(page, driven.loadNumber)).toContainText(driver.name);
  await expect(rowOf(page, open.loadNumber)).toHaveCount(0);
  await expect(boardRows(page)).toHaveCount(1);
  await expect(page.getByRole('button', { name: /^Filters \(1\)/ })).toBeVisible();

  // "Unassigned" instead: the other one.
  await filterPanel(page).getByRole('combobox', { name: 'Driver' }).selectOption('');
  await filterPanel(page).getByRole('checkbox', { name: 'Unassigned' }).check();
  await expect(page).toHaveURL(/unassigned=true/);
  await expect(rowOf(page, open.loadNumber)).toBeVisible();
  await expect(boardRows(page)).toHaveCount(1);
  await expectScreenAccessible(page);
});

test('two selected loads get a dispatcher in bulk, and filtering by that dispatcher shows both', async ({ page, playwright }) => {
  test.setTimeout(90_000);
  await holdToasts(page);
  const api = await dispatcherApi(playwright);
  const prefix = uniquePrefix('dispatch');
  // Another member who may dispatch (the demo admin): the dispatcher's own loads are theirs already.
  const session = await query<{ user: { id: string } }>(api, 'auth.session');
  const options = await query<{ dispatchers: { id: string; name: string }[] }>(api, 'loads.formOptions');
  const other = options.dispatchers.find((dispatcher) => dispatcher.id !== session.user.id);
  if (!other) throw new Error('the demo company has no second member who may dispatch');
  const first = await createLoad(api, `${prefix}-A`, { pickupDate: '2027-06-01' });
  const second = await createLoad(api, `${prefix}-B`, { pickupDate: '2027-06-02' });
  const kept = await createLoad(api, `${prefix}-C`, { pickupDate: '2027-06-03' });
  await api.dispose();

  await openAs(page, 'Dispatcher', '/loads');
  await search(page, prefix);
  await expect(boardRows(page)).toHaveCount(3);
  await rowOf(page, first.loadNumber)
    .getByRole('checkbox', { name: `Select ${first.loadNumber}` })
    .check();
  await rowOf(page, second.loadNumber)
    .getByRole('checkbox', { name: `Select ${second.loadNumber}` })
    .check();
  const bulk = page.getByRole('region', { name: 'Selected loads' });
  await expect(bulk).toContainText('2 loads selected');
  await bulk.getByRole('combobox', { name: 'New dispatcher' }).selectOption(other.id);
  await bulk.getByRole('button', { name: 'Assign dispatcher' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Assign dispatcher?' });
  await expect(confirm).toContainText(`2 loads will be dispatched by ${other.name}.`);
  await expectScreenAccessible(page);
  await confirm.getByRole('button', { name: 'Assign dispatcher' }).click();
  await expectToast(page, 'Dispatcher Assigned', '2 loads updated');
  await expect(confirm).toBeHidden();
  await expect(rowOf(page, first.loadNumber)).toContainText(other.name);
  await expect(rowOf(page, second.loadNumber)).toContainText(other.name);

  await openFilters(page);
  await filterPanel(page).getByRole('combobox', { name: 'Dispatcher' }).selectOption(other.id);
  await expect(page).toHaveURL(new RegExp(`dispatcherId=${other.id}`));
  await expect(rowOf(page, first.loadNumber)).toBeVisible();
  await expect(rowOf(page, second.loadNumber)).toBeVisible();
  await expect(rowOf(page, kept.loadNumber)).toHaveCount(0);
  await expect(boardRows(page)).toHaveCount(2);

  // "Mine" instead: the one left with the dispatcher who made it.
  await filterPanel(page).getByRole('combobox', { name: 'Dispatcher' }).selectOption('mine');
  await expect(page).toHaveURL(/mine=true/);
  await expect(rowOf(page, kept.loadNumber)).toBeVisible();
  await expect(boardRows(page)).toHaveCount(1);
});

test('assigning a driver inline makes the pending load Assigned, and its timeline shows both changes', async ({ page, playwright }) => {
  test.setTimeout(90_000);
  await holdToasts(page);
  const api = await dispatcherApi(playwright);
  const prefix = uniquePrefix('assign');
  const driver = await someDriver(api);
  const load = await createLoad(api, `${prefix}-A`, { pickupDate: '2027-05-03', deliveryDate: '2027-05-04' });
  await api.dispose();

  await openAs(page, 'Dispatcher', '/loads');
  await search(page, prefix);
  const row = rowOf(page, load.loadNumber);
  await expect(row.getByRole('combobox', { name: `Status of ${load.loadNumber}` })).toHaveValue('pending');

  await row.getByRole('button', { name: `Unassigned: change the driver of ${load.loadNumber}` }).click();
  const picker = page.getByRole('dialog', { name: `Driver for ${load.loadNumber}` });
  await expect(picker.getByTestId('driver-choice').first()).toBeVisible();
  // Each driver says whether they are free by the pickup date.
  await expect(picker.getByTestId('driver-choice').first()).toContainText(/Free by pickup|Busy at pickup/);
  await picker.getByRole('searchbox', { name: 'Search drivers' }).fill(driver.name);
  await expectScreenAccessible(page);
  await picker.getByTestId('driver-choice').filter({ hasText: driver.name }).first().click();
  await expectToast(page, 'Driver assigned');
  await expect(picker).toBeHidden();

  await expect(row.getByRole('combobox', { name: `Status of ${load.loadNumber}` })).toHaveValue('assigned');
  await expect(row.getByRole('button', { name: `${driver.name}: change the driver of ${load.loadNumber}` })).toBeVisible();

  // The load's timeline holds the driver and the status.
  await row.getByRole('button', { name: load.loadNumber, exact: true }).click();
  const detail = page.getByRole('dialog', { name: load.loadNumber });
  await detail.getByRole('tab', { name: 'Status & Updates' }).click();
  const timeline = detail.getByRole('list', { name: 'Status timeline' });
  await expect(timeline).toContainText(`Driver assigned: ${driver.name}`);
  await expect(timeline).toContainText('Status: Assigned');
  await detail.getByRole('button', { name: 'Close' }).first().click();
  await expect(detail).toBeHidden();

  // The inline status select moves it on.
  await row.getByRole('combobox', { name: `Status of ${load.loadNumber}` }).selectOption('picked');
  await expectToast(page, 'Status Updated', `${load.loadNumber} is now Picked`);
  await expect(row.getByRole('combobox', { name: `Status of ${load.loadNumber}` })).toHaveValue('picked');
});

test('duplicating a load makes a new one with new dates and opens it', async ({ page, playwright }) => {
  test.setTimeout(90_000);
  await holdToasts(page);
  const api = await dispatcherApi(playwright);
  const prefix = uniquePrefix('dup');
  const original = await createLoad(api, `${prefix}-O`, { pickupDate: '2027-06-01', deliveryDate: '2027-06-03', rate: '2400.00' });
  await api.dispose();

  await openAs(page, 'Dispatcher', '/loads');
  await search(page, prefix);
  await rowOf(page, original.loadNumber)
    .getByRole('button', { name: `Duplicate ${original.loadNumber}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Duplicate ${original.loadNumber}` });
  await dialog.getByLabel('New pickup date').fill('2027-07-14');
  await dialog.getByLabel('New delivery date').fill('2027-07-16');
  await expectScreenAccessible(page);
  await dialog.getByRole('button', { name: 'Duplicate', exact: true }).click();
  await expectToast(page, 'Load duplicated');
  await expect(dialog).toBeHidden();

  // The new load opens: another number, the same lane and rate, the new dates, pending.
  await expect(page).toHaveURL(/load=[0-9a-f-]{36}/);
  expect(page.url()).not.toContain(original.id);
  const detail = page.getByRole('dialog').filter({ has: page.getByRole('tab', { name: 'Details' }) });
  await expect(detail).toContainText('Oakland');
  await expect(detail).toContainText('Jul 14, 2027');
  await expect(detail).toContainText('Jul 16, 2027');
  await expect(detail).toContainText('$2,400.00');
  await expect(detail).toContainText('Pending');
  await expect(detail.getByRole('heading', { name: original.loadNumber, exact: true })).toHaveCount(0);
});

test('the keyboard: / searches, j and k move, Enter opens, n creates, ? lists the shortcuts', async ({ page, playwright }) => {
  test.setTimeout(150_000);
  const api = await dispatcherApi(playwright);
  const prefix = uniquePrefix('keys');
  // Sorted by load number below, so the order is known: -A then -B.
  const a = await createLoad(api, `${prefix}-A`, { pickupDate: '2027-08-01' });
  const b = await createLoad(api, `${prefix}-B`, { pickupDate: '2027-08-01' });
  await api.dispose();

  await openAs(page, 'Dispatcher', `/loads?sort=loadNumber&direction=asc`);
  await expect(board(page)).toBeVisible();
  const searchBox = page.getByRole('searchbox', { name: 'Search' });

  // "/" focuses the search box; typed letters there are text, not shortcuts.
  await page.getByRole('heading', { level: 1, name: 'Loads' }).click();
  await page.keyboard.press('/');
  await expect(searchBox).toBeFocused();
  await page.keyboard.type(prefix);
  await expect(searchBox).toHaveValue(prefix);
  await expect(page).toHaveURL(/search=/);
  await expect(boardRows(page)).toHaveCount(2);
  await expect.poll(() => rowNumbers(boardRows(page))).toEqual([a.loadNumber, b.loadNumber]);

  // j / k move the highlight: the row's load is focused and the row is marked current.
  await page.getByRole('heading', { level: 1, name: 'Loads' }).click();
  await page.keyboard.press('j');
  await expect(rowOf(page, a.loadNumber).getByRole('button', { name: a.loadNumber, exact: true })).toBeFocused();
  await expect(rowOf(page, a.loadNumber)).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('j');
  await expect(rowOf(page, b.loadNumber).getByRole('button', { name: b.loadNumber, exact: true })).toBeFocused();
  await expect(rowOf(page, b.loadNumber)).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('k');
  await expect(rowOf(page, a.loadNumber).getByRole('button', { name: a.loadNumber, exact: true })).toBeFocused();

  // Enter opens the highlighted load.
  await page.keyboard.press('Enter');
  const detail = page.getByRole('dialog', { name: a.loadNumber });
  await expect(detail).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`load=${a.id}`));
  // Shortcuts sleep while a dialog is open.
  await page.keyboard.press('n');
  await expect(page.getByRole('dialog', { name: 'Create Load' })).toHaveCount(0);
  await detail.getByRole('button', { name: 'Close' }).first().click();
  await expect(detail).toBeHidden();

  // ? lists the shortcuts.
  await page.getByRole('heading', { level: 1, name: 'Loads' }).click();
  await page.keyboard.press('?');
  const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(shortcuts).toContainText('Search loads');
  await expect(shortcuts).toContainText('Open the highlighted load');
  await expect(shortcuts).toContainText('Create a load');
  await expectScreenAccessible(page);
  await shortcuts.getByRole('button', { name: 'Close' }).first().click();
  await expect(shortcuts).toBeHidden();

  // n opens Create Load.
  await page.getByRole('heading', { level: 1, name: 'Loads' }).click();
  await page.keyboard.press('n');
  const create = page.getByRole('dialog', { name: 'Create Load' });
  await expect(create).toBeVisible();
  await create.getByRole('button', { name: 'Cancel' }).click();
  await expect(create).toBeHidden();
});

test('at 375 px the phone shows cards with the same filters and views', async ({ page, playwright }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 800 });
  const api = await dispatcherApi(playwright);
  const prefix = uniquePrefix('phone');
  await openAs(page, 'Dispatcher', '/loads');
  const today = await browserToday(page);
  const todays = await createLoad(api, `${prefix}-T`, { pickupDate: today, deliveryDate: today });
  const later = await createLoad(api, `${prefix}-L`, { pickupDate: await browserToday(page, 3) });
  await api.dispose();
  await page.reload();

  // Cards, not the table, on a phone.
  await expect(page.getByRole('list', { name: 'Loads' })).toBeVisible();
  await expect(board(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cards', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await search(page, prefix);
  await expect(loadCards(page)).toHaveCount(2);

  // The filter panel opens on demand and holds the same filters as the desktop's.
  const toggle = page.getByRole('button', { name: /^Filters/ });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  const panel = filterPanel(page);
  await expect(panel.getByRole('group', { name: 'Status' }).getByRole('checkbox')).toHaveCount(6);
  await expect(panel.getByLabel('Pickup from')).toBeVisible();
  await expect(panel.getByLabel('Delivery to')).toBeVisible();
  await expect(panel.getByRole('combobox', { name: 'Driver' })).toBeVisible();
  await expect(panel.getByRole('combobox', { name: 'Broker' })).toBeVisible();
  await expect(panel.getByRole('combobox', { name: 'Carrier' })).toBeVisible();
  for (const toggleName of ['Unassigned', 'Late', 'At risk']) await expect(panel.getByRole('checkbox', { name: toggleName })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectScreenAccessible(page);

  await panel.getByLabel('Pickup from').fill(today);
  await panel.getByLabel('Pickup to').fill(today);
  await expect(page).toHaveURL(new RegExp(`pickupTo=${today}`));
  await expect(page.getByRole('combobox', { name: 'View' })).toHaveValue('built-in:todaysPickups');
  await expect(loadCards(page).filter({ hasText: todays.loadNumber })).toBeVisible();
  await expect(loadCards(page).filter({ hasText: later.loadNumber })).toHaveCount(0);
  await expect(loadCards(page)).toHaveCount(1);

  // A status filter from the phone: pending holds it, delivered does not.
  await panel.getByRole('checkbox', { name: 'Delivered' }).check();
  await expect(page).toHaveURL(/statuses=delivered/);
  await expect(page.getByText('No loads match your filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/loads$/);
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('');

  // The table can be chosen on the phone too: it scrolls inside its box, the page never widens.
  await page.getByRole('button', { name: 'Table', exact: true }).click();
  await expect(board(page)).toBeVisible();
  await expectNoHorizontalOverflow(page);
});

test('a saved view is listed beside the built-ins, chosen, and deleted after a confirmation', async ({ page }) => {
  await openAs(page, 'Dispatcher', '/loads?late=true&sort=deliveryDate&direction=asc');
  const viewName = `Late by delivery ${Date.now()}`;
  await expect(page.getByRole('combobox', { name: 'View' })).toHaveValue('custom');
  await page.getByRole('button', { name: 'Save view' }).click();
  const save = page.getByRole('dialog', { name: 'Save view' });
  await save.getByLabel('View name').fill(viewName);
  await save.getByRole('button', { name: 'Save view' }).click();
  await expect(save).toBeHidden();

  // Listed, and chosen again from another view.
  const views = page.getByRole('combobox', { name: 'View' });
  await views.selectOption({ label: 'In transit' });
  await expect(page).toHaveURL(/statuses=in_transit/);
  await views.selectOption({ label: viewName });
  await expect(page).toHaveURL(/late=true/);
  await expect(page).toHaveURL(/sort=deliveryDate/);

  await page.getByRole('button', { name: 'Delete view' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete view?' });
  await expect(confirm).toContainText(viewName);
  await confirm.getByRole('button', { name: 'Delete view' }).click();
  await expect(views.locator('option', { hasText: viewName })).toHaveCount(0);
});
