import type { Page } from '@playwright/test';
import {
  demoAccount,
  expect,
  expectAccessible,
  expectToast,
  fillLoadNumber,
  openAs,
  quietPage,
  settleAnimations,
  test,
} from './support/fixtures';

/**
 * Issue 24, item 8: who earns the commission. A dispatcher chooses the demo sales agent on a new
 * load; the agent's Sales Dashboard then counts it (My Commission, My Active Loads) and their
 * My Loads lists it. The load carries a unique number, so journeys running in parallel never
 * find each other's loads.
 */

const uniqueNumber = () => `LOAD-E2E-agent-${Date.now()}-${Math.floor(Math.random() * 1000)}`;

/** A counter of the dashboard by its label (as tests/e2e/role-dashboards.spec.ts reads them). */
const statValue = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Counters' })
    .locator('div', { has: page.getByText(label, { exact: true }) })
    .last();

/** My Commission in dollars, as the counter shows it ("$1,234.50"). */
async function commissionOf(page: Page): Promise<number> {
  const text = await statValue(page, 'My Commission').innerText();
  const match = /\$([\d,]+\.\d{2})/.exec(text);
  if (!match?.[1]) throw new Error(`no amount in "${text}"`);
  return Number(match[1].replaceAll(',', ''));
}

test('a dispatcher chooses the sales agent on a new load, and the agent’s dashboard then counts it', async ({ browser, page }) => {
  test.setTimeout(150_000);
  const loadNumber = uniqueNumber();
  const agent = demoAccount('Sales agent');
  const agentName = `${agent.firstName} ${agent.lastName}`;

  // The agent's commission before: other journeys may add to it meanwhile, never take from it.
  // The loads as cards (the board's table has journeys of its own: load-board.spec.ts).
  const cards = () => localStorage.setItem('haulwise:loads-layout', 'cards');
  await page.addInitScript(cards);
  const salesPage = await quietPage(browser);
  await salesPage.addInitScript(cards);
  await openAs(salesPage, 'Sales agent', '/sales-dashboard');
  await expect(statValue(salesPage, 'My Commission')).toContainText(/\$[\d,]+\.\d{2}/);
  const before = await commissionOf(salesPage);

  // The dispatcher's Create Load form has the Sales Agent select: none by default, the company's sales agents to choose from.
  await openAs(page, 'Dispatcher', '/loads');
  await page.getByRole('button', { name: 'Create Load' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Load' });
  const agentSelect = dialog.getByRole('combobox', { name: 'Sales Agent' });
  await expect(agentSelect.locator('option').first()).toHaveText('No sales agent');
  await expect(agentSelect).toHaveValue('');
  await fillLoadNumber(dialog, loadNumber);
  await dialog.getByLabel('Pickup Address').fill('100 Harbor Way');
  await dialog.getByLabel('Pickup City').fill('Oakland');
  await dialog.getByLabel('Pickup State').fill('CA');
  await dialog.getByLabel('Delivery Address').fill('5 Commerce Dr');
  await dialog.getByLabel('Delivery City').fill('Reno');
  await dialog.getByLabel('Delivery State').fill('NV');
  await dialog.getByLabel('Line Haul (USD)').fill('2000');
  await dialog.getByLabel('Sales Percentage (%)').fill('10');
  await agentSelect.selectOption({ label: agentName });
  await settleAnimations(page);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Create Load' }).click();
  await expectToast(page, 'Load created successfully');
  await expect(dialog).toBeHidden({ timeout: 20_000 });

  // Assigned, so it is one of the agent's active loads; the edit form shows the agent chosen.
  await page.getByRole('searchbox', { name: 'Search' }).fill(loadNumber);
  const card = page.getByRole('list', { name: 'Loads' }).getByRole('button').filter({ hasText: loadNumber });
  await expect(card).toHaveCount(1);
  await card.click();
  const detail = page.getByRole('dialog', { name: loadNumber });
  await detail.getByRole('tab', { name: 'Status & Updates' }).click();
  await detail.getByRole('combobox', { name: 'Status' }).selectOption('assigned');
  await expectToast(page, 'Status Updated');
  await detail.getByRole('button', { name: 'Edit' }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit Load' });
  await expect(editDialog.getByRole('combobox', { name: 'Sales Agent' }).locator('option:checked')).toHaveText(agentName);
  await page.keyboard.press('Escape');
  await expect(editDialog).toBeHidden();

  // The agent's dashboard counts it: $200.00 more commission (10 % of $2,000) and the load among My Active Loads.
  await salesPage.reload();
  const activeLoads = salesPage.getByRole('table', { name: 'My Active Loads' });
  await expect(activeLoads.getByRole('row').filter({ hasText: loadNumber })).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => commissionOf(salesPage), { timeout: 20_000 }).toBeGreaterThanOrEqual(before + 200);

  // And My Loads lists it: a sales agent sees the loads they sell.
  await salesPage.getByRole('navigation', { name: 'Main navigation' }).first().getByRole('link', { name: 'My Loads' }).click();
  await expect(salesPage.getByRole('heading', { level: 1, name: 'My Loads' })).toBeVisible();
  await salesPage.getByRole('searchbox', { name: 'Search' }).fill(loadNumber);
  await expect(salesPage.getByRole('list', { name: 'Loads' }).getByRole('button').filter({ hasText: loadNumber })).toHaveCount(1);
  // A sales agent never chooses: their own Create Load form has no Sales Agent select.
  await salesPage.getByRole('button', { name: 'Create Load' }).click();
  const ownDialog = salesPage.getByRole('dialog', { name: 'Create Load' });
  await expect(ownDialog.getByLabel('Sales Percentage (%)')).toBeVisible();
  await expect(ownDialog.getByRole('combobox', { name: 'Sales Agent' })).toHaveCount(0);
  await salesPage.close();
});
