import type { Page } from '@playwright/test';
import { DEMO_COMPANY } from '../../server/src/seed/demo-data';
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
import { linkMailedTo } from './support/mailbox';

/**
 * The Team journey: an admin invites a member, the invitee opens the link from the email
 * (read from the mailbox the fake Resend keeps) and joins, and
 * the admin sees the new member in the table, changes their role and removes them.
 */

/** The invitation link in the newest mail to this address (./support/mailbox.ts); waits for the mail a moment. */
const invitationLinkMailedTo = (email: string) => linkMailedTo(email, /https?:\/\/\S+\/invite\/[A-Za-z0-9_-]+/);

/**
 * Axe on the screen as a person sees it at rest: toasts dismissed (they come and go, and the
 * shared toast has its own check) and the pointer off any button it last clicked (hover colours).
 */
async function expectScreenAccessible(page: Page) {
  // Stacked toasts cover each other's buttons: a DOM click reaches each one wherever it is.
  // A toast may also leave on its own meanwhile: each attempt is short, and the count below decides.
  for (const dismiss of await page.getByRole('button', { name: 'Dismiss notification' }).all()) {
    await dismiss.dispatchEvent('click', undefined, { timeout: 1000 }).catch(() => {});
  }
  await expect(page.getByTestId('toast')).toHaveCount(0);
  await page.mouse.move(0, 0);
  await settleAnimations(page);
  await expectAccessible(page);
}

const membersTable = (page: Page) => page.getByRole('table', { name: 'Team members' });
const invitationsTable = (page: Page) => page.getByRole('table', { name: 'Pending invitations' });

test('an admin invites a member, who joins from the emailed link; the admin then manages them', async ({ page, browser }) => {
  // Two browsers and a dozen steps: more than the default time on a busy machine.
  test.slow();
  const suffix = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const invitee = { email: `e2e-invitee-${suffix}@example.test`, firstName: 'Quinn', lastName: `Harper${suffix}` };
  const inviteeName = `${invitee.firstName} ${invitee.lastName}`;

  await openAs(page, 'Admin', '/team');
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  await expect(membersTable(page).getByRole('row', { name: /Avery Collins/ })).toContainText('Active');
  await expectScreenAccessible(page);

  // All four fields are required.
  await page.getByRole('button', { name: 'Invite Team Member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite Team Member' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Role')).toContainText('Sales Agent');
  await expectScreenAccessible(page);
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expectToast(page, 'Missing Information', 'Please fill in all fields');
  for (const message of ['Email is required', 'First name is required', 'Last name is required', 'Role is required']) {
    await expect(dialog.getByText(message)).toBeVisible();
  }

  await dialog.getByLabel('Email').fill(invitee.email);
  await dialog.getByLabel('First Name').fill(invitee.firstName);
  await dialog.getByLabel('Last Name').fill(invitee.lastName);
  await dialog.getByLabel('Role').selectOption({ label: 'Sales Agent' });
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expectToast(page, 'Invitation Sent', `An invitation was sent to ${inviteeName} (${invitee.email})`);
  await expect(dialog).toBeHidden();
  await expect(invitationsTable(page).getByRole('row', { name: new RegExp(invitee.email) })).toContainText('Sales Agent');
  await expectScreenAccessible(page);

  // The invitee opens the link from their email, in a browser of their own.
  const link = await invitationLinkMailedTo(invitee.email);
  expect(new URL(link).origin).toBe(new URL(page.url()).origin);
  const inviteeContext = await quietContext(browser);
  const external = trackExternalRequests(inviteeContext);
  const inviteePage = await inviteeContext.newPage();
  await inviteePage.goto(link);
  await expect(inviteePage.getByRole('heading', { level: 1, name: `Join ${DEMO_COMPANY}` })).toBeVisible();
  await expect(inviteePage.getByText(`as Sales Agent`)).toBeVisible();
  await expect(inviteePage.getByText(invitee.email)).toBeVisible();
  await expect(inviteePage.getByLabel('First Name')).toHaveValue(invitee.firstName);
  await expect(inviteePage.getByLabel('Last Name')).toHaveValue(invitee.lastName);
  await expectScreenAccessible(inviteePage);

  await inviteePage.getByLabel('Password').fill('short');
  await inviteePage.getByRole('button', { name: 'Accept Invitation' }).click();
  await expect(inviteePage.getByText('Password must be at least 6 characters')).toBeVisible();
  await inviteePage.getByLabel('Password').fill('joined-e2e-1');
  await inviteePage.getByRole('button', { name: 'Accept Invitation' }).click();
  await expectToast(inviteePage, `Welcome to ${DEMO_COMPANY}`, 'You joined as Sales Agent');
  await expect(inviteePage).toHaveURL(/\/sales-dashboard$/);
  await expect(inviteePage.getByRole('complementary')).toContainText(inviteeName);

  // The link worked once.
  const usedPage = await inviteeContext.newPage();
  await usedPage.goto(link);
  await expect(usedPage.getByText('This invitation is invalid or has expired')).toBeVisible();
  await usedPage.close();

  // The admin sees the new member, and no longer the invitation.
  await page.reload();
  const memberRow = membersTable(page).getByRole('row', { name: new RegExp(inviteeName) });
  await expect(memberRow).toContainText(invitee.email);
  await expect(memberRow).toContainText('Active');
  await expect(memberRow.getByLabel(`Role of ${inviteeName}`)).toHaveValue('sales');
  await expect(page.getByText(invitee.email)).toHaveCount(1);

  // A role change is confirmed first, and signs the member out at once.
  await memberRow.getByLabel(`Role of ${inviteeName}`).selectOption({ label: 'Dispatcher' });
  const confirmRole = page.getByRole('alertdialog', { name: 'Change role' });
  await expect(confirmRole).toContainText(`Make ${inviteeName} Dispatcher?`);
  await expectScreenAccessible(page);
  await confirmRole.getByRole('button', { name: 'Change Role' }).click();
  await expectToast(page, 'Role updated', `${inviteeName} is now Dispatcher`);
  await expect(memberRow.getByLabel(`Role of ${inviteeName}`)).toHaveValue('dispatcher');
  await expect(inviteePage).toHaveURL(/\/auth$/);

  // Removal is confirmed too, and the member leaves the table.
  await memberRow.getByRole('button', { name: `Remove ${inviteeName}` }).click();
  const confirmRemove = page.getByRole('alertdialog', { name: 'Remove team member' });
  await confirmRemove.getByRole('button', { name: 'Remove' }).click();
  await expectToast(page, 'Member removed', `${inviteeName} was removed from the team`);
  await expect(membersTable(page).getByRole('row', { name: new RegExp(inviteeName) })).toHaveCount(0);

  await inviteeContext.close();
  expect(external, 'requests that left localhost').toEqual([]);
});

test('an unknown invitation link says it is invalid or has expired', async ({ page }) => {
  await page.goto('/invite/this-link-was-never-sent');
  await expect(page.getByRole('heading', { level: 1, name: 'Invitation unavailable' })).toBeVisible();
  await expect(page.getByText('This invitation is invalid or has expired')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Sign In' })).toBeVisible();
  await expectScreenAccessible(page);
});

test('an admin revokes a pending invitation after confirming', async ({ page }) => {
  const email = `e2e-revoke-${Date.now()}${Math.floor(Math.random() * 1000)}@example.test`;
  await openAs(page, 'Admin', '/team');
  await page.getByRole('button', { name: 'Invite Team Member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite Team Member' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('First Name').fill('Rae');
  await dialog.getByLabel('Last Name').fill('Voke');
  await dialog.getByLabel('Role').selectOption({ label: 'Treasury' });
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expectToast(page, 'Invitation Sent', `An invitation was sent to Rae Voke (${email})`);

  const row = invitationsTable(page).getByRole('row', { name: new RegExp(email) });
  // Sent a moment ago: a resend must wait a minute.
  await row.getByRole('button', { name: `Resend invitation to ${email}` }).click();
  const waitToast = page.getByTestId('toast').filter({ hasText: /You can resend it in \d+ seconds/ });
  await expect(waitToast).toBeVisible();
  await waitToast.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(waitToast).toBeHidden();
  await row.getByRole('button', { name: `Revoke invitation to ${email}` }).click();
  await page.getByRole('alertdialog', { name: 'Revoke invitation' }).getByRole('button', { name: 'Revoke' }).click();
  await expectToast(page, 'Invitation revoked', `The link sent to ${email} no longer works`);
  await expect(invitationsTable(page).getByRole('row', { name: new RegExp(email) })).toHaveCount(0);

  const link = await invitationLinkMailedTo(email);
  await page.goto(link);
  await expect(page.getByText('This invitation is invalid or has expired')).toBeVisible();
});

test('at a phone’s width, a long invited address wraps inside its card instead of widening the page', async ({ page }) => {
  await openAs(page, 'Admin', '/team');
  const email = `a-very-long-invitee-address-${Date.now()}@summit-freight-example.test`;
  const response = await page.request.post('/trpc/team.invite', {
    headers: { origin: new URL(page.url()).origin, 'content-type': 'application/json' },
    data: { email, firstName: 'Alexandria', lastName: 'Montgomery-Smithson', role: 'dispatcher' },
  });
  expect(response.status()).toBe(200);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(invitationsTable(page).getByText(email)).toBeVisible();
  await expectNoHorizontalOverflow(page);
});
