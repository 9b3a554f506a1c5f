import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DEMO_ROLES, sessionFile, signInAs, test } from './support/fixtures';

/**
 * The setup project (playwright.config.ts): each demo role signs in once, through the real form,
 * and its browser state is kept for the journeys, which open it with openAs instead of signing in.
 */
for (const role of DEMO_ROLES) {
  test(`${role} signs in through the form; the session is kept for the journeys`, async ({ page }) => {
    await signInAs(page, role);
    mkdirSync(path.dirname(sessionFile(role)), { recursive: true });
    await page.context().storageState({ path: sessionFile(role) });
  });
}
