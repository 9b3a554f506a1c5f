import type { Page } from '@playwright/test';
import {
  demoAccount,
  expect,
  expectAccessible,
  expectAccessibleWithin,
  expectNoHorizontalOverflow,
  settleAnimations,
  openAs,
  test,
  type DemoRole,
} from './support/fixtures';

/**
 * The signed-in shell for every demo role: navigation, the /dashboard redirect, the role guard,
 * accessibility and the mobile drawer, on the role's stored session (signing in is tested in
 * tests/e2e/sessions.setup.ts and auth.spec.ts).
 */

interface RoleCase {
  role: DemoRole;
  home: RegExp;
  company: string;
  navigation: string[];
  /** Visiting `from` sends this role to `to` (the role guard). */
  redirects: { from: string; to: RegExp }[];
  /** Guarded pages this role may open: path and the page's heading. */
  allowed: { path: string; heading: string }[];
  /** A link in the drawer to follow at 375 px. */
  drawerLink: { label: string; path: RegExp };
}

/** Navigation targets per label (the spec's paths). */
const PATHS: Record<string, string> = {
  Companies: '/companies',
  Team: '/team',
  Loads: '/loads',
  'My Loads': '/loads',
  Drivers: '/drivers',
  Trucks: '/trucks',
  Trailers: '/trailers',
  Brokers: '/brokers',
  Carriers: '/carriers',
  Documents: '/documents',
  Invoices: '/invoices',
  Settlements: '/settlements',
  IFTA: '/ifta',
  Messages: '/messages',
  Analytics: '/analytics',
  'My Performance': '/analytics',
  Reports: '/analytics',
  'Audit Logs': '/audit-logs',
  'Fleet Map': '/fleet-map',
  Settings: '/settings',
};
/** Routes behind the role guard: following such a link must not bounce the role back home. */
const GUARDED = new Set(['/companies', '/team', '/audit-logs', '/fleet-map', '/brokers']);

const OPERATIONS = [
  'Loads',
  'Drivers',
  'Trucks',
  'Trailers',
  'Brokers',
  'Carriers',
  'Fleet Map',
  'Documents',
  'Invoices',
  'Settlements',
  'IFTA',
  'Messages',
  'Analytics',
  'Audit Logs',
  'Settings',
];

const ROLES: RoleCase[] = [
  {
    role: 'Master admin',
    home: /\/master-admin$/,
    company: 'Haulwise Platform',
    navigation: ['Dashboard', 'Companies', 'Team', ...OPERATIONS],
    redirects: [],
    // Every screen it may open is in its navigation, followed below.
    allowed: [],
    drawerLink: { label: 'Companies', path: /\/companies$/ },
  },
  {
    role: 'Admin',
    home: /\/admin-dashboard$/,
    company: 'Summit Freight Lines',
    navigation: ['Dashboard', 'Team', ...OPERATIONS],
    redirects: [{ from: '/companies', to: /\/admin-dashboard$/ }],
    allowed: [],
    drawerLink: { label: 'Team', path: /\/team$/ },
  },
  {
    role: 'Dispatcher',
    home: /\/dispatch-dashboard$/,
    company: 'Summit Freight Lines',
    navigation: [
      'Dashboard',
      'Loads',
      'Drivers',
      'Trucks',
      'Trailers',
      'Brokers',
      'Carriers',
      'Fleet Map',
      'Documents',
      'Messages',
      'Settings',
    ],
    redirects: [{ from: '/team', to: /\/dispatch-dashboard$/ }],
    allowed: [],
    drawerLink: { label: 'Fleet Map', path: /\/fleet-map$/ },
  },
  {
    role: 'Sales agent',
    home: /\/sales-dashboard$/,
    company: 'Summit Freight Lines',
    navigation: ['Dashboard', 'My Loads', 'Carriers', 'Drivers', 'Brokers', 'Documents', 'My Performance', 'Messages', 'Settings'],
    redirects: [{ from: '/audit-logs', to: /\/sales-dashboard$/ }],
    allowed: [],
    drawerLink: { label: 'My Loads', path: /\/loads$/ },
  },
  {
    role: 'Treasury',
    home: /\/treasury-dashboard$/,
    company: 'Summit Freight Lines',
    navigation: ['Dashboard', 'Loads', 'Drivers', 'Brokers', 'Invoices', 'Settlements', 'IFTA', 'Reports', 'Messages', 'Settings'],
    redirects: [{ from: '/fleet-map', to: /\/treasury-dashboard$/ }],
    allowed: [],
    drawerLink: { label: 'Reports', path: /\/analytics$/ },
  },
  {
    role: 'Driver',
    // No role, a driver record (the demo driver is linked): /dashboard sends them to the driver portal.
    home: /\/driver-portal$/,
    company: 'Summit Freight Lines',
    // Messages with their dispatchers (issue 27, item 2).
    navigation: ['Dashboard', 'Messages'],
    redirects: [{ from: '/admin-dashboard', to: /\/driver-portal$/ }],
    allowed: [{ path: '/messages', heading: 'Messages' }],
    drawerLink: { label: 'Messages', path: /\/messages$/ },
  },
];

const sidebar = (page: Page) => page.getByRole('complementary');
const sidebarNav = (page: Page) => sidebar(page).getByRole('navigation', { name: 'Main navigation' });

for (const roleCase of ROLES) {
  test(`${roleCase.role}: navigation, /dashboard redirect, role guard, accessibility and the mobile drawer`, async ({ page }) => {
    // A long journey: give it room on a busy machine.
    test.setTimeout(90_000);
    const account = demoAccount(roleCase.role);
    // /dashboard sends the role to its home.
    await openAs(page, roleCase.role, '/dashboard');
    await expect(page).toHaveURL(roleCase.home);

    // The sidebar: company, the user's name, exactly the role's navigation in order, Sign Out.
    await expect(sidebar(page)).toContainText(roleCase.company);
    await expect(sidebar(page)).toContainText(`${account.firstName} ${account.lastName}`);
    await expect(sidebarNav(page).getByRole('link')).toHaveText(roleCase.navigation);
    await expect(sidebar(page).getByRole('button', { name: 'Sign Out', exact: true })).toBeVisible();
    await expect(sidebarNav(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');

    // Axe on that home page.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page);

    // The role guard: anyone not allowed goes to their own home, replacing the history entry.
    for (const redirect of roleCase.redirects) {
      const historyBefore = await page.evaluate(() => history.length);
      await page.goto(redirect.from);
      await expect(page).toHaveURL(redirect.to);
      expect(await page.evaluate(() => history.length), `${redirect.from} left an entry in the history`).toBe(historyBefore + 1);
    }
    for (const allowed of roleCase.allowed) {
      await page.goto(allowed.path);
      await expect(page).toHaveURL(new RegExp(`${allowed.path}$`));
      await expect(page.getByRole('heading', { name: allowed.heading, level: 1 })).toBeVisible();
    }

    // Each entry points at the spec's path (Dashboard at the role's home); following a guarded one
    // must not bounce the role back home.
    const links = sidebarNav(page).getByRole('link');
    await expect(links).toHaveCount(roleCase.navigation.length);
    const hrefs = await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
    expect(hrefs.slice(1)).toEqual(roleCase.navigation.slice(1).map((label) => PATHS[label]));
    expect(hrefs[0]).toMatch(roleCase.home);
    for (const [index, href] of hrefs.entries()) {
      if (!href || !GUARDED.has(href)) continue;
      await links.nth(index).click();
      await expect(page).toHaveURL(new RegExp(`${href}$`));
      await expect(links.nth(index)).toHaveAttribute('aria-current', 'page');
    }

    // At 375 px: no sidebar, a top bar whose toggle opens the drawer; choosing a link navigates and closes it.
    await page.setViewportSize({ width: 375, height: 760 });
    await expect(sidebar(page)).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await expect(drawer).toBeVisible();
    await expect(drawer).toContainText(roleCase.company);
    await expect(drawer).toContainText(`${account.firstName} ${account.lastName}`);
    await expect(drawer.getByRole('navigation', { name: 'Main navigation' }).getByRole('link')).toHaveText(roleCase.navigation);
    await expect(drawer.getByRole('button', { name: 'Sign Out', exact: true })).toBeVisible();
    if (roleCase.role === 'Admin') {
      await settleAnimations(page);
      await expectAccessibleWithin(page, '[role="dialog"]');
    }
    await drawer.getByRole('link', { name: roleCase.drawerLink.label, exact: true }).click();
    await expect(page).toHaveURL(roleCase.drawerLink.path);
    await expect(page.getByRole('dialog', { name: 'Navigation' })).toBeHidden();
    await expectNoHorizontalOverflow(page);

    // The close button also closes it.
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(page.getByRole('dialog', { name: 'Navigation' })).toBeVisible();
    await page.getByRole('button', { name: 'Close navigation' }).click();
    await expect(page.getByRole('dialog', { name: 'Navigation' })).toBeHidden();
  });
}

test('signed out, a shell page redirects to /auth', async ({ page }) => {
  for (const path of ['/settings', '/team']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  }
});

test('an unknown path shows the 404 page with a link home, and logs the path', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => errors.push(message.text()));
  await page.goto('/no-such-page');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await expect(page).toHaveURL(/\/no-such-page$/);
  expect(errors.some((text) => text.includes('/no-such-page'))).toBe(true);
  const home = page.getByRole('link', { name: 'Return to Home' });
  await expect(home).toHaveAttribute('href', '/');
  await home.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Smart Dispatch. Simplified.', { exact: true })).toBeVisible();
});
