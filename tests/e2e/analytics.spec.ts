import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expect, expectAccessible, expectToast, holdToasts, openAs, quietContext, settleAnimations, test } from './support/fixtures';

/** The analytics page per role, its date range, its charts, and the admin's export. */

const totalRevenue = (page: Page) =>
  page
    .getByRole('region', { name: 'Revenue cards' })
    .locator('div', { has: page.getByText('Total Revenue', { exact: true }) })
    .last();

test('an admin reads Analytics, the date range changes the figures, and the export downloads a file', async ({ page }) => {
  test.slow();
  await holdToasts(page);
  await openAs(page, 'Admin', '/analytics');
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
  await expect(totalRevenue(page)).toContainText(/\$[\d,]+\.\d{2}/);
  await expect(page.getByRole('table', { name: 'Top 5 drivers' }).getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('img', { name: /Revenue per week/ })).toBeVisible();
  // The charts draw (recharts renders nothing without a size: the line and the bars must be there).
  await expect(page.getByRole('img', { name: /Revenue per week/ }).locator('.recharts-line-curve')).toBeVisible();
  await expect(
    page
      .getByRole('img', { name: /Loads by status/ })
      .locator('.recharts-bar-rectangle')
      .first(),
  ).toBeVisible();
  const thisMonth = await totalRevenue(page).innerText();

  await page.getByLabel('Date range').selectOption('year');
  await expect(page).toHaveURL(/range=year/);
  await expect(totalRevenue(page)).not.toHaveText(thisMonth);
  await expect(page.getByRole('table', { name: 'Top 5 brokers' }).getByRole('row')).toHaveCount(6);
  await settleAnimations(page);
  await expectAccessible(page);

  // Export: the spec's defaults (everything but Audit Logs, JSON), a file, "Export Complete".
  const card = page.getByRole('region', { name: 'Export Data' });
  await expect(card.getByRole('checkbox', { name: 'Loads' })).toBeChecked();
  await expect(card.getByRole('checkbox', { name: 'Audit Logs' })).not.toBeChecked();
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Export' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^haulwise-export-\d{4}-\d{2}-\d{2}\.json$/);
  const body = JSON.parse(readFileSync((await file.path()) ?? '', 'utf8')) as { data: { loads: unknown[] } };
  expect(body.data.loads.length).toBeGreaterThan(100);
  await expectToast(page, 'Export Complete');
});

test('a sales agent sees My Performance (their own loads) and treasury sees Reports', async ({ page, browser }) => {
  test.slow(); // two roles, two accessibility scans
  await openAs(page, 'Sales agent', '/analytics?range=year');
  await expect(page.getByRole('heading', { name: 'My Performance', level: 1 })).toBeVisible();
  await expect(totalRevenue(page)).toContainText(/\$[\d,]+\.\d{2}/);
  await expect(page.getByRole('region', { name: 'Export Data' })).toHaveCount(0);
  await settleAnimations(page);
  await expectAccessible(page);

  const context = await quietContext(browser);
  try {
    const treasury = await context.newPage();
    await openAs(treasury, 'Treasury', '/analytics?range=year');
    await expect(treasury.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
    await expect(totalRevenue(treasury)).toContainText(/\$[\d,]+\.\d{2}/);
    await settleAnimations(treasury);
    await expectAccessible(treasury);
  } finally {
    await context.close();
  }
});
