import type { Browser, Page } from '@playwright/test';
import pg from 'pg';
import { e2eOwnerUrl } from './support/environment';
import { linkMailedTo } from './support/mailbox';
import { expect, expectToast, holdToasts, openAs, quietContext, signInAs, test } from './support/fixtures';

/**
 * Driver and carrier accounts are kinds of their own (issue 24, item 3): a driver whose record
 * names the demo carrier is still a driver (no carrier portal, on screen or from the server) while
 * the demo carrier user opens it and sees that driver among the carrier's; an admin removes a
 * driver's account and the driver's open portal tab is signed out at once. The accounts removed
 * are made here (the shared demo Driver stays): an admin invites them from a driver record.
 */

const DEMO_PASSWORD = 'haulwise-demo';
const DEMO_CARRIER_USER = 'carrier@summit.demo';

/** The invitation link in the newest mail to this address (./support/mailbox.ts). */
const invitationLinkMailedTo = (email: string) => linkMailedTo(email, /https?:\/\/\S+\/invite\/[A-Za-z0-9_-]+/);

/**
 * A driver record of the demo company with an email and no account, staged as an admin would add
 * it (owner connection, scoped like the app): of the demo carrier user's carrier when asked.
 */
async function stageDriverRecord(driver: { firstName: string; lastName: string; email: string }, ofDemoCarrier: boolean): Promise<void> {
  const client = new pg.Client({ connectionString: e2eOwnerUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ company_id: string; carrier_id: string }>(
      `select c.company_id, c.carrier_id from carrier_users c join users u on u.id = c.user_id where u.email = $1`,
      [DEMO_CARRIER_USER],
    );
    const demo = rows[0];
    if (!demo) throw new Error('the demo carrier user is not a carrier user (server/src/seed/demo-fleet.ts)');
    await client.query('begin');
    await client.query(`select set_config('app.company_id', $1, true)`, [demo.company_id]);
    await client.query(`insert into drivers (company_id, first_name, last_name, email, carrier_id) values ($1, $2, $3, $4, $5)`, [
      demo.company_id,
      driver.firstName,
      driver.lastName,
      driver.email,
      ofDemoCarrier ? demo.carrier_id : null,
    ]);
    await client.query('commit');
  } finally {
    await client.end();
  }
}

/** The admin's Invite to Haulwise dialog of the driver's row on the Drivers screen. */
async function openInviteDialog(page: Page, name: string) {
  await openAs(page, 'Admin', '/drivers');
  await page
    .getByRole('row', { name: new RegExp(name) })
    .getByRole('button', { name: `Invite to Haulwise: ${name}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Invite to Haulwise' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The admin invites the record's driver; the driver joins from the mailed link on a phone and lands on the driver portal. */
async function inviteAndJoin(page: Page, browser: Browser, driver: { firstName: string; lastName: string; email: string }): Promise<Page> {
  const name = `${driver.firstName} ${driver.lastName}`;
  const dialog = await openInviteDialog(page, name);
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expectToast(page, 'Invitation Sent', `${name} will receive an invitation at ${driver.email}`);
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  const context = await quietContext(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const phone = await context.newPage();
  await phone.goto(await invitationLinkMailedTo(driver.email));
  await expect(phone.getByRole('heading', { level: 1, name: /^Join / })).toBeVisible({ timeout: 20_000 });
  await expect(phone.getByText(/as Driver\./)).toBeVisible();
  await phone.getByLabel('Password').fill('road-secret-1');
  await phone.getByRole('button', { name: 'Accept Invitation' }).click();
  await expect(phone).toHaveURL(/\/driver-portal$/, { timeout: 30_000 });
  await expect(phone.getByRole('heading', { level: 1, name: 'Driver Portal' })).toBeVisible({ timeout: 30_000 });
  return phone;
}

function newDriver(label: string) {
  const suffix = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  return { firstName: label, lastName: `Kind${suffix}`, email: `e2e-${label.toLowerCase()}-${suffix}@example.test` };
}

test('a driver refused the carrier portal while a carrier user opens it', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const driver = newDriver('Colleague');
  const name = `${driver.firstName} ${driver.lastName}`;
  await stageDriverRecord(driver, true);
  await holdToasts(page);
  const phone = await inviteAndJoin(page, browser, driver);

  // The driver's record names the carrier, yet the driver is a driver: the carrier portal sends them home…
  await expect(phone.getByRole('link', { name: 'Carrier Portal' })).toHaveCount(0);
  await phone.goto('/carrier-portal');
  await expect(phone).toHaveURL(/\/driver-portal$/, { timeout: 20_000 });
  await expect(phone.getByRole('heading', { level: 1, name: 'Driver Portal' })).toBeVisible();
  // …and the server answers them no carrier, no colleagues and no loads, whatever the screen does.
  const answer = await phone.request.get('/trpc/portal.carrier');
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toMatchObject({ result: { data: { carrier: null, drivers: [], loads: [] } } });
  await phone.context().close();

  // The carrier user lands on the carrier portal, and sees that driver among the carrier's.
  const carrierContext = await quietContext(browser);
  const carrierPage = await carrierContext.newPage();
  await signInAs(carrierPage, { email: DEMO_CARRIER_USER, password: DEMO_PASSWORD });
  await carrierPage.goto('/dashboard');
  await expect(carrierPage).toHaveURL(/\/carrier-portal$/, { timeout: 20_000 });
  await expect(carrierPage.getByRole('heading', { level: 1, name: 'Carrier Portal' })).toBeVisible({ timeout: 30_000 });
  await expect(carrierPage.getByText('Contract Signed', { exact: true })).toBeVisible();
  await expect(carrierPage.getByRole('table', { name: 'Drivers' }).getByRole('row', { name: new RegExp(name) })).toBeVisible();
  // A carrier user is not a driver: the driver portal sends them back to theirs.
  await carrierPage.goto('/driver-portal');
  await expect(carrierPage).toHaveURL(/\/carrier-portal$/, { timeout: 20_000 });
  await carrierContext.close();
});

test('an admin removing a driver account whose open portal tab closes', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const driver = newDriver('Leaving');
  const name = `${driver.firstName} ${driver.lastName}`;
  await stageDriverRecord(driver, false);
  await holdToasts(page);
  const phone = await inviteAndJoin(page, browser, driver);

  // The admin removes the account from the record's Invite to Haulwise dialog, confirming first.
  const dialog = await openInviteDialog(page, name);
  await expect(dialog.getByText('This driver already has a Haulwise account.')).toBeVisible();
  await dialog.getByRole('button', { name: `Remove account: ${name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove account' });
  await expect(confirm).toContainText(`Remove ${name}'s driver account`);
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expectToast(page, 'Account removed', `${name} was signed out and can no longer open the portal`);
  // The record stays and may be invited again.
  await expect(dialog.getByRole('button', { name: 'Send Invitation' })).toBeEnabled();

  // The driver's open portal tab is signed out at once (its live channel ends), with no reload.
  await expect(phone).toHaveURL(/\/auth/, { timeout: 15_000 });
  await expect(phone.getByRole('button', { name: 'Sign In' })).toBeVisible();
  // And the password no longer opens the portal: the account belongs to no company now.
  await phone.goto('/driver-portal');
  await expect(phone).toHaveURL(/\/auth/, { timeout: 15_000 });
  await phone.context().close();
});
