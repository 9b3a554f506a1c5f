import path from 'node:path';
import { DEMO_LOAD_PREFIX } from '../../../server/src/seed/demo-data';
import { TEST_USER_COMPANIES, TEST_USER_PASSWORD, TEST_USERS } from '../../../shared/src/test-users';
import { mailFilesTo } from '../../../server/src/services/mail/mail-files';
import { DEVELOPMENT_BASE_URL, E2E_DEV_DATA_DIR } from '../support/environment';
import { expect, signInAs, test } from '../support/fixtures';

/**
 * What exists only outside production, on the development server (playwright.config.ts): the demo
 * workspace seeded at start (what `make start` gives a newcomer), the developer's mailbox (an
 * .eml file per message under HAULWISE_DATA_DIR/mail) and the master admin's test users. The journeys themselves run in production.
 */

test('a development start seeds the demo workspace: the demo dispatcher signs in and sees its loads', async ({ page, request }) => {
  const health = await request.get(`${DEVELOPMENT_BASE_URL}/health/demo`);
  expect(await health.json()).toEqual({ demo: 'ready' });
  await signInAs(page, 'Dispatcher');
  await page.goto('/loads');
  await expect(page.getByRole('heading', { level: 1, name: 'Loads' })).toBeVisible();
  await expect(page.getByText(new RegExp(`^${DEMO_LOAD_PREFIX}`)).first()).toBeVisible();
});

test('a development server writes every message to the mail folder as an .eml file', async ({ page }) => {
  const subject = `Mail folder check ${Date.now()}`;
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByLabel('Name', { exact: false }).first().fill('Jordan Freight');
  await form.getByLabel('Email', { exact: false }).first().fill('jordan@example.test');
  await form.getByLabel('Subject', { exact: false }).first().fill(subject);
  await form.getByLabel('Message', { exact: false }).first().fill('We run 12 trucks out of Denver and would like a demo.');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Message sent successfully!')).toBeVisible();
  await expect
    .poll(async () => (await mailFilesTo(path.join(E2E_DEV_DATA_DIR, 'mail'), 'inbox@haulwise.test')).map((mail) => mail.subject))
    .toContain(`[Contact] ${subject}`);
});

test('a master admin seeds the test users with a confirmation outside production; one of them signs in', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await signInAs(page, 'Master admin');
  await expect(page).toHaveURL(/\/master-admin$/);
  await page.getByRole('button', { name: 'Seed Test Users' }).click();
  await page.getByRole('alertdialog', { name: 'Create test users?' }).getByRole('button', { name: 'Create Test Users' }).click();
  // A fresh data dir creates all 8; a rerun on the same one finds them.
  const toast = page.getByTestId('toast').filter({ hasText: 'Test users created successfully!' });
  await expect(toast).toBeVisible({ timeout: 20_000 });
  await expect(toast).toContainText(/8 users created|All 8 test users already exist/);
  const performance = page.getByRole('table', { name: 'Company Performance' });
  for (const testCompany of TEST_USER_COMPANIES) {
    await expect(performance.getByRole('row').filter({ hasText: testCompany.name }).getByRole('cell').nth(1)).toHaveText(
      String(testCompany.accounts.length),
    );
  }
  const context = await browser.newContext();
  try {
    const seeded = await context.newPage();
    await signInAs(seeded, { email: TEST_USERS[5]?.email ?? '', password: TEST_USER_PASSWORD });
    await expect(seeded).toHaveURL(/\/admin-dashboard$/);
  } finally {
    await context.close();
  }
});
