import type { Page } from '@playwright/test';
import { expect, expectAccessible, expectNoHorizontalOverflow, holdToasts, settleAnimations, test } from './support/fixtures';
import { verifyEmailFromMail } from './support/verify-email';
import { linkMailedTo } from './support/mailbox';

/**
 * Settings as a new company's admin would use them: the profile, the Airwallex account id, and
 * two-factor authentication by email end to end (turn it on with the emailed code, sign out,
 * sign in with a new code, turn it off with the current password). The codes are read from the
 * mailbox the fake Resend keeps (./support/mailbox.ts), as a mailbox would show them. The company is signed up here, so no demo account's
 * sign-in changes for the other journeys.
 */

/** The 6-digit code in the newest message to this address sent after `since` (./support/mailbox.ts). */
async function codeSentTo(email: string, since: Date): Promise<string> {
  return (await linkMailedTo(email, /\b\d{6}\b/, since)).trim();
}

/**
 * Records every toast the page shows (title and description), from before the app starts. A toast
 * lives a few seconds: on a loaded machine a check that looks for it on screen can miss it, while
 * the record cannot.
 */
async function recordToasts(page: Page) {
  await page.addInitScript(() => {
    const shown: { title: string; description: string }[] = [];
    Object.assign(window, { __shownToasts: shown });
    const seen = new WeakSet<Element>();
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('[data-testid="toast"]')) {
        const title = toast.querySelector('[data-part="title"]')?.textContent ?? '';
        if (seen.has(toast) || !title) continue;
        seen.add(toast);
        shown.push({ title, description: toast.querySelector('[data-part="description"]')?.textContent ?? '' });
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/**
 * Closes every toast, as a person would: holdToasts keeps them on screen, and the ones left
 * stacked behind a new toast would be measured half-transparent.
 */
async function dismissToasts(page: Page) {
  await page.mouse.move(0, 0);
  const dismiss = page.getByRole('button', { name: 'Dismiss notification' });
  const closeFirst = async () => {
    try {
      await dismiss.first().click({ timeout: 2_000 });
    } catch {
      // It left on its own between the count and the click.
    }
  };
  while ((await dismiss.count()) > 0) await closeFirst();
  await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 15_000 });
}

/**
 * Axe on the page as it rests: the toasts closed (the shared toaster's success colours fail
 * contrast, reported) and the pointer off any button (a hovered solid blue button is lighter,
 * theme-wide, reported).
 */
async function expectPageAccessible(page: Page) {
  await dismissToasts(page);
  await settleAnimations(page);
  await expectAccessible(page);
}

/** A toast with exactly this title and description has been shown (and is counted once). */
async function expectToast(page: Page, title: string, description: string) {
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __shownToasts: { title: string; description: string }[] }).__shownToasts), {
      message: `the toast "${title}" / "${description}"`,
    })
    .toContainEqual({ title, description });
  await page.evaluate(
    ([title, description]) => {
      const shown = (window as unknown as { __shownToasts: { title: string; description: string }[] }).__shownToasts;
      shown.splice(
        shown.findIndex((toast) => toast.title === title && toast.description === description),
        1,
      );
    },
    [title, description],
  );
}

const sidebar = (page: Page) => page.getByRole('complementary');
const card = (page: Page, title: string) => page.getByRole('region', { name: title });

async function signUp(page: Page) {
  const suffix = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
  const account = { email: `e2e-settings-${suffix}@example.test`, password: 'e2e-password-1', company: `Settings Freight ${suffix}` };
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('Company Name').fill(account.company);
  await form.getByLabel('First Name').fill('Casey');
  await form.getByLabel('Last Name').fill('Newcomer');
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password').fill(account.password);
  await form.getByRole('button', { name: 'Create Account' }).click();
  await verifyEmailFromMail(page, account.email, account.password);
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  return account;
}

async function openSettings(page: Page) {
  await sidebar(page).getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.getByText('Manage your account and company settings')).toBeVisible();
  await expect(card(page, 'Personal Information')).toBeVisible();
}

test('a new admin updates the profile, saves the Airwallex account id, and signs in with a code by email', async ({ page }) => {
  // A long journey (a sign-up, a sign-in, two codes); parallel runs on a loaded machine slow it down.
  test.setTimeout(180_000);
  await recordToasts(page);
  await holdToasts(page);
  const account = await signUp(page);
  await openSettings(page);

  // SMS is the default method, and needs a phone on the profile: a clear message beside the choice.
  const twoFactor = card(page, 'Two-Factor Authentication');
  await expect(twoFactor.getByRole('radio', { name: 'SMS' })).toBeChecked();
  await twoFactor.getByText('Two-factor authentication', { exact: true }).click();
  await expect(twoFactor.getByText('Add a phone number to your profile to receive codes by SMS')).toBeVisible();
  await expectToast(page, 'Error', 'Add a phone number to your profile to receive codes by SMS');
  await expect(twoFactor.getByRole('switch', { name: 'Two-factor authentication' })).not.toBeChecked();

  // Personal Information: the spec's toast, and the sidebar follows.
  const personal = card(page, 'Personal Information');
  await expect(personal.getByLabel('First Name')).toHaveValue('Casey');
  await personal.getByLabel('First Name').fill('Robin');
  await personal.getByLabel('Last Name').fill('Settings');
  await expect(personal.getByLabel('Phone')).toHaveAttribute('type', 'tel');
  await personal.getByLabel('Phone').fill('+1 (555) 010-4477');
  await personal.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Success', 'Profile updated successfully');
  await expect(sidebar(page).getByTestId('user-name')).toHaveText('Robin Settings');

  // Company Information: the admin sets how the company is reached (the name stays as signed up).
  const company = card(page, 'Company Information');
  await expect(company.getByText(account.company)).toBeVisible();
  await company.getByLabel('Email').fill('billing@settings-freight.example');
  await company.getByLabel('Phone').fill('+1 (555) 010-9900');
  await company.getByLabel('Address').fill('12 Dock St, Oakland, CA 94607');
  await company.getByRole('button', { name: 'Save Company Information' }).click();
  await expectToast(page, 'Success', 'Company information saved successfully');
  await expect(company.getByLabel('Email')).toHaveValue('billing@settings-freight.example');

  // The toaster shows four at once (holdToasts keeps these four up): closed, as a person would.
  await dismissToasts(page);

  // The Airwallex card: Save Account ID only with a value.
  const airwallex = card(page, 'Airwallex Integration');
  const save = airwallex.getByRole('button', { name: 'Save Account ID' });
  await expect(save).toBeDisabled();
  await airwallex.getByLabel('Account ID').fill('acct_e2e_settings');
  await expect(save).toBeEnabled();
  await save.click();
  await expectToast(page, 'Success', 'Airwallex account ID saved successfully');
  await expect(airwallex.getByText('How to configure')).toBeVisible();

  // The Security card lists this device.
  const security = card(page, 'Security');
  await expect(security.getByRole('table', { name: 'Active sessions' }).getByText('This device')).toBeVisible();
  await expectPageAccessible(page);

  // Two-factor on, by email: the code step, Verify Code only with 6 characters.
  await twoFactor.getByText('Email', { exact: true }).click();
  let since = new Date(Date.now() - 1000);
  await twoFactor.getByText('Two-factor authentication', { exact: true }).click();
  await expectToast(page, 'Code Sent', 'A verification code has been sent to your email');
  const codeField = twoFactor.getByLabel('Verification code');
  const verify = twoFactor.getByRole('button', { name: 'Verify Code' });
  await expect(codeField).toHaveAttribute('maxlength', '6');
  await expect(verify).toBeDisabled();
  await expect(twoFactor.getByRole('button', { name: /Resend code in \d+ s/ })).toBeDisabled();
  await expectPageAccessible(page);

  // Cancel goes back to the method choice and clears the code.
  await codeField.fill('123');
  await twoFactor.getByRole('button', { name: 'Cancel' }).click();
  await expect(twoFactor.getByRole('radio', { name: 'Email' })).toBeChecked();
  await expect(codeField).toHaveCount(0);

  // On again within the minute: back to the code already sent (a new one may only follow after 60 s).
  await twoFactor.getByText('Two-factor authentication', { exact: true }).click();
  const enableCode = await codeSentTo(account.email, since);
  await expect(codeField).toHaveValue('');
  await codeField.fill(enableCode.slice(0, 5));
  await expect(verify).toBeDisabled();
  await codeField.fill(enableCode);
  await expect(verify).toBeEnabled();
  await verify.click();
  await expectToast(page, '2FA Enabled', 'Two-factor authentication is now enabled');
  await expect(twoFactor.getByRole('switch', { name: 'Two-factor authentication' })).toBeChecked();
  await expect(twoFactor.getByRole('status')).toHaveText('Status: 2FA is enabled via Email');

  // Signing in now asks for a code sent by email before any session exists.
  await dismissToasts(page);
  await sidebar(page).getByRole('button', { name: 'Sign Out', exact: true }).click();
  await expect(page).toHaveURL(/\/auth$/);
  since = new Date(Date.now() - 1000);
  const login = page.getByRole('form', { name: 'Login' });
  await login.getByLabel('Email').fill(account.email);
  await login.getByLabel('Password').fill(account.password);
  await login.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Verification code' })).toBeVisible();
  await expectToast(page, 'Code Sent', 'A verification code has been sent to your email');
  await expect(page).toHaveURL(/\/auth$/);
  await expectPageAccessible(page);

  const signInCode = await codeSentTo(account.email, since);
  const wrong = signInCode === '000000' ? '111111' : '000000';
  await page.getByLabel('Verification code').fill(wrong);
  await page.getByRole('button', { name: 'Verify Code' }).click();
  await expectToast(page, 'Invalid Code', 'The verification code is invalid or expired');
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByLabel('Verification code').fill(signInCode);
  await page.getByRole('button', { name: 'Verify Code' }).click();
  await expect(page).toHaveURL(/\/admin-dashboard$/);

  // Two-factor off: only with the current password (issue 10), a wrong one is told beside the field.
  await openSettings(page);
  const twoFactorCard = card(page, 'Two-Factor Authentication');
  await expect(twoFactorCard.getByRole('status')).toHaveText('Status: 2FA is enabled via Email');
  await twoFactorCard.getByText('Two-factor authentication', { exact: true }).click();
  await twoFactorCard.getByLabel('Current password').fill('not-my-password');
  await twoFactorCard.getByRole('button', { name: 'Turn Off 2FA' }).click();
  await expect(twoFactorCard.getByText('Current password is incorrect')).toBeVisible();
  await expect(twoFactorCard.getByRole('status')).toHaveText('Status: 2FA is enabled via Email');
  await twoFactorCard.getByLabel('Current password').fill(account.password);
  await twoFactorCard.getByRole('button', { name: 'Turn Off 2FA' }).click();
  await expectToast(page, '2FA Disabled', 'Two-factor authentication has been disabled');
  await expect(card(page, 'Two-Factor Authentication').getByRole('status')).toHaveCount(0);
  await expect(card(page, 'Two-Factor Authentication').getByRole('radio', { name: 'SMS' })).toBeVisible();
  await expectPageAccessible(page);

  // The page at a phone's width.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(card(page, 'Security')).toBeVisible();
  await expectNoHorizontalOverflow(page);
});
