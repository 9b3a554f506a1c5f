import { readFile } from 'node:fs/promises';
import { expect, expectAccessible, expectNoHorizontalOverflow, expectToast, holdToasts, openAs, test } from './support/fixtures';

/**
 * Issue 31, item 5, as treasury and an admin use /ifta. Treasury reads the quarter's report (the
 * demo's trucks have miles in several states from their tracks), adds a fuel purchase on the Fuel
 * purchases tab and sees it counted as gallons bought on the report, downloads the report's CSV,
 * and has no "Rebuild quarter". An admin rebuilds the previous quarter (the current one's demo
 * lanes are roll-ups without stored positions, so other journeys' figures stay as they are): asked
 * first, the rebuild runs as a job, and the screen says when it is done. The report at a phone's
 * width has no sideways scroll.
 */

const quarterOf = (date: Date) => `${date.getUTCFullYear()}-Q${Math.floor(date.getUTCMonth() / 3) + 1}`;

test('treasury reads the IFTA report, adds fuel that the report counts and downloads the CSV; an admin rebuilds last quarter', async ({
  browser,
  page,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await holdToasts(page);
  const quarter = quarterOf(new Date());
  await openAs(page, 'Treasury', `/ifta?quarter=${quarter}`);
  await expect(page.getByRole('heading', { level: 1, name: 'IFTA' })).toBeVisible({ timeout: 30_000 });
  const report = page.getByRole('table', { name: 'Miles and fuel per state' });
  await expect(report.getByRole('row').nth(2)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Rebuild quarter' })).toHaveCount(0);
  await expectAccessible(page);

  // Wyoming: a state the demo's lanes never reach, so its row is this purchase alone.
  const wyoming = report.getByRole('row').filter({ has: page.getByRole('cell', { name: 'WY', exact: true }) });
  const before = (await wyoming.count()) > 0 ? Number((await wyoming.getByRole('cell').nth(3).innerText()).replace(/,/g, '')) : 0;
  await page.getByRole('tab', { name: 'Fuel purchases' }).click();
  await page.getByRole('button', { name: 'Add purchase' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add fuel purchase' });
  await dialog.getByLabel('Truck').selectOption({ index: 1 });
  await dialog.getByLabel('Date').fill(new Date().toISOString().slice(0, 10));
  await dialog.getByLabel('State').fill('WY');
  await dialog.getByLabel('Gallons').fill('42.5');
  await dialog.getByLabel('Amount').fill('161.50');
  await dialog.getByLabel('Vendor').fill('IFTA journey stop');
  await dialog.getByRole('button', { name: 'Add purchase' }).click();
  await expect(dialog).toBeHidden();
  await expectToast(page, 'Fuel purchase added');
  await expect(page.getByRole('table', { name: 'Fuel purchases' }).getByRole('row').filter({ hasText: 'WY' }).first()).toBeVisible();

  await page.getByRole('tab', { name: 'Report' }).click();
  await expect(wyoming.getByRole('cell').nth(3)).toHaveText((before + 42.5).toFixed(2));

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  const csv = await readFile((await file.path()) as string, 'utf8');
  expect(csv).toMatch(/WY/);

  // An admin rebuilds the previous quarter: asked first, queued, done.
  const previous = new Date();
  previous.setUTCDate(1);
  previous.setUTCMonth(previous.getUTCMonth() - 3);
  const admin = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  try {
    await holdToasts(admin);
    await openAs(admin, 'Admin', `/ifta?quarter=${quarterOf(previous)}`);
    await admin.getByRole('button', { name: 'Rebuild quarter' }).click();
    const confirm = admin.getByRole('alertdialog', { name: `Rebuild ${quarterOf(previous).replace('-', ' ')}?` });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Rebuild' }).click();
    await expect(confirm).toBeHidden();
    await expectToast(admin, 'Quarter rebuilt');
    await expect(admin.getByTestId('ifta-rebuild-progress')).toContainText('Last rebuilt from the tracks');
  } finally {
    await admin.close();
  }

  // The report at a phone's width.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { level: 1, name: 'IFTA' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
});
