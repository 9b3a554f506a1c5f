import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../../scripts/demo-data';

export type DemoRole = 'Master admin' | 'Admin' | 'Dispatcher' | 'Sales agent' | 'Treasury' | 'Driver';

export function demoAccount(role: DemoRole) {
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.label === role);
  if (!account) throw new Error(`no demo account ${role}`);
  return account;
}

/** Signs in through the real form, as a person would. */
export async function signInAs(page: Page, role: DemoRole | { email: string; password: string }) {
  const credentials = typeof role === 'string' ? { email: demoAccount(role).email, password: DEMO_PASSWORD } : role;
  await page.goto('/auth');
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).first()).toBeVisible();
}

/** No serious or critical accessibility violations on the current page. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(blocking.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`)).toEqual([]);
}

/**
 * Every test fails if the page asks for anything beyond this machine: the app must work
 * with no internet (no fonts, analytics or tiles from elsewhere).
 */
export const test = base.extend<{ offlineGuard: void }>({
  offlineGuard: [
    async ({ page }, use) => {
      const external: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (!['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol)) return;
        if (!['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)) external.push(request.url());
      });
      await use();
      expect(external, 'requests that left localhost').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
