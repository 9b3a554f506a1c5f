import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import {
  expect,
  test as base,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Cookie,
  type Locator,
  type Page,
} from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../../server/src/seed/demo-data';
import { SESSIONS_DIR } from './environment';

export const DEMO_ROLES = ['Master admin', 'Admin', 'Dispatcher', 'Sales agent', 'Treasury', 'Driver'] as const;
export type DemoRole = (typeof DEMO_ROLES)[number];

export function demoAccount(role: DemoRole) {
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.label === role);
  if (!account) throw new Error(`no demo account ${role}`);
  return account;
}

/**
 * Signs in through the real form, as a person would. Only for journeys about signing in, signing
 * out or a session ending, and for accounts a journey creates; the rest use openAs.
 */
export async function signInAs(page: Page, role: DemoRole | { email: string; password: string }) {
  const credentials = typeof role === 'string' ? { email: demoAccount(role).email, password: DEMO_PASSWORD } : role;
  await page.goto('/auth');
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  // The first sign-ins of a run wait on a cold server (argon2 and the first queries): more than a click's time.
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).first()).toBeVisible({ timeout: 30_000 });
}

/** The file holding the demo role's signed-in browser state (written by tests/e2e/sessions.setup.ts). */
export function sessionFile(role: DemoRole): string {
  return path.join(SESSIONS_DIR, `${role.toLowerCase().replace(/\s+/g, '-')}.json`);
}

/**
 * Opens `path` as the demo role, in the session the setup project signed in once through the form
 * (its stored state): no sign-in per journey. Other journeys share that session at the same time,
 * so a journey opened this way never signs out; one that does signs in with signInAs instead.
 */
export async function openAs(page: Page, role: DemoRole, path = '/dashboard') {
  const state = JSON.parse(readFileSync(sessionFile(role), 'utf8')) as { cookies: Cookie[] };
  await page.context().addCookies(state.cookies);
  await page.goto(path);
  // The signed-in shell: the sidebar's navigation, or at a phone's width the button that opens it.
  const shell = page.getByRole('navigation', { name: 'Main navigation' }).or(page.getByRole('button', { name: 'Open navigation' }));
  await expect(shell.first()).toBeVisible({ timeout: 20_000 });
}

/**
 * Holds the page's real requests to a tRPC procedure (never faked) until release() is called, so a
 * journey can see the busy state (a "Sending..." button) for as long as it looks, then let them go.
 */
export async function holdRequests(page: Page, procedure: string): Promise<{ release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**/trpc/${procedure}**`, async (route) => {
    await released;
    await route.continue();
  });
  return { release };
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
  // Polled for a few seconds: right after setViewportSize the emulated viewport's media queries
  // can lag a frame behind its width on a busy machine (a CI run once measured the desktop
  // columns at 375 px); a page that really overflows still fails, with the elements that do.
  await expect(async () => {
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
  }).toPass({ timeout: 5000 });
}

/**
 * The Loads screen as cards in this page from now on (a desktop's default is the board's table:
 * load-board.spec.ts), for journeys that open a load from its card: on the next load of a page
 * and, for a page already open, before the screen mounts (a client-side navigation to /loads).
 */
export async function preferLoadCards(page: Page) {
  const cards = () => localStorage.setItem('haulwise:loads-layout', 'cards');
  await page.addInitScript(cards);
  if (page.url().startsWith('http')) await page.evaluate(cards);
}

/** What a returning user has done: the install banner and the notification prompt dismissed. */
function dismissPrompts() {
  window.localStorage.setItem('pwa-install-dismissed', 'true');
  window.localStorage.setItem('notification-prompt-dismissed', 'true');
}

/**
 * A page of its own (its own cookies) for a second person in a journey, with the prompts
 * dismissed as the test's own page has them (quietPrompts), so they never cover what it clicks.
 */
export async function quietPage(browser: Browser): Promise<Page> {
  const page = await browser.newPage();
  await page.addInitScript(dismissPrompts);
  return page;
}

/** A context of its own (another person, another device) with the prompts dismissed as quietPrompts does. */
export async function quietContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.addInitScript(dismissPrompts);
  return context;
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
      await context.addInitScript(dismissPrompts);
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

/**
 * Types a load number into a load form's Load Number field. The form offers the company's next
 * number once its options arrive; arriving in the middle of Playwright's fill (between its select-all
 * and its typing) it was joined to what was typed, so the value is checked and typed again if so.
 */
export async function fillLoadNumber(form: Locator, loadNumber: string) {
  const field = form.getByLabel('Load Number');
  await expect(async () => {
    await field.fill(loadNumber);
    await expect(field).toHaveValue(loadNumber, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

export { expect };
