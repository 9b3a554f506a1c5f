import type { Browser, Page } from '@playwright/test';
import { PASSWORD_RESET_TEXTS } from '../../shared/src/schemas/auth';
import { VERIFICATION_TEXTS } from '../../shared/src/schemas/verification';
import { expect, expectAccessible, expectToast, holdToasts, quietContext, test } from './support/fixtures';
import { linkMailedTo } from './support/mailbox';

/**
 * Issue 24: an address belongs to whoever proves it (a squatter who signed up first is shut out),
 * and a forgotten password is reset by mail. At a phone's width, keyboard first where it matters.
 * The two journeys share one account (the owner's), so the run signs up only twice.
 */

test.use({ viewport: { width: 375, height: 800 } });
test.describe.configure({ mode: 'serial' });

const owner = {
  email: `e2e-boss-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`,
  company: `Owner Freight ${Math.random().toString(36).slice(2, 7)}`,
  password: 'the-owners-password',
};
const SQUATTER_PASSWORD = 'the-squatters-password';

const loginForm = (page: Page) => page.getByRole('form', { name: 'Login' });
const sidebar = (page: Page) => page.getByRole('complementary');
const verificationLink = /https?:\/\/\S+\/verify-email\?token=[A-Za-z0-9_-]+/;
const resetLink = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/;

async function newPage(browser: Browser): Promise<Page> {
  const page = await (await quietContext(browser)).newPage();
  await holdToasts(page);
  return page;
}

async function signUp(page: Page, values: { company: string; firstName: string; email: string; password: string }) {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('Company Name').fill(values.company);
  await form.getByLabel('First Name').fill(values.firstName);
  await form.getByLabel('Last Name').fill('Example');
  await form.getByLabel('Email').fill(values.email);
  await form.getByLabel('Password').fill(values.password);
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: VERIFICATION_TEXTS.title })).toBeVisible({ timeout: 20_000 });
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await loginForm(page).getByLabel('Email').fill(email);
  await loginForm(page).getByLabel('Password').fill(password);
  await loginForm(page).getByRole('button', { name: 'Sign In' }).click();
}

test('a squatter who signed up first with the address is shut out once its owner signs up and proves it', async ({ browser }) => {
  // Two sign-ups, two sign-ins, a mailed link and an accessibility scan: longer than one journey's time.
  test.setTimeout(120_000);
  const squatter = await newPage(browser);
  await signUp(squatter, { company: 'Squatter Logistics', firstName: 'Sam', email: owner.email, password: SQUATTER_PASSWORD });
  // Signed in with the password they chose: the unverified account reaches the verify screen only.
  await signIn(squatter, owner.email, SQUATTER_PASSWORD);
  await expect(squatter).toHaveURL(/\/verify-email$/);

  const page = await newPage(browser);
  const beforeOwnersSignUp = new Date();
  await signUp(page, { company: owner.company, firstName: 'Olive', email: owner.email, password: owner.password });
  await page.goto(await linkMailedTo(owner.email, verificationLink, beforeOwnersSignUp));

  // The link asks its opener for the password; only sending it proves the address.
  await expect(page.getByRole('heading', { name: VERIFICATION_TEXTS.setPasswordTitle })).toBeVisible();
  await expectAccessible(page);
  const form = page.getByRole('form', { name: VERIFICATION_TEXTS.setPasswordTitle });
  await form.getByLabel(/^New Password/).fill(owner.password);
  await form.getByLabel('Confirm New Password').fill(`${owner.password}-typo`);
  await form.getByLabel('Confirm New Password').press('Enter');
  await expect(form.getByLabel('Confirm New Password')).toHaveAccessibleDescription('Passwords do not match');
  await form.getByLabel('Confirm New Password').fill(owner.password);
  await form.getByLabel('Confirm New Password').press('Enter');
  await expectToast(page, 'Success', VERIFICATION_TEXTS.verified);
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(sidebar(page)).toContainText(owner.company);

  // The squatter's session ended with their account, and their password opens nothing.
  await squatter.goto('/loads');
  await expect(squatter).toHaveURL(/\/auth$/);
  await signIn(squatter, owner.email, SQUATTER_PASSWORD);
  await expectToast(squatter, 'Error', 'Invalid login credentials');
  await expect(squatter).toHaveURL(/\/auth$/);
});

test('a forgotten password is reset from the mailed link, which signs out every device, then the new one signs in', async ({ browser }) => {
  test.setTimeout(120_000);
  // The owner is still signed in on another device.
  const elsewhere = await newPage(browser);
  await signIn(elsewhere, owner.email, owner.password);
  await expect(elsewhere).toHaveURL(/\/admin-dashboard$/);

  const page = await newPage(browser);
  await page.goto('/auth');
  await page.getByRole('link', { name: PASSWORD_RESET_TEXTS.forgotLink }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(page.getByRole('heading', { name: PASSWORD_RESET_TEXTS.forgotTitle })).toBeVisible();
  await expectAccessible(page);
  const request = page.getByRole('form', { name: PASSWORD_RESET_TEXTS.forgotTitle });
  await request.getByRole('button', { name: PASSWORD_RESET_TEXTS.forgotSubmit }).click();
  await expect(request.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  const asked = new Date();
  await request.getByLabel('Email').fill(owner.email);
  await request.getByLabel('Email').press('Enter');
  await expect(page.getByText(PASSWORD_RESET_TEXTS.sent(owner.email))).toBeVisible();

  const link = await linkMailedTo(owner.email, resetLink, asked);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: PASSWORD_RESET_TEXTS.resetTitle })).toBeVisible();
  await expectAccessible(page);
  const reset = page.getByRole('form', { name: PASSWORD_RESET_TEXTS.resetTitle });
  await reset.getByLabel(/^New Password/).fill('a-brand-new-password');
  await reset.getByLabel('Confirm New Password').fill('a-brand-new-password');
  await reset.getByRole('button', { name: PASSWORD_RESET_TEXTS.resetSubmit }).click();
  await expectToast(page, 'Success', PASSWORD_RESET_TEXTS.changed);
  await expect(page).toHaveURL(/\/auth$/);

  // Every device was signed out; the link works once.
  await elsewhere.goto('/loads');
  await expect(elsewhere).toHaveURL(/\/auth$/);
  await page.goto(link);
  await reset.getByLabel(/^New Password/).fill('yet-another-password');
  await reset.getByLabel('Confirm New Password').fill('yet-another-password');
  await reset.getByRole('button', { name: PASSWORD_RESET_TEXTS.resetSubmit }).click();
  await expect(page.getByText(PASSWORD_RESET_TEXTS.invalid)).toBeVisible();

  // The old password is refused, the new one signs in.
  await signIn(page, owner.email, owner.password);
  await expectToast(page, 'Error', 'Invalid login credentials');
  await signIn(page, owner.email, 'a-brand-new-password');
  await expect(page).toHaveURL(/\/admin-dashboard$/);
});
