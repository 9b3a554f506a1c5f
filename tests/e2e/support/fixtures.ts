import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../../server/src/seed/demo-data';

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
  await expectNoBlockingViolations(new AxeBuilder({ page }));
}

/** No serious or critical accessibility violations inside the part of the page this selector picks (a dialog, a drawer). */
export async function expectAccessibleWithin(page: Page, selector: string) {
  await expectNoBlockingViolations(new AxeBuilder({ page }).include(selector));
}

/**
 * Keeps every toast on screen from the moment it appears, as a pointer resting on it would (the
 * toaster pauses its toasts while the pointer is within them). A success toast lives only 2 s, which
 * a busy test machine can miss; call this before the page loads.
 */
export async function holdToasts(page: Page) {
  await page.addInitScript(() => {
    const hold = (toast: Element) =>
      requestAnimationFrame(() => requestAnimationFrame(() => toast.dispatchEvent(new MouseEvent('mousemove', { bubbles: true }))));
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          const selector = '[data-scope="toast"][data-part="root"]';
          (node.matches(selector) ? [node] : [...node.querySelectorAll(selector)]).forEach(hold);
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

/**
 * No serious or critical accessibility violations in the toasts, measured once the one with this
 * title has slid into place. Use holdToasts(page) first so it is still there to be measured.
 */
export async function expectToastAccessible(page: Page, title: string) {
  const toast = page
    .getByTestId('toast')
    .filter({ has: page.getByText(title, { exact: true }) })
    .first();
  await toast.waitFor();
  await settleAnimations(page);
  await expect(toast).toBeVisible();
  // Soft: a failing toast is reported, and the journey around it still runs to the end.
  await expectNoBlockingViolations(new AxeBuilder({ page }).include('[data-testid="toast"]'), { soft: true });
}

async function expectNoBlockingViolations(builder: AxeBuilder, options: { soft?: boolean } = {}) {
  const results = await builder.analyze();
  const blocking = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  (options.soft ? expect.soft : expect)(
    blocking.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

/**
 * Records every request of a page (or of a whole browser context) that leaves this machine.
 * The `test` fixture does this for `page`; use it for pages of contexts a test opens itself,
 * then `expect(external).toEqual([])`.
 */
export function trackExternalRequests(target: Page | BrowserContext): string[] {
  const external: string[] = [];
  target.on('request', (request) => {
    const url = new URL(request.url());
    if (!['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol)) return;
    if (!['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)) external.push(request.url());
  });
  return external;
}

/** A toast with this exact title (and, when given, this description) is showing. */
export async function expectToast(page: Page, title: string, description?: string) {
  let toast = page.getByTestId('toast').filter({ has: page.getByText(title, { exact: true }) });
  if (description !== undefined) toast = toast.filter({ has: page.getByText(description, { exact: true }) });
  await expect(toast.first()).toBeVisible();
}

/**
 * Waits for running finite animations (a toast or a drawer sliding in) to end, so axe measures
 * colours as people see them rather than half-faded mid-transition. Infinite ones (spinners) are ignored.
 */
export async function settleAnimations(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** Nothing sticks out sideways: the page does not scroll horizontally at the current viewport. */
export async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.right > width + 1 && getComputedStyle(element).position !== 'fixed';
      })
      .slice(0, 5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} (right ${Math.round(element.getBoundingClientRect().right)}px)`,
      );
    return { scrollWidth: document.documentElement.scrollWidth, width, wide };
  });
  expect(overflow.scrollWidth, `page wider than the viewport; overflowing: ${overflow.wide.join(', ')}`).toBeLessThanOrEqual(
    overflow.width,
  );
}

/**
 * Every test fails if the page asks for anything beyond this machine: the app must work
 * with no internet (no fonts, analytics or tiles from elsewhere).
 */
export const test = base.extend<{ offlineGuard: void; quietPrompts: void }>({
  /**
   * The install banner and the notification prompt are dismissed up front (as a returning
   * user would have done), so they never cover what a journey clicks. tests/e2e/pwa.spec.ts
   * uses the plain Playwright test to see them.
   */
  quietPrompts: [
    async ({ context }, use) => {
      await context.addInitScript(() => {
        window.localStorage.setItem('pwa-install-dismissed', 'true');
        window.localStorage.setItem('notification-prompt-dismissed', 'true');
      });
      await use();
    },
    { auto: true },
  ],
  offlineGuard: [
    async ({ page }, use) => {
      const external = trackExternalRequests(page);
      await use();
      expect(external, 'requests that left localhost').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
