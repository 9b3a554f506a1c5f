import type { Page } from '@playwright/test';
import { expect, expectAccessible, expectNoHorizontalOverflow, expectToast, holdRequests, holdToasts, test } from './support/fixtures';

/**
 * The public pages: landing, header, about, contact and the 404 page.
 * The contact form is rate limited (5 per IP per hour for the whole run): this file sends
 * exactly one message that reaches the server successfully.
 */

const FEATURES = ['Load Management', 'GPS Tracking', 'Multi-Tenant', 'Document Management', 'AI-Powered', 'Analytics'];
const VALUES = ['Our Mission', 'Reliability', 'Innovation', 'Industry Focus'];

const publicNav = (page: Page) => page.getByRole('banner').getByRole('navigation', { name: 'Main', exact: true });
const contactForm = (page: Page) => page.getByRole('form', { name: 'Contact form' });
const field = (page: Page, label: string) => contactForm(page).getByLabel(label, { exact: false }).first();

test.describe('landing page', () => {
  test('shows the hero, the six features, the call to action and the footer', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('img', { name: /Haulwise/ }).first()).toBeVisible();
    await expect(page.getByText('Smart Dispatch. Simplified.', { exact: true })).toBeVisible();

    for (const feature of FEATURES) {
      await expect(page.getByRole('heading', { name: feature, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('heading', { level: 3 })).toHaveText(FEATURES);

    await expect(page.getByRole('contentinfo')).toContainText('2025');
    await expect(page.getByRole('contentinfo')).toContainText('Haulwise');
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Start Your Free Trial' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();

    await page.goto('/');
    await page.getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
  });

  test('the header links lead to Home, About Us, Contact Us and Sign In', async ({ page }) => {
    await page.goto('/');
    const nav = publicNav(page);

    await nav.getByRole('link', { name: 'About Us' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('About Haulwise');

    await nav.getByRole('link', { name: 'Contact Us' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole('heading', { name: 'Get in Touch' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('aria-current', 'page');

    await nav.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Smart Dispatch. Simplified.', { exact: true })).toBeVisible();

    await nav.getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  });
});

test('the about page shows its mission, story and four value cards', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { name: 'Our Story' })).toBeVisible();
  for (const value of VALUES) {
    await expect(page.getByRole('heading', { name: value, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('heading', { level: 3 })).toHaveText(VALUES);
  await expect(page.getByRole('contentinfo')).toContainText('2025');
  await expectAccessible(page);
});

test.describe('contact page', () => {
  test('shows the heading, the contact details and the business hours', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { name: 'Get in Touch', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
    await expect(page.getByRole('link', { name: /\d{3}/ })).toHaveAttribute('href', /^tel:/);
    await expect(page.getByRole('heading', { name: 'Business Hours' })).toBeVisible();
    await expect(page.getByText(/Monday\s*(-|–|to)\s*Friday:?\s*9:00 AM\s*(-|–|to)\s*6:00 PM PST/)).toBeVisible();
    await expect(page.getByText(/Saturday\s*(-|–|to|and)\s*Sunday:?\s*Closed/i)).toBeVisible();
    await expect(contactForm(page).getByRole('button', { name: 'Send Message' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('2025');
    await expectAccessible(page);
  });

  test('an empty message shows each required field’s error beside it', async ({ page }) => {
    await page.goto('/contact');
    await contactForm(page).getByRole('button', { name: 'Send Message' }).click();

    await expect(field(page, 'Name')).toHaveAccessibleDescription('Name is required');
    await expect(field(page, 'Email')).toHaveAccessibleDescription('Invalid email address');
    await expect(field(page, 'Subject')).toHaveAccessibleDescription('Subject is required');
    await expect(field(page, 'Message')).toHaveAccessibleDescription('Message is required');
    await expect(field(page, 'Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(field(page, 'Phone')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('toast')).toHaveCount(0);

    // Whitespace only is still empty: values are trimmed.
    await field(page, 'Name').fill('   ');
    await contactForm(page).getByRole('button', { name: 'Send Message' }).click();
    await expect(field(page, 'Name')).toHaveAccessibleDescription('Name is required');

    // Fixing a field clears its error.
    await field(page, 'Subject').fill('Pricing');
    await expect(field(page, 'Subject')).not.toHaveAttribute('aria-invalid', 'true');

    // The error state must stay accessible too (contrast of the error texts, labels).
    await expectAccessible(page);
  });

  test('values over the limits show the length errors', async ({ page }) => {
    await page.goto('/contact');
    await field(page, 'Name').fill('N'.repeat(101));
    await field(page, 'Email').fill(`${'e'.repeat(250)}@example.test`);
    await field(page, 'Phone').fill('5'.repeat(21));
    await field(page, 'Subject').fill('S'.repeat(201));
    await field(page, 'Message').fill('M'.repeat(1001));
    await contactForm(page).getByRole('button', { name: 'Send Message' }).click();

    await expect(field(page, 'Name')).toHaveAccessibleDescription('Name must be less than 100 characters');
    await expect(field(page, 'Email')).toHaveAccessibleDescription('Email must be less than 255 characters');
    await expect(field(page, 'Phone')).toHaveAccessibleDescription('Phone must be less than 20 characters');
    await expect(field(page, 'Subject')).toHaveAccessibleDescription('Subject must be less than 200 characters');
    await expect(field(page, 'Message')).toHaveAccessibleDescription('Message must be less than 1000 characters');
    await expect(page.getByTestId('toast')).toHaveCount(0);
  });

  test('a valid message is sent: "Sending..." while busy, a success toast, and the form resets', async ({ page }) => {
    await holdToasts(page);
    // The real request waits (never faked) until the busy state has been seen.
    const send = await holdRequests(page, 'contact.send');
    await page.goto('/contact');
    await field(page, 'Name').fill('  Jordan Freight  ');
    await field(page, 'Email').fill('jordan@example.test');
    await field(page, 'Phone').fill('+1 555 010 9999');
    await field(page, 'Subject').fill('A demo for our fleet');
    await field(page, 'Message').fill('We run 12 trucks out of Denver and would like a demo.');

    const sent = page.waitForResponse((response) => response.url().includes('/trpc/contact.send'));
    await contactForm(page).getByRole('button', { name: 'Send Message' }).click();
    await expect(contactForm(page).getByRole('button', { name: 'Sending...' })).toBeVisible();
    await expect(contactForm(page).getByRole('button', { name: 'Sending...' })).toBeDisabled();
    send.release();
    expect((await sent).status()).toBe(200);

    await expectToast(page, 'Message sent successfully!', "We'll get back to you as soon as possible.");
    for (const label of ['Name', 'Email', 'Phone', 'Subject', 'Message']) {
      await expect(field(page, label)).toHaveValue('');
    }
    await expect(contactForm(page).getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });
});

/**
 * Holds the app's entry (the script a prerendered page's bootstrap loads at the first interaction)
 * until released, so a test can act on the page before the app has hydrated it.
 */
async function holdTheApp(page: Page): Promise<{ requested: Promise<unknown>; release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let requested: (value: unknown) => void = () => {};
  const asked = new Promise((resolve) => {
    requested = resolve;
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    requested(null);
    await released;
    await route.continue();
  });
  return { requested: asked, release };
}

const scriptsLoaded = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((name) => name.endsWith('.js')),
  );

test.describe('a cold public page before the app has loaded', () => {
  // The app's entry is held through the page's own requests (a service worker's would go around it).
  test.use({ serviceWorkers: 'block' });

  test('loads only its bootstrap until used; what is typed and sent before the app runs is kept and checked', async ({ page }) => {
    const app = await holdTheApp(page);
    await page.goto('/contact');
    await expect(page.getByRole('heading', { name: 'Get in Touch', level: 1 })).toBeVisible();
    // Nothing but the bootstrap until someone uses the page (its markup and styles came with the HTML).
    await page.waitForLoadState('load');
    expect(await scriptsLoaded(page)).toEqual([expect.stringMatching(/^\/assets\/boot-[\w-]+\.js$/)]);

    // Typed at once: the focus starts loading the app, which is held until the form has been sent.
    await field(page, 'Name').fill('Jordan Freight');
    await app.requested;
    await field(page, 'Subject').fill('A demo');
    await field(page, 'Subject').press('Enter');
    await expect(page).toHaveURL(/\/contact$/);
    app.release();

    // Once the app has hydrated the page, the held send runs with what was typed: only the empty fields are wrong.
    await expect(field(page, 'Email')).toHaveAccessibleDescription('Invalid email address');
    await expect(field(page, 'Message')).toHaveAccessibleDescription('Message is required');
    await expect(field(page, 'Name')).toHaveValue('Jordan Freight');
    await expect(field(page, 'Name')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(field(page, 'Subject')).toHaveValue('A demo');
    await expect(field(page, 'Subject')).not.toHaveAttribute('aria-invalid', 'true');
    // The app holds the text itself: typing on goes on from it.
    await field(page, 'Name').press('End');
    await field(page, 'Name').pressSequentially(' Co');
    await expect(field(page, 'Name')).toHaveValue('Jordan Freight Co');
  });

  test('at 375 px, the menu opened from the keyboard before the app has loaded opens once it has', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 760 });
    const app = await holdTheApp(page);
    await page.goto('/');
    await page.keyboard.press('Tab');
    await app.requested;
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
    app.release();
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toBeFocused();
  });
});

test('at 375 px the header menu toggle shows the links, and choosing one navigates and closes it', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 760 });
  await page.goto('/');
  await expect(publicNav(page)).toBeHidden();
  await expectNoHorizontalOverflow(page);

  const toggle = page.getByRole('button', { name: 'Open menu' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await expect(menu).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByRole('link')).toHaveText(['Home', 'About Us', 'Contact Us', 'Sign In']);
  await expectNoHorizontalOverflow(page);

  await menu.getByRole('link', { name: 'About Us' }).click();
  await expect(page).toHaveURL(/\/about$/);
  // The address changes before the next page renders (its header, a new one, starts closed): wait for it.
  await expect(page.getByRole('heading', { level: 1 })).toContainText('About Haulwise');
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  await expectNoHorizontalOverflow(page);

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Contact Us' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole('heading', { name: 'Get in Touch', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
  await expectNoHorizontalOverflow(page);

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expectNoHorizontalOverflow(page);
});

test.describe('accessibility of the public pages', () => {
  // /, /about and /contact are checked at the end of their journeys above.
  test('/auth, both tabs, has no serious or critical axe violations', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await expect(page.getByLabel('Company Name')).toBeVisible();
    await expectAccessible(page);
  });

  test('the 404 page has no serious or critical axe violations', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    await expectAccessible(page);
  });
});
