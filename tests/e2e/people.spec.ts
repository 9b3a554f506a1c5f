import type { Locator, Page } from '@playwright/test';
import { expect as baseExpect, expectAccessible, expectNoHorizontalOverflow, settleAnimations, openAs, test } from './support/fixtures';

/**
 * Drivers, brokers and carriers as a dispatcher and an admin use them: add, edit, view a
 * driver's location, delete with the confirmation; accessibility on every screen and dialog; a
 * phone's width. Names are unique per run, so journeys running in parallel never collide.
 */

// Every journey signs in, runs axe several times and waits for toasts: generous on a busy 2-core machine.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * Clicks and expects the toast with this title. The wait starts before the click, so a toast
 * is seen even when a loaded machine takes longer than the toast's life to reach the check.
 */
async function clickAndExpectToast(page: Page, target: Locator, title: string) {
  const toast = page
    .getByTestId('toast')
    .filter({ has: page.getByText(title, { exact: true }) })
    .first();
  await Promise.all([toast.waitFor({ state: 'visible', timeout: 30_000 }), target.click()]);
}

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

async function openDialog(page: Page, button: string, title: string): Promise<Locator> {
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await settleAnimations(page);
  return dialog;
}

async function confirmDeletion(page: Page, recordName: string, kind: 'driver' | 'carrier' | 'broker', toast: string) {
  await page.getByRole('button', { name: `Delete: ${recordName}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Delete ${kind[0]?.toUpperCase()}${kind.slice(1)}` });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText(`Are you sure you want to delete this ${kind} (${recordName})? This action cannot be undone.`);
  await expect(confirm).toContainText('keep showing their name');
  await settleAnimations(page);
  await expectAccessible(page);
  await clickAndExpectToast(page, confirm.getByRole('button', { name: 'Delete', exact: true }), toast);
  await expect(confirm).toBeHidden();
}

test('a dispatcher adds a driver, with errors beside the fields, and edits it', async ({ page }) => {
  const first = 'Rosa';
  const last = `Alvarez ${unique()}`;
  const name = `${first} ${last}`;
  await openAs(page, 'Dispatcher', '/drivers');
  await expect(page.getByRole('heading', { name: 'Drivers', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Drivers' })).toBeVisible();
  for (const header of ['Name', 'Phone', 'Email', 'License', 'Status', 'Actions']) {
    await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  await expectAccessible(page);

  // Add Driver: the names are required, the errors sit beside their fields.
  let dialog = await openDialog(page, 'Add Driver', 'Add Driver');
  await expect(dialog.getByLabel('Email')).toHaveAttribute('type', 'email');
  await expect(dialog.getByLabel('Phone')).toHaveAttribute('type', 'tel');
  await expect(dialog.getByLabel('License Expiry')).toHaveAttribute('type', 'date');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Add Driver' }).click();
  await expect(dialog.getByText('First name is required')).toBeVisible();
  await expect(dialog.getByText('Last name is required')).toBeVisible();
  await dialog.getByLabel('First Name').fill(first);
  await dialog.getByLabel('Last Name').fill(last);
  await dialog.getByLabel('Email').fill('not-an-email');
  await dialog.getByRole('button', { name: 'Add Driver' }).click();
  await expect(dialog.getByText('Invalid email address')).toBeVisible();
  await dialog.getByLabel('Email').fill('rosa.alvarez@example.test');
  await dialog.getByLabel('Phone').fill('+1 (555) 010-2020');
  await dialog.getByLabel('License Number').fill('CDL-A 448812');
  await clickAndExpectToast(page, dialog.getByRole('button', { name: 'Add Driver' }), 'Driver created successfully');
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('rosa.alvarez@example.test');
  await expect(row).toContainText('+1 (555) 010-2020');
  await expect(row).toContainText('CDL-A 448812');
  await expect(row).toContainText('Available');

  // Edit: the status changes, the rest stays.
  await page.getByRole('button', { name: `Edit: ${name}` }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Driver' });
  await expect(dialog.getByLabel('First Name')).toHaveValue(first);
  await dialog.getByLabel('Status').selectOption({ label: 'On route' });
  await clickAndExpectToast(page, dialog.getByRole('button', { name: 'Save Changes' }), 'Driver updated successfully');
  await expect(row).toContainText('On route');
  await expect(row).toContainText('rosa.alvarez@example.test');
});

test("a dispatcher views a driver's location, then deletes the driver after the confirmation", async ({ page }) => {
  const name = `Lee Novak ${unique()}`;
  await openAs(page, 'Dispatcher', '/drivers');
  const dialog = await openDialog(page, 'Add Driver', 'Add Driver');
  await dialog.getByLabel('First Name').fill('Lee');
  await dialog.getByLabel('Last Name').fill(name.slice('Lee '.length));
  await clickAndExpectToast(page, dialog.getByRole('button', { name: 'Add Driver' }), 'Driver created successfully');

  // The location dialog: a new driver has never shared a position.
  await page.getByRole('button', { name: `View location: ${name}` }).click();
  const location = page.getByRole('dialog', { name: 'Driver Location' });
  await expect(location).toContainText(name);
  await expect(location.getByText('Never', { exact: true })).toBeVisible();
  await settleAnimations(page);
  await expectAccessible(page);
  await location.getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect(location).toBeHidden();

  // Delete, after the confirmation.
  await confirmDeletion(page, name, 'driver', 'Driver deleted successfully');
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
});

test('a dispatcher adds, edits and deletes a carrier', async ({ page }) => {
  const name = `Blue Ridge Transport ${unique()}`;
  await openAs(page, 'Dispatcher', '/carriers');
  await expect(page.getByRole('heading', { name: 'Carriers', level: 1 })).toBeVisible();
  await expectAccessible(page);

  let dialog = await openDialog(page, 'Add Carrier', 'Add Carrier');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Add Carrier' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await dialog.getByLabel('MC Number').fill('MC-784512');
  await dialog.getByLabel('DOT Number').fill('2849173');
  await expect(dialog.getByLabel('Phone')).toHaveAttribute('type', 'tel');
  await dialog.getByLabel('Phone').fill('555-010-7788');
  await expect(dialog.getByLabel('Email')).toHaveAttribute('type', 'email');
  await dialog.getByLabel('Email').fill('ops@blueridge.example');
  await clickAndExpectToast(page, dialog.getByRole('button', { name: 'Add Carrier' }), 'Carrier created successfully');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('MC-784512');
  await expect(row).toContainText('2849173');
  await expect(row).toContainText('ops@blueridge.example');

  await page.getByRole('button', { name: `Edit: ${name}` }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Carrier' });
  await dialog.getByLabel('DOT Number').fill('3001002');
  await dialog.getByText('Contract signed').click();
  await clickAndExpectToast(page, dialog.getByRole('button', { name: 'Save Changes' }), 'Carrier updated successfully');
  await expect(row).toContainText('3001002');

  await confirmDeletion(page, name, 'carrier', 'Carrier deleted successfully');
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
});

test('a dispatcher adds and edits a broker; only an admin may delete one', async ({ page }) => {
  const name = `Priya Shah ${unique()}`;
  await openAs(page, 'Dispatcher', '/brokers');
  await expect(page.getByRole('heading', { name: 'Brokers', level: 1 })).toBeVisible();
  for (const header of ['Name', 'Company', 'Phone', 'Email', 'Payment Terms']) {
    await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  await expectAccessible(page);

  let dialog = await openDialog(page, 'Add Broker', 'Add Broker');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Add Broker' }).click();
  await expect(dialog.getByText('Contact name is required')).toBeVisible();
  await dialog.getByLabel('Contact Name').fill(name);
  await dialog.getByLabel('Company Name').fill('Crossroads Logistics');
  await dialog.getByLabel('Phone').fill('(555) 010-4400');
  await dialog.getByLabel('Email').fill('priya@crossroads.example');
  await dialog.getByLabel('Payment Terms').fill('Net 30');
  await clickAndExpectToast(page, dialog.getByRole('button', { name: 'Add Broker' }), 'Broker created successfully');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Crossroads Logistics');
  await expect(row).toContainText('Net 30');
  // Dispatchers edit brokers but do not delete them.
  await expect(page.getByRole('button', { name: `Delete: ${name}` })).toHaveCount(0);

  await page.getByRole('button', { name: `Edit: ${name}` }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Broker' });
  await dialog.getByLabel('Payment Terms').fill('Quick Pay');
  await clickAndExpectToast(page, dialog.getByRole('button', { name: 'Save Changes' }), 'Broker updated successfully');
  await expect(row).toContainText('Quick Pay');

  // An admin deletes it, after the confirmation.
  await page.context().clearCookies();
  await openAs(page, 'Admin', '/brokers');
  await confirmDeletion(page, name, 'broker', 'Broker deleted successfully');
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
});

test('at 375 px the people screens read as cards and their forms fit the screen', async ({ page }) => {
  const last = `Phone ${unique()}`;
  await page.setViewportSize({ width: 375, height: 760 });
  await openAs(page, 'Dispatcher', '/drivers');
  await expect(page.getByRole('heading', { name: 'Drivers', level: 1 })).toBeVisible();

  const dialog = await openDialog(page, 'Add Driver', 'Add Driver');
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
  await dialog.getByLabel('First Name').fill('Sam');
  await dialog.getByLabel('Last Name').fill(last);
  await clickAndExpectToast(page, dialog.getByRole('button', { name: 'Add Driver' }), 'Driver created successfully');

  const card = page
    .getByRole('list', { name: 'Drivers' })
    .getByRole('listitem')
    .filter({ hasText: `Sam ${last}` });
  await expect(card).toContainText('Available');
  await expect(card.getByRole('button', { name: `View location: Sam ${last}` })).toBeVisible();
  await expect(card.getByRole('button', { name: `Delete: Sam ${last}` })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);

  for (const [path, heading] of [
    ['/carriers', 'Carriers'],
    ['/brokers', 'Brokers'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: heading === 'Carriers' ? 'Add Carrier' : 'Add Broker' })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
  }

  await page.goto('/drivers');
  await page.getByRole('button', { name: `Delete: Sam ${last}` }).click();
  await clickAndExpectToast(
    page,
    page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }),
    'Driver deleted successfully',
  );
});

test('treasury reads drivers and brokers without ways to change them, and is sent home from carriers', async ({ page }) => {
  await openAs(page, 'Treasury', '/drivers');
  await expect(page.getByRole('heading', { name: 'Drivers', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Driver' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Edit|Delete): / })).toHaveCount(0);
  await page.goto('/brokers');
  await expect(page.getByRole('heading', { name: 'Brokers', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Broker' })).toHaveCount(0);
  await page.goto('/carriers');
  await expect(page).toHaveURL(/\/treasury-dashboard$/);
});
