import { expect as baseExpect, expectAccessible, expectNoHorizontalOverflow, openAs, settleAnimations, test } from './support/fixtures';

/**
 * CSV import (issue 28, item 4) as an admin moves a company in: from the Brokers screen's
 * "Import CSV", a small brokers file (semicolons, one bad email), the preview naming the bad row
 * and field, the import with its summary, and an imported broker in the Brokers list. Names are
 * unique per run, so journeys running in parallel never collide.
 */

test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

test('an admin imports brokers from a CSV: preview errors by row and field, the summary, and the broker in the list', async ({ page }) => {
  const tag = unique();
  const first = `Import Ana ${tag}`;
  const second = `Import Ben ${tag}`;
  const csv = [
    'Contact Name;Brokerage;E-mail;Terms',
    `${first};"Reyes Freight; LLC";ana-${tag}@example.test;Net 30`,
    `Import Bad ${tag};Broken Co;not-an-email;Net 15`,
    `${second};Cole Logistics;ben-${tag}@example.test;Net 15`,
    '',
  ].join('\r\n');

  await openAs(page, 'Admin', '/brokers');
  await page.getByRole('link', { name: 'Import CSV' }).click();
  await expect(page).toHaveURL(/\/import\?entity=brokers$/);
  await expect(page.getByRole('heading', { name: 'Import', level: 1 })).toBeVisible();
  await expect(page.getByLabel('What to import')).toHaveValue('brokers');

  await page.getByTestId('import-file').setInputFiles({ name: 'brokers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByText('brokers.csv')).toBeVisible();
  await page.getByRole('button', { name: 'Upload and preview' }).click();

  const mapping = page.getByRole('table', { name: 'Column mapping' });
  await expect(mapping).toBeVisible();
  await expect(page.getByLabel('Imported as, column Contact Name')).toHaveValue('name');
  await expect(page.getByLabel('Imported as, column E-mail')).toHaveValue('email');
  const preview = page.getByRole('table', { name: 'Preview' });
  await expect(preview.getByText('Row 2, Email: Invalid email address')).toBeVisible();
  await settleAnimations(page);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const summary = page.getByRole('status').filter({ hasText: 'Import complete' });
  await expect(summary).toBeVisible({ timeout: 60_000 });
  await expect(summary).toContainText('2 created');
  await expect(summary).toContainText('0 updated');
  await expect(summary).toContainText('1 failed');
  await expect(page.getByRole('button', { name: 'Download failed rows' })).toBeVisible();

  await page.goto('/brokers');
  await expect(page.getByText(first, { exact: true }).first()).toBeVisible();
  await expect(page.getByText(second, { exact: true }).first()).toBeVisible();
});

test('the Import screen fits a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openAs(page, 'Admin', '/import?entity=loads');
  await expect(page.getByRole('button', { name: 'Upload and preview' })).toBeVisible();
  await expect(page.getByLabel('What to import')).toHaveValue('loads');
  await expectNoHorizontalOverflow(page);
});
