import type { Browser, Page } from '@playwright/test';
import pg from 'pg';
import { e2eOwnerUrl } from './support/environment';
import { linkMailedTo } from './support/mailbox';
import { expect, expectAccessibleWithin, expectToast, holdToasts, openAs, quietContext, settleAnimations, test } from './support/fixtures';

/**
 * Driver accounts (issue 14): an admin adds a driver with an email and a dispatcher, invites them
 * from the record; the driver opens the mailed link on a phone, joins, lands on the driver portal
 * with their load, and uploads a POD for it from the phone's camera (a file here). Axe on the new dialog.
 */

/** A valid 1x1 PNG: the "photo" of the POD. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** The invitation link in the newest mail to this address (./support/mailbox.ts); waits for the mail a moment. */
const invitationLinkMailedTo = (email: string) => linkMailedTo(email, /https?:\/\/\S+\/invite\/[A-Za-z0-9_-]+/);

/** A load assigned to the driver with this email, staged as the company's dispatcher would (owner connection, scoped like the app). */
async function assignLoadTo(email: string, loadNumber: string): Promise<void> {
  const client = new pg.Client({ connectionString: e2eOwnerUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; company_id: string; dispatcher_id: string | null }>(
      'select id, company_id, dispatcher_id from drivers where email = $1',
      [email],
    );
    const driver = rows[0];
    if (!driver) throw new Error(`no driver with email ${email}`);
    await client.query('begin');
    await client.query(`select set_config('app.company_id', $1, true), set_config('app.user_id', $2, true)`, [
      driver.company_id,
      driver.dispatcher_id ?? '',
    ]);
    await client.query(
      `insert into loads (company_id, load_number, pickup_location, pickup_city, pickup_state, delivery_location, delivery_city,
                          delivery_state, commodity, rate, driver_id, status, created_by)
       values ($1, $2, '1200 Industrial Pkwy', 'Dallas', 'TX', '88 Harbor Rd', 'Atlanta', 'GA', 'Dry goods', 1500, $3, 'in_transit', $4)`,
      [driver.company_id, loadNumber, driver.id, driver.dispatcher_id],
    );
    await client.query('commit');
  } finally {
    await client.end();
  }
}

async function phonePage(browser: Browser): Promise<Page> {
  const context = await quietContext(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  return context.newPage();
}

test('an admin invites a driver from the record; the driver joins on a phone, sees their load and uploads a POD', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const suffix = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const driver = { firstName: 'Reese', lastName: `Mileson${suffix}`, email: `e2e-driver-${suffix}@example.test` };
  const name = `${driver.firstName} ${driver.lastName}`;
  const loadNumber = `E2E-POD-${suffix}`;

  // The admin adds the driver with an email and the demo dispatcher.
  await holdToasts(page);
  await openAs(page, 'Admin', '/drivers');
  await page.getByRole('button', { name: 'Add Driver' }).click();
  const form = page.getByRole('dialog', { name: 'Add Driver' });
  await form.getByLabel('First Name').fill(driver.firstName);
  await form.getByLabel('Last Name').fill(driver.lastName);
  await form.getByLabel('Email').fill(driver.email);
  await form.getByLabel('Dispatcher').selectOption({ label: 'Dana Whitfield' });
  await form.getByRole('button', { name: 'Add Driver' }).click();
  await expect(form).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Dana Whitfield');

  // Invite to Haulwise, from the record.
  await row.getByRole('button', { name: `Invite to Haulwise: ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite to Haulwise' });
  await expect(dialog.getByText(driver.email)).toBeVisible();
  await settleAnimations(page);
  await expectAccessibleWithin(page, '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expectToast(page, 'Invitation Sent', `${name} will receive an invitation at ${driver.email}`);
  await expect(dialog.getByRole('button', { name: 'Send Invitation Again' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  await assignLoadTo(driver.email, loadNumber);

  // The driver opens the mailed link on a phone and joins.
  const link = await invitationLinkMailedTo(driver.email);
  const phone = await phonePage(browser);
  await holdToasts(phone);
  await phone.goto(link);
  await expect(phone.getByRole('heading', { level: 1, name: /^Join / })).toBeVisible({ timeout: 20_000 });
  await expect(phone.getByText(/as Driver\./)).toBeVisible();
  await expect(phone.getByLabel('First Name')).toHaveValue(driver.firstName);
  await phone.getByLabel('Password').fill('road-secret-1');
  await phone.getByRole('button', { name: 'Accept Invitation' }).click();
  await expect(phone).toHaveURL(/\/driver-portal$/, { timeout: 30_000 });
  await expect(phone.getByRole('heading', { level: 1, name: 'Driver Portal' })).toBeVisible({ timeout: 30_000 });
  await expect(phone.getByText(loadNumber)).toBeVisible();
  await expect(phone.getByText('Dana Whitfield').first()).toBeVisible();

  // Upload POD: the camera input, then the document in the portal's list.
  const camera = phone.getByTestId(`pod-input-${loadNumber}`);
  await expect(camera).toHaveAttribute('capture', 'environment');
  await expect(camera).toHaveAttribute('accept', 'image/*,application/pdf');
  await camera.setInputFiles({ name: `pod-${suffix}.png`, mimeType: 'image/png', buffer: TINY_PNG });
  await expectToast(phone, 'Document Uploaded', `Proof of delivery for ${loadNumber}`);
  await expect(phone.getByRole('region', { name: 'My Documents' }).getByText(`pod-${suffix}.png`)).toBeVisible();
  await phone.context().close();
});

/** The demo carrier user's carrier (server/src/seed/demo-fleet.ts makes carrier@summit.demo the user of a carrier: carrier_users). */
async function demoCarrierUserCarrier(): Promise<string> {
  const client = new pg.Client({ connectionString: e2eOwnerUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `select c.name from carriers c join carrier_users cu on cu.company_id = c.company_id and cu.carrier_id = c.id
       join users u on u.id = cu.user_id where u.email = 'carrier@summit.demo'`,
    );
    if (!rows[0]) throw new Error('the demo carrier user is not linked');
    return rows[0].name;
  } finally {
    await client.end();
  }
}

test('an admin opens Invite carrier user on a carrier: its drivers to choose from, the linked one disabled; accessible', async ({
  page,
}) => {
  const carrier = await demoCarrierUserCarrier();
  await openAs(page, 'Admin', '/carriers');
  await page
    .getByRole('button', { name: `Invite carrier user: ${carrier}` })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Invite Carrier User' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/carrier portal/)).toBeVisible();
  const choice = dialog.getByLabel('Driver record');
  await expect(choice).toBeVisible();
  await expect(choice.locator('option', { hasText: 'This driver already has a Haulwise account.' })).toBeDisabled();
  // The carrier's own user is listed, for an admin to remove (issue 24, item 3); not removed here (other journeys use it).
  await expect(dialog.getByRole('region', { name: 'Carrier users' }).getByRole('button', { name: /^Remove account: / })).toBeVisible();
  // Nothing chosen yet: nothing to send.
  await expect(dialog.getByRole('button', { name: 'Send Invitation' })).toBeDisabled();
  await settleAnimations(page);
  await expectAccessibleWithin(page, '[role="dialog"]');
});
