import type { Page } from '@playwright/test';
import pg from 'pg';
import {
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  expectToast,
  openAs,
  quietContext,
  settleAnimations,
  test,
  trackExternalRequests,
} from './support/fixtures';
import { e2eOwnerUrl } from './support/environment';
import { verifyEmailFromMail } from './support/verify-email';

/**
 * The generic dashboard and the WIP assignments panel: an admin reviews requests on
 * /admin-dashboard, approving one and rejecting another, while requests made in another
 * session of the company appear without a reload.
 */

/**
 * A staff member's assignment request, sent from their signed-in tab exactly as the panel's
 * "Request assignment" dialog sends it. (No staff screen shows that dialog yet: staff land on
 * their role dashboards, which a later issue builds around the same panel.)
 */
async function requestAssignment(page: Page, notes: string) {
  const status = await page.evaluate(async (text) => {
    const response = await fetch('/trpc/wip.request', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ notes: text }),
    });
    return response.status;
  }, notes);
  expect(status).toBe(200);
}

const wipTable = (page: Page) => page.getByRole('table', { name: 'WIP assignments' });
const rowWith = (page: Page, text: string) => wipTable(page).getByRole('row').filter({ hasText: text });

test('an admin approves one WIP request and rejects another; requests from another session appear live', async ({ page, browser }) => {
  // Two people at work: a longer journey than most.
  test.slow();
  const stamp = Date.now();
  await openAs(page, 'Admin');
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  const panel = page.getByRole('region', { name: 'WIP Assignments' });
  await expect(panel.getByText('Review and approve assignment requests', { exact: true })).toBeVisible();
  await expect(wipTable(page)).toBeVisible();
  // Admins decide; they do not request.
  await expect(panel.getByRole('button', { name: 'Request assignment' })).toHaveCount(0);

  // A dispatcher of the same company, in a browser context of their own, asks for two assignments.
  const dispatcherContext = await quietContext(browser);
  const external = trackExternalRequests(dispatcherContext);
  try {
    const dispatcher = await dispatcherContext.newPage();
    await openAs(dispatcher, 'Dispatcher');
    await requestAssignment(dispatcher, `Take the Houston reefer lane ${stamp}`);
    await requestAssignment(dispatcher, `Swap my Saturday shift ${stamp}`);
  } finally {
    await dispatcherContext.close();
  }
  expect(external).toEqual([]);

  // Both appear in the admin's panel without a reload, newest first, each with name, status, time and notes.
  const toApprove = rowWith(page, `Take the Houston reefer lane ${stamp}`);
  const toReject = rowWith(page, `Swap my Saturday shift ${stamp}`);
  await expect(toApprove).toBeVisible();
  await expect(toReject).toBeVisible();
  await expect(toApprove).toContainText('Dana Whitfield');
  await expect(toApprove).toContainText('Pending');
  await expect(toApprove.getByRole('cell').nth(2)).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} [AP]M$/);
  const order = await wipTable(page).getByRole('row').allInnerTexts();
  const rejectIndex = order.findIndex((text) => text.includes(`Swap my Saturday shift ${stamp}`));
  const approveIndex = order.findIndex((text) => text.includes(`Take the Houston reefer lane ${stamp}`));
  expect(rejectIndex).toBeLessThan(approveIndex);
  await settleAnimations(page);
  await expectAccessible(page);

  // Approve, with a note for the record.
  await toApprove.getByRole('button', { name: 'Approve request from Dana Whitfield' }).click();
  const approveDialog = page.getByRole('dialog', { name: 'Approve assignment' });
  await expect(approveDialog).toBeVisible();
  await approveDialog.getByLabel('Notes (optional)').fill(`Cleared with ops ${stamp}`);
  await settleAnimations(page);
  await expectAccessible(page);
  // A success toast lives two seconds: watch for it from the click on.
  const approvedToast = expectToast(page, 'Success', 'Assignment approved successfully');
  await approveDialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await approvedToast;
  await expect(approveDialog).toBeHidden();
  const approved = rowWith(page, `Cleared with ops ${stamp}`);
  await expect(approved).toContainText('Approved');
  await expect(approved).toContainText('by Avery Collins');
  await expect(approved.getByRole('button')).toHaveCount(0);

  // Reject, without notes: the request keeps its own.
  await toReject.getByRole('button', { name: 'Reject request from Dana Whitfield' }).click();
  const rejectDialog = page.getByRole('dialog', { name: 'Reject assignment' });
  await expect(rejectDialog).toBeVisible();
  const rejectedToast = expectToast(page, 'Assignment rejected');
  await rejectDialog.getByRole('button', { name: 'Reject', exact: true }).click();
  await rejectedToast;
  await expect(rejectDialog).toBeHidden();
  await expect(toReject).toContainText('Rejected');
  await expect(toReject.getByRole('button')).toHaveCount(0);

  // Decisions survive a reload.
  await page.reload();
  await expect(rowWith(page, `Cleared with ops ${stamp}`)).toContainText('Approved');
  await expect(rowWith(page, `Swap my Saturday shift ${stamp}`)).toContainText('Rejected');
});

test('a request made in one session appears live in another session of the company; a decided request offers no actions', async ({
  page,
  browser,
}) => {
  // Three tabs at work: a longer journey than most.
  test.slow();
  const stamp = Date.now();
  await openAs(page, 'Admin');
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  await expect(wipTable(page)).toBeVisible();

  // A second admin tab (its own browser context, on the same admin's session) watches the same panel.
  const watcherContext = await quietContext(browser);
  const external = trackExternalRequests(watcherContext);
  const salesContext = await quietContext(browser);
  const salesExternal = trackExternalRequests(salesContext);
  try {
    const watcher = await watcherContext.newPage();
    await openAs(watcher, 'Admin');
    await expect(wipTable(watcher)).toBeVisible();

    const sales = await salesContext.newPage();
    await openAs(sales, 'Sales agent');
    await requestAssignment(sales, `Northstar onboarding ${stamp}`);

    await expect(rowWith(page, `Northstar onboarding ${stamp}`)).toContainText('Sam Okafor');
    await expect(rowWith(watcher, `Northstar onboarding ${stamp}`)).toContainText('Pending');

    // One admin rejects it; the other admin's panel follows without a reload.
    await rowWith(page, `Northstar onboarding ${stamp}`).getByRole('button', { name: 'Reject request from Sam Okafor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject assignment' });
    await dialog.getByLabel('Notes (optional)').fill(`Not this quarter ${stamp}`);
    const rejectedToast = expectToast(page, 'Assignment rejected');
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
    await rejectedToast;
    const decided = rowWith(watcher, `Not this quarter ${stamp}`);
    await expect(decided).toContainText('Rejected');
    await expect(decided.getByRole('button')).toHaveCount(0);
  } finally {
    await watcherContext.close();
    await salesContext.close();
  }
  expect(external).toEqual([]);
  expect(salesExternal).toEqual([]);
});

test('the admin dashboard works at 375 px: the panel scrolls inside itself, and the approve dialog fills the screen', async ({ page }) => {
  await openAs(page, 'Admin');
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  await page.setViewportSize({ width: 375, height: 760 });
  await page.goto('/admin-dashboard');
  await expect(wipTable(page)).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await settleAnimations(page);
  await expectAccessible(page);
  // The demo workspace has pending requests; open one's dialog and leave it undecided.
  await wipTable(page)
    .getByRole('button', { name: /^Approve request from / })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Approve assignment' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Notes (optional)')).toBeVisible();
  await settleAnimations(page);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test("a new company's admin finds the WIP panel empty", async ({ page }) => {
  const stamp = Date.now();
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('Company Name').fill(`Empty Lane Freight ${stamp}`);
  await form.getByLabel('First Name').fill('Erin');
  await form.getByLabel('Last Name').fill('Empty');
  const email = `erin-${stamp}@example.test`;
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill('secret-password');
  await form.getByRole('button', { name: 'Create Account' }).click();
  await verifyEmailFromMail(page, email, 'secret-password');
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  const panel = page.getByRole('region', { name: 'WIP Assignments' });
  await expect(panel.getByText('No assignments found', { exact: true })).toBeVisible();
  await expect(wipTable(page)).toHaveCount(0);
});

test('the generic dashboard, for a user with no role: counters, the WIP panel and Recent Loads, with what they may see', async ({
  page,
}) => {
  // A user with no role and no driver record (the demo driver is linked to one, so it goes to the
  // driver portal): a new company's admin whose role the database then takes away.
  const stamp = Date.now();
  const email = `norole-${stamp}@example.test`;
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('Company Name').fill(`No Role Freight ${stamp}`);
  await form.getByLabel('First Name').fill('Nora');
  await form.getByLabel('Last Name').fill('Role');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill('secret-password');
  await form.getByRole('button', { name: 'Create Account' }).click();
  await verifyEmailFromMail(page, email, 'secret-password');
  const owner = new pg.Client({ connectionString: e2eOwnerUrl });
  await owner.connect();
  try {
    await owner.query('delete from user_roles where user_id = (select id from users where email = $1)', [email]);
  } finally {
    await owner.end();
  }
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const counters = page.getByRole('region', { name: 'Counters' });
  for (const label of ['Total Loads', 'Active Loads', 'Drivers', 'Brokers'])
    await expect(counters.getByText(label, { exact: true })).toBeVisible();
  await expect(page.getByText('Your account has no role yet')).toBeVisible();
  const panel = page.getByRole('region', { name: 'WIP Assignments' });
  await expect(panel.getByText('Your pending assignment requests', { exact: true })).toBeVisible();
  await expect(panel.getByText('Assignment requests are shown to company staff.')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Request assignment' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Recent Loads' }).getByText('Loads are shown to company staff.')).toBeVisible();
  // No error toast: nothing was asked of the server that it would refuse.
  await expect(page.getByTestId('toast').filter({ hasText: 'Failed to load WIP assignments' })).toHaveCount(0);
  await settleAnimations(page);
  await expectAccessible(page);

  await page.setViewportSize({ width: 375, height: 760 });
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expectNoHorizontalOverflow(page);
});
