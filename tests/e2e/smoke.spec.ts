import { expect, signInAs, test } from './support/fixtures';

test('a dispatcher signs in and lands on the dispatch dashboard', async ({ page }) => {
  await signInAs(page, 'Dispatcher');
  await expect(page).toHaveURL(/\/dispatch-dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dispatch Dashboard' })).toBeVisible();
});
