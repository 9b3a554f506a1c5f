import type { Browser, Locator, Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  expectToast,
  fillLoadNumber,
  openAs,
  quietPage,
  settleAnimations,
  test,
} from './support/fixtures';

/**
 * The Loads screen as a dispatcher uses it: create a load, find it by search and by status,
 * open it, move its status and read the timeline, edit it. Every load here carries a unique
 * number, so journeys running in parallel never find each other's loads.
 */

const uniqueNumber = (label: string) => `LOAD-E2E-${label}-${Date.now()}-${Math.floor(Math.random() * 1000)}`;

/**
 * These journeys use the cards (a phone's view, a desktop's by choice) with the filter panel open;
 * the board's table has journeys of its own (load-board.spec.ts).
 */
function showCards() {
  localStorage.setItem('haulwise:loads-layout', 'cards');
  localStorage.setItem('haulwise:loads-filters-open', 'true');
}
test.beforeEach(async ({ page }) => {
  await page.addInitScript(showCards);
});
async function cardsPage(browser: Browser): Promise<Page> {
  const page = await quietPage(browser);
  await page.addInitScript(showCards);
  return page;
}
/** The status filter's checkbox of one status ("Pending", "In transit"). */
const statusFilter = (page: Page, label: string) =>
  page.getByRole('group', { name: 'Status' }).getByRole('checkbox', { name: label, exact: true });

const loadCards = (page: Page) => page.getByRole('list', { name: 'Loads' }).getByRole('button');
const cardOf = (page: Page, loadNumber: string) => loadCards(page).filter({ hasText: loadNumber });

/** Axe as people see the screen: the pointer off any button (a hovered button is lighter) and animations done. */
async function expectScreenAccessible(page: Page) {
  await page.mouse.move(0, 0);
  await settleAnimations(page);
  await expectAccessible(page);
}

/** Submits the Create Load form and waits until it has closed (the load exists). */
async function submitNewLoad(dialog: Locator) {
  await dialog.getByRole('button', { name: 'Create Load' }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
}

async function openLoadsScreen(page: Page) {
  await page.getByRole('navigation', { name: 'Main navigation' }).first().getByRole('link', { name: 'Loads', exact: true }).click();
  await expect(page).toHaveURL(/\/loads$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Loads' })).toBeVisible();
}

/** Fills the Create Load form's required fields (and a few more) as a dispatcher types them. */
async function fillLoadForm(dialog: Locator, values: { loadNumber: string; commodity: string }) {
  await fillLoadNumber(dialog, values.loadNumber);
  await dialog.getByLabel('Reference Number').fill('PO-4471');
  await dialog.getByLabel('Pickup Address').fill('100 Harbor Way');
  await dialog.getByLabel('Pickup City').fill('Oakland');
  await dialog.getByLabel('Pickup State').fill('ca');
  await dialog.getByLabel('Pickup Date').fill('2026-12-01');
  await dialog.getByLabel('Delivery Address').fill('5 Commerce Dr');
  await dialog.getByLabel('Delivery City').fill('Reno');
  await dialog.getByLabel('Delivery State').fill('NV');
  await dialog.getByLabel('Delivery Date').fill('2026-12-02');
  await dialog.getByLabel('Commodity').fill(values.commodity);
  await dialog.getByLabel('Weight (lbs)').fill('42000');
  await dialog.getByLabel('Line Haul (USD)').fill('1850.50');
}

test('a dispatcher creates a load, finds it by search and status, opens it, moves its status and edits it', async ({ page }) => {
  // One long journey: on a busy 2-core machine it takes over a minute.
  test.setTimeout(150_000);
  const loadNumber = uniqueNumber('create');
  const commodity = `Frozen berries ${Date.now()}`;
  await openAs(page, 'Dispatcher');
  await openLoadsScreen(page);
  await expect(page.getByRole('searchbox', { name: 'Search' })).toBeVisible();
  await expect(statusFilter(page, 'Pending')).not.toBeChecked();
  await expectScreenAccessible(page);

  // Create Load: the required fields speak up beside themselves first.
  await page.getByRole('button', { name: 'Create Load' }).click();
  const createDialog = page.getByRole('dialog', { name: 'Create Load' });
  // The company's next number (its own pattern, ending in digits), or the spec's LOAD- and a timestamp.
  await expect(createDialog.getByLabel('Load Number')).toHaveValue(/\d$/);
  await expect(createDialog.getByLabel('Sales Percentage (%)')).toHaveAttribute('step', '0.1');
  await expect(createDialog.getByLabel('Line Haul (USD)')).toHaveAttribute('step', '0.01');
  await expect(createDialog.getByRole('combobox', { name: 'Driver' }).locator('option').first()).toHaveText('None');
  await createDialog.getByRole('button', { name: 'Create Load' }).click();
  // Each stop's fields speak for themselves (stops.0.address, stops.1.state, ...).
  await expect(createDialog.getByText('Address is required')).toHaveCount(2);
  await expect(createDialog.getByText('State is required')).toHaveCount(2);
  await expectScreenAccessible(page);

  await fillLoadForm(createDialog, { loadNumber, commodity });
  // The spec's clamp, when the field is left: above 100 becomes 100.
  await createDialog.getByLabel('Sales Percentage (%)').fill('150');
  await createDialog.getByLabel('Sales Percentage (%)').blur();
  await expect(createDialog.getByLabel('Sales Percentage (%)')).toHaveValue('100');
  await createDialog.getByLabel('Sales Percentage (%)').fill('12.5');
  // Distance left empty: the gazetteer's straight-line estimate, one click to use.
  await createDialog.getByRole('button', { name: /^Use the estimated \d+ miles$/ }).click();
  await expect(createDialog.getByLabel('Distance (miles)')).toHaveValue(/^\d+$/);
  await createDialog.getByRole('button', { name: 'Create Load' }).click();
  await expectToast(page, 'Load created successfully');
  await expect(createDialog).toBeHidden();

  // Found by search (load number, then commodity), as a card with lane, dates, names, status and rate.
  await page.getByRole('searchbox', { name: 'Search' }).fill(loadNumber);
  await expect(loadCards(page)).toHaveCount(1);
  const card = cardOf(page, loadNumber);
  await expect(card).toContainText('Oakland, CA');
  await expect(card).toContainText('Reno, NV');
  await expect(card).toContainText('Pickup Dec 1, 2026');
  await expect(card).toContainText('Driver: Unassigned');
  await expect(card).toContainText('Pending');
  await expect(card).toContainText('$1,850.50');
  // Cleared, then the same search typed again at once: it searches again (the box's pause pushes
  // what was typed even when an earlier pause pushed the same text).
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(loadNumber);
  await expect(page).toHaveURL(/search=/);
  await expect(loadCards(page)).toHaveCount(1);
  await page.getByRole('searchbox', { name: 'Search' }).fill(commodity.toUpperCase());
  await expect(loadCards(page)).toHaveCount(1);
  await expect(cardOf(page, loadNumber)).toBeVisible();

  // Found by status: pending shows it, delivered does not; Clear filters empties both.
  await statusFilter(page, 'Pending').check();
  await expect(cardOf(page, loadNumber)).toBeVisible();
  await statusFilter(page, 'Pending').uncheck();
  await statusFilter(page, 'Delivered').check();
  await expect(page.getByText('No loads match your filters.')).toBeVisible();
  await statusFilter(page, 'Delivered').uncheck();
  await statusFilter(page, 'Pending').check();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  await expect(statusFilter(page, 'Pending')).not.toBeChecked();
  await expect(page).toHaveURL(/\/loads$/);
  await page.getByRole('searchbox', { name: 'Search' }).fill(loadNumber);
  await expect(loadCards(page)).toHaveCount(1);

  // Opened from the keyboard: cards are buttons.
  await cardOf(page, loadNumber).focus();
  await page.keyboard.press('Enter');
  const detail = page.getByRole('dialog', { name: loadNumber });
  await expect(detail.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
  await expect(detail.getByRole('tab', { name: 'Documents (0)' })).toBeVisible();
  await expect(detail).toContainText('PO-4471');
  await expect(detail).toContainText('42,000 lbs');
  await expect(detail).toContainText('$231.31'); // commission: 12.5% of $1,850.50, to the cent
  await expectScreenAccessible(page);

  await detail.getByRole('tab', { name: 'Documents (0)' }).click();
  await expect(detail.getByText('No documents yet')).toBeVisible();

  await detail.getByRole('tab', { name: 'Map' }).click();
  await expect(detail.getByText('Pickup:', { exact: false }).first()).toBeVisible();

  // Status & Updates: the selector and the timeline (Created, then the current status once not pending).
  await detail.getByRole('tab', { name: 'Status & Updates' }).click();
  const timeline = detail.getByRole('list', { name: 'Status timeline' });
  await expect(timeline.getByRole('listitem')).toHaveCount(1);
  await expect(timeline).toContainText('Created');
  await detail.getByRole('combobox', { name: 'Status' }).selectOption('in_transit');
  await expectToast(page, 'Status Updated');
  await expect(timeline.getByRole('listitem')).toHaveCount(2);
  await expect(timeline.getByRole('listitem').nth(1)).toContainText('In transit');
  await expect(detail.getByText('In transit').first()).toBeVisible();
  await expectScreenAccessible(page);

  // Edit: the same form, prefilled.
  await detail.getByRole('button', { name: 'Edit' }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit Load' });
  await expect(editDialog.getByLabel('Load Number')).toHaveValue(loadNumber);
  await expect(editDialog.getByLabel('Pickup City')).toHaveValue('Oakland');
  await expect(editDialog.getByLabel('Line Haul (USD)')).toHaveValue('1850.50');
  await editDialog.getByLabel('Delivery City').fill('Sparks');
  await editDialog.getByLabel('Line Haul (USD)').fill('1975');
  await editDialog.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Load updated successfully');
  await expect(editDialog).toBeHidden();
  await detail.getByRole('tab', { name: 'Details' }).click();
  await expect(detail).toContainText('Sparks, NV');
  await expect(detail).toContainText('$1,975.00');
  await detail.getByRole('button', { name: 'Close' }).first().click();
  await expect(detail).toBeHidden();

  // The card shows the edit and the new status, and the status filter finds it there.
  await statusFilter(page, 'In transit').check();
  await expect(cardOf(page, loadNumber)).toContainText('Sparks, NV');
  await expect(cardOf(page, loadNumber)).toContainText('In transit');
  await expect(cardOf(page, loadNumber)).toContainText('$1,975.00');
});

test('a refused load form shows each error beside its field', async ({ page }) => {
  await openAs(page, 'Dispatcher');
  await openLoadsScreen(page);
  await page.getByRole('button', { name: 'Create Load' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Load' });
  await fillLoadForm(dialog, { loadNumber: uniqueNumber('refused'), commodity: 'Steel coils' });
  await dialog.getByLabel('Delivery State').fill('N');
  await dialog.getByRole('button', { name: 'Create Load' }).click();
  await expect(dialog.getByText('State must be 2 letters')).toBeVisible();
  await dialog.getByLabel('Delivery State').fill('NV');
  await dialog.getByLabel('Delivery Date').fill('2026-11-20');
  await dialog.getByRole('button', { name: 'Create Load' }).click();
  await expect(dialog.getByText('Delivery date cannot be before the pickup date')).toBeVisible();
  await expect(dialog.getByText('State must be 2 letters')).toBeHidden();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('at 375 px the loads screen, a card and the open dialog fit the phone', async ({ page }) => {
  const loadNumber = uniqueNumber('phone');
  await page.setViewportSize({ width: 375, height: 800 });
  await openAs(page, 'Dispatcher', '/loads');
  await expect(page.getByRole('heading', { level: 1, name: 'Loads' })).toBeVisible();
  await page.getByRole('button', { name: 'Create Load' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Load' });
  await fillLoadForm(dialog, { loadNumber, commodity: 'Lumber' });
  await submitNewLoad(dialog);
  await page.getByRole('searchbox', { name: 'Search' }).fill(loadNumber);
  await expect(loadCards(page)).toHaveCount(1);
  await expectNoHorizontalOverflow(page);
  await expectScreenAccessible(page);
  await cardOf(page, loadNumber).click();
  const detail = page.getByRole('dialog', { name: loadNumber });
  await expect(detail.getByRole('tab', { name: 'Status & Updates' })).toBeAttached();
  await expectNoHorizontalOverflow(page);
});

test('a sales agent sees "My Loads", and treasury reads loads without changing them', async ({ browser }) => {
  test.setTimeout(90_000);
  const loadNumber = uniqueNumber('sales');
  const salesPage = await cardsPage(browser);
  await openAs(salesPage, 'Sales agent', '/loads');
  await expect(salesPage.getByRole('heading', { level: 1, name: 'My Loads' })).toBeVisible();
  await salesPage.getByRole('button', { name: 'Create Load' }).click();
  const dialog = salesPage.getByRole('dialog', { name: 'Create Load' });
  await fillLoadForm(dialog, { loadNumber, commodity: 'Paper rolls' });
  await submitNewLoad(dialog);
  await salesPage.close();

  const treasuryPage = await cardsPage(browser);
  await openAs(treasuryPage, 'Treasury', '/loads');
  await expect(treasuryPage.getByRole('heading', { level: 1, name: 'Loads' })).toBeVisible();
  await expect(treasuryPage.getByRole('button', { name: 'Create Load' })).toHaveCount(0);
  await treasuryPage.getByRole('searchbox', { name: 'Search' }).fill(loadNumber);
  await expect(loadCards(treasuryPage)).toHaveCount(1);
  await cardOf(treasuryPage, loadNumber).click();
  const detail = treasuryPage.getByRole('dialog', { name: loadNumber });
  await detail.getByRole('tab', { name: 'Status & Updates' }).click();
  await expect(detail.getByRole('combobox', { name: 'Status' })).toHaveCount(0);
  await expect(detail.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await treasuryPage.close();
});

test('a status change by someone else appears on an open list without a reload', async ({ browser, page }) => {
  test.setTimeout(90_000);
  const loadNumber = uniqueNumber('live');
  await openAs(page, 'Dispatcher', '/loads');
  await page.getByRole('button', { name: 'Create Load' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Load' });
  await fillLoadForm(dialog, { loadNumber, commodity: 'Bottled water' });
  await submitNewLoad(dialog);
  await page.getByRole('searchbox', { name: 'Search' }).fill(loadNumber);
  await expect(cardOf(page, loadNumber)).toContainText('Pending');

  const adminPage = await cardsPage(browser);
  await openAs(adminPage, 'Admin', '/loads');
  await adminPage.getByRole('searchbox', { name: 'Search' }).fill(loadNumber);
  await expect(loadCards(adminPage)).toHaveCount(1);
  await cardOf(adminPage, loadNumber).click();
  const detail = adminPage.getByRole('dialog', { name: loadNumber });
  await detail.getByRole('tab', { name: 'Status & Updates' }).click();
  await detail.getByRole('combobox', { name: 'Status' }).selectOption('delivered');
  await expect(detail.getByRole('list', { name: 'Status timeline' }).getByRole('listitem')).toHaveCount(2);

  await expect(cardOf(page, loadNumber)).toContainText('Delivered', { timeout: 5000 });
  await adminPage.close();
});

test('a duplicate load number is refused beside the field, and the form keeps what was typed', async ({ page }) => {
  test.setTimeout(90_000);
  const loadNumber = uniqueNumber('twice');
  await openAs(page, 'Dispatcher');
  await openLoadsScreen(page);
  await page.getByRole('button', { name: 'Create Load' }).click();
  const first = page.getByRole('dialog', { name: 'Create Load' });
  await fillLoadForm(first, { loadNumber, commodity: 'Copper wire' });
  await submitNewLoad(first);

  // The same number again: refused, named beside the Load Number field; nothing is created.
  await page.getByRole('button', { name: 'Create Load' }).click();
  const second = page.getByRole('dialog', { name: 'Create Load' });
  await expect(second.getByLabel('Load Number')).not.toHaveValue('');
  await fillLoadForm(second, { loadNumber, commodity: 'Copper wire again' });
  await second.getByRole('button', { name: 'Create Load' }).click();
  await expect(second.getByText('Load number already exists')).toBeVisible();
  await expect(second.getByLabel('Load Number')).toHaveAttribute('aria-invalid', 'true');
  await expect(second.getByLabel('Commodity')).toHaveValue('Copper wire again');
  await expectScreenAccessible(page);
  await second.getByRole('button', { name: 'Cancel' }).click();
  await expect(second).toBeHidden();
  await page.getByRole('searchbox', { name: 'Search' }).fill(loadNumber);
  await expect(loadCards(page)).toHaveCount(1);
});

test('assigning a driver to a pending load makes it Assigned, and the timeline shows both changes', async ({ page }) => {
  test.setTimeout(120_000);
  const loadNumber = uniqueNumber('assign');
  await openAs(page, 'Dispatcher');
  await openLoadsScreen(page);
  await page.getByRole('button', { name: 'Create Load' }).click();
  const create = page.getByRole('dialog', { name: 'Create Load' });
  await fillLoadForm(create, { loadNumber, commodity: 'Canned tomatoes' });
  await submitNewLoad(create);
  await page.getByRole('searchbox', { name: 'Search' }).fill(loadNumber);
  await expect(cardOf(page, loadNumber)).toContainText('Pending');
  await cardOf(page, loadNumber).click();
  const detail = page.getByRole('dialog', { name: loadNumber });
  await detail.getByRole('tab', { name: 'Status & Updates' }).click();
  const timeline = detail.getByRole('list', { name: 'Status timeline' });
  await expect(timeline.getByRole('listitem')).toHaveCount(1);
  await expect(timeline.getByRole('listitem').first()).toContainText('Created');
  await expect(timeline.getByRole('listitem').first()).toContainText('by Dana Whitfield');

  // Edit: pick the first driver of the list.
  await detail.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Load' });
  const driverSelect = edit.getByRole('combobox', { name: 'Driver' });
  const firstDriver = driverSelect.locator('option').nth(1);
  await expect(firstDriver).toBeAttached();
  const driverName = ((await firstDriver.textContent()) ?? '').trim();
  expect(driverName).not.toBe('');
  await driverSelect.selectOption({ label: driverName });
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Load updated successfully');
  await expect(edit).toBeHidden();

  // The load is Assigned, and the timeline holds the driver and the status, each by the dispatcher.
  await expect(detail.getByText('Assigned').first()).toBeVisible();
  await expect(timeline.getByRole('listitem')).toHaveCount(3);
  await expect(timeline.getByRole('listitem').nth(1)).toContainText(`Driver assigned: ${driverName}`);
  await expect(timeline.getByRole('listitem').nth(1)).toContainText('by Dana Whitfield');
  await expect(timeline.getByRole('listitem').nth(2)).toContainText('Status: Assigned');
  await expect(timeline.getByRole('listitem').nth(2)).toContainText('by Dana Whitfield');

  // A later status change joins them; nothing earlier is lost.
  await detail.getByRole('combobox', { name: 'Status' }).selectOption('picked');
  await expectToast(page, 'Status Updated');
  await expect(timeline.getByRole('listitem')).toHaveCount(4);
  await expect(timeline.getByRole('listitem').nth(3)).toContainText('Status: Picked');
  await expect(timeline.getByRole('listitem').nth(1)).toContainText(`Driver assigned: ${driverName}`);
  await expectScreenAccessible(page);
  await detail.getByRole('button', { name: 'Close' }).first().click();
  await expect(cardOf(page, loadNumber)).toContainText('Picked');
});
