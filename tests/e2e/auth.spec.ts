import type { Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../../server/src/seed/demo-data';
import {
  demoAccount,
  expect,
  expectAccessible,
  expectToast,
  expectToastAccessible,
  holdRequests,
  holdToasts,
  quietContext,
  signInAs,
  test,
  trackExternalRequests,
} from './support/fixtures';
import { setPasswordFromLink, verificationLinkMailedTo, verifyEmailFromMail } from './support/verify-email';

/**
 * Sign-up (with the address proven by the mailed link), sign-in, session persistence and
 * sign-out. Sign-in is rate limited per IP for the whole run, so this file signs in only a few
 * times (Sales agent with a wrong password, Admin once, a new user before verifying, and a
 * brand-new user once in a second browser context).
 */

const uniqueEmail = (tag: string) => `e2e-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
const signUpForm = (page: Page) => page.getByRole('form', { name: 'Sign up' });
const loginForm = (page: Page) => page.getByRole('form', { name: 'Login' });
const sidebar = (page: Page) => page.getByRole('complementary');

interface NewCompany {
  companyName: string;
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

function newCompany(tag: string): NewCompany {
  const suffix = Math.random().toString(36).slice(2, 7);
  return {
    companyName: `Prairie Haulers ${suffix}`,
    firstName: 'Riley',
    lastName: `Tanaka${suffix}`,
    email: uniqueEmail(tag),
    password: 'e2e-password-1',
  };
}

async function fillSignUp(page: Page, values: Partial<NewCompany>) {
  const form = signUpForm(page);
  if (values.companyName !== undefined) await form.getByLabel('Company Name').fill(values.companyName);
  if (values.firstName !== undefined) await form.getByLabel('First Name').fill(values.firstName);
  if (values.lastName !== undefined) await form.getByLabel('Last Name').fill(values.lastName);
  if (values.email !== undefined) await form.getByLabel('Email').fill(values.email);
  if (values.password !== undefined) await form.getByLabel('Password').fill(values.password);
}

async function openSignUp(page: Page) {
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await expect(signUpForm(page)).toBeVisible();
}

async function signUpThroughForm(page: Page, company: NewCompany) {
  await openSignUp(page);
  await fillSignUp(page, company);
  await signUpForm(page).getByRole('button', { name: 'Create Account' }).click();
}

// Toasts stay until measured: a success toast lives only 2 s, which a busy machine can miss.
test.beforeEach(async ({ page }) => {
  await holdToasts(page);
});

test('a new company signs up, sees the verify screen, opens the mailed link and lands on its admin dashboard', async ({ page }) => {
  const company = newCompany('signup');
  const signUp = await holdRequests(page, 'auth.signUp');
  await signUpThroughForm(page, company);
  await expect(signUpForm(page).getByRole('button', { name: 'Creating Account...' })).toBeVisible();
  await expect(signUpForm(page).getByRole('button', { name: 'Creating Account...' })).toBeDisabled();
  signUp.release();

  await expectToast(page, 'Success', 'Check your email to finish creating your account');
  await expect(page).toHaveURL(/\/verify-email/);
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await expect(page.getByText(`We sent a link to ${company.email}`)).toBeVisible();
  await expectAccessible(page);

  // Signed in before the link is opened: the verify screen is all there is.
  await page.goto('/auth');
  await loginForm(page).getByLabel('Email').fill(company.email);
  await loginForm(page).getByLabel('Password').fill(company.password);
  await loginForm(page).getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/verify-email$/);
  await page.goto('/loads');
  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();

  await page.goto(await verificationLinkMailedTo(company.email));
  await setPasswordFromLink(page, company.password);
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(sidebar(page)).toContainText(company.companyName);
  await expect(sidebar(page)).toContainText(`${company.firstName} ${company.lastName}`);
  await expect(sidebar(page).getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Team' })).toBeVisible();
});

test('sign-up validation: short password, missing fields and a taken email', async ({ page }) => {
  await openSignUp(page);

  await signUpForm(page).getByRole('button', { name: 'Create Account' }).click();
  await expect(signUpForm(page).getByLabel('Company Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(signUpForm(page).getByLabel('First Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(signUpForm(page).getByLabel('Last Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(signUpForm(page).getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(signUpForm(page).getByLabel('Password')).toHaveAccessibleDescription('Password must be at least 6 characters');

  await fillSignUp(page, {
    companyName: 'Short Password Co',
    firstName: 'Pat',
    lastName: 'Lee',
    email: uniqueEmail('short'),
    password: '12345',
  });
  await signUpForm(page).getByRole('button', { name: 'Create Account' }).click();
  await expect(signUpForm(page).getByLabel('Password')).toHaveAccessibleDescription('Password must be at least 6 characters');
  await expect(signUpForm(page).getByLabel('Company Name')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/auth$/);

  await fillSignUp(page, { email: 'not-an-email', password: '123456' });
  await signUpForm(page).getByRole('button', { name: 'Create Account' }).click();
  await expect(signUpForm(page).getByLabel('Email')).toHaveAccessibleDescription('Invalid email address');

  // A taken address answers exactly like a new one (no account enumeration); its owner gets a note by mail.
  await fillSignUp(page, { email: demoAccount('Admin').email, password: 'another-password' });
  await signUpForm(page).getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/verify-email/);
  await expect(page.getByText(`We sent a link to ${demoAccount('Admin').email}`)).toBeVisible();
});

test('signing in with an unknown email or a wrong password shows the error toast', async ({ page }) => {
  await page.goto('/auth');
  await loginForm(page).getByRole('button', { name: 'Sign In' }).click();
  await expect(loginForm(page).getByLabel('Email')).toHaveAccessibleDescription(/^(Email is required|Invalid email address)$/);
  await expect(loginForm(page).getByLabel('Password')).toHaveAccessibleDescription('Password is required');

  // An unknown account answers exactly like a wrong password (no account enumeration).
  await loginForm(page).getByLabel('Email').fill(uniqueEmail('nobody'));
  await loginForm(page).getByLabel('Password').fill(DEMO_PASSWORD);
  await loginForm(page).getByRole('button', { name: 'Sign In' }).click();
  await expectToast(page, 'Error', 'Invalid login credentials');
  await expect(page).toHaveURL(/\/auth$/);
  // Out of the way, so the next toast is surely the next attempt's.
  await page.getByTestId('toast').getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(page.getByTestId('toast')).toHaveCount(0);

  const signIn = await holdRequests(page, 'auth.signIn');
  await loginForm(page).getByLabel('Email').fill(demoAccount('Sales agent').email);
  await loginForm(page).getByLabel('Password').fill('definitely-not-the-password');
  await loginForm(page).getByRole('button', { name: 'Sign In' }).click();
  await expect(loginForm(page).getByRole('button', { name: 'Loading...' })).toBeVisible();
  await expect(loginForm(page).getByRole('button', { name: 'Loading...' })).toBeDisabled();
  signIn.release();

  await expect(loginForm(page).getByRole('button', { name: 'Sign In' })).toBeEnabled();
  // The error toast must be readable.
  await expectToastAccessible(page, 'Error');
  await expectToast(page, 'Error', 'Invalid login credentials');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(loginForm(page).getByRole('button', { name: 'Sign In' })).toBeEnabled();
});

test.describe('before the app has loaded', () => {
  // The app's entry is held through the page's own requests (a service worker's would go around it).
  test.use({ serviceWorkers: 'block' });

  test('signing in typed and sent before the app has loaded: the app signs in with it once it has', async ({ page }) => {
    const treasury = demoAccount('Treasury');
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The app's entry, loaded by the page's bootstrap at the first interaction, waits until the form was sent.
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/auth');
    await loginForm(page).getByLabel('Email').fill(treasury.email);
    await loginForm(page).getByLabel('Password').fill(DEMO_PASSWORD);
    await loginForm(page).getByRole('button', { name: 'Sign In' }).click();
    // Held by the bootstrap: never sent by the browser itself.
    await expect(page).toHaveURL(/\/auth$/);
    release();
    await expect(page).toHaveURL(/\/treasury-dashboard$/);
  });
});

test('sign in, stay signed in across reloads and visits to / and /auth, then sign out', async ({ page }) => {
  // Sign-in, two reloads, two redirects, sign-out and a guarded address: more than one journey's time on a busy machine.
  test.setTimeout(90_000);
  const admin = demoAccount('Admin');
  await page.goto('/auth');
  await loginForm(page).getByLabel('Email').fill(admin.email);
  await loginForm(page).getByLabel('Password').fill(DEMO_PASSWORD);
  await loginForm(page).getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  // An ordinary sign-in shows no toast (issue 27, item 5): the dashboard opening says it.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Logged in successfully' })).toHaveCount(0);
  await expect(sidebar(page)).toContainText('Summit Freight Lines');
  await expect(sidebar(page)).toContainText(`${admin.firstName} ${admin.lastName}`);

  await page.reload();
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  await expect(sidebar(page)).toContainText(`${admin.firstName} ${admin.lastName}`);

  // An existing session on the public entry points goes on to /dashboard, then the role's own dashboard.
  await page.goto('/');
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  await expect(sidebar(page)).toContainText(`${admin.firstName} ${admin.lastName}`);

  await sidebar(page).getByRole('button', { name: 'Sign Out', exact: true }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();

  await page.goto('/loads');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
});

test('"Sign out on all devices" ends the session open in another browser, live and without a reload', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const company = newCompany('global');
  await signUpThroughForm(page, company);
  await verifyEmailFromMail(page, company.email, company.password);
  await expect(page).toHaveURL(/\/admin-dashboard$/);

  // A second device: its own browser context and its own session for the same user.
  const other = await quietContext(browser);
  const external = trackExternalRequests(other);
  try {
    const otherPage = await other.newPage();
    // Resolves once the shell's live session subscription confirms it is listening.
    const listening = new Promise<void>((resolve) => {
      otherPage.on('websocket', (socket) =>
        socket.on('framereceived', (frame) => {
          if (String(frame.payload).includes('"active"')) resolve();
        }),
      );
    });
    await signInAs(otherPage, { email: company.email, password: company.password });
    await expect(otherPage).toHaveURL(/\/admin-dashboard$/);
    await otherPage.getByRole('complementary').getByRole('link', { name: 'Loads' }).click();
    await expect(otherPage).toHaveURL(/\/loads$/);
    await expect(otherPage.getByRole('heading', { name: 'Loads', level: 1 })).toBeVisible();
    // A marker that a reload or a fresh document would lose.
    await otherPage.evaluate(() => {
      (window as unknown as { e2eMarker?: string }).e2eMarker = 'still the same page';
    });
    await listening;

    await sidebar(page).getByRole('button', { name: 'Sign out on all devices' }).click();
    await expect(page).toHaveURL(/\/auth$/);

    await expect(otherPage).toHaveURL(/\/auth$/, { timeout: 10_000 });
    await expect(otherPage.getByRole('heading', { name: 'Welcome' })).toBeVisible();
    expect(await otherPage.evaluate(() => (window as unknown as { e2eMarker?: string }).e2eMarker)).toBe('still the same page');

    // That session is really gone, not just hidden.
    await otherPage.goto('/loads');
    await expect(otherPage).toHaveURL(/\/auth$/);
  } finally {
    await other.close();
  }
  expect(external, 'requests that left localhost').toEqual([]);
});
