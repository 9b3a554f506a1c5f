import { expect, openAs, test } from './support/fixtures';

/**
 * Settings → API and Settings → Webhooks as a company's admin uses them on the production server:
 * an API key made in Settings is shown once, works against /api/v1 as an outside program would call
 * it (Bearer), and stops working the moment it is revoked; a webhook endpoint on a loopback address
 * is refused in production with the field's message (SSRF). The signed delivery to a local receiver,
 * which only a development server allows, is tests/e2e/development/webhooks.spec.ts.
 */

test('an admin makes an API key in Settings, an outside program uses it, and revoking it shuts it out', async ({ page, request }) => {
  test.setTimeout(90_000);
  const name = `E2E sync ${Date.now()}`;
  await openAs(page, 'Admin', '/settings');
  await page.getByRole('region', { name: 'API', exact: true }).getByRole('button', { name: 'Create API key' }).click();

  const create = page.getByRole('dialog', { name: 'Create API key' });
  await create.getByLabel('Name').fill(name);
  await create.getByRole('combobox', { name: 'Scope' }).selectOption('write');
  await create.getByRole('button', { name: 'Create key' }).click();

  const shown = page.getByRole('dialog', { name: 'Your new API key' });
  await expect(shown).toContainText('it will not be shown again');
  const key = (await shown.getByLabel('API key').textContent())?.trim() ?? '';
  expect(key.length).toBeGreaterThan(20);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();
  // Once closed, the key is nowhere on the page: only its prefix is listed.
  await expect(page.getByText(key)).toHaveCount(0);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Active');

  const auth = { Authorization: `Bearer ${key}` };
  const brokerName = `API Broker ${Date.now()}`;
  const created = await request.post('/api/v1/brokers', { headers: auth, data: { name: brokerName, companyName: 'Lakeside Logistics' } });
  expect(created.status(), await created.text()).toBe(200);
  const { id } = (await created.json()) as { id: string };
  const read = await request.get(`/api/v1/brokers/${id}`, { headers: auth });
  expect(read.status()).toBe(200);
  expect(await read.json()).toMatchObject({ id, name: brokerName, companyName: 'Lakeside Logistics' });

  // A bad body is a problem naming the field, in the app's words.
  const bad = await request.post('/api/v1/brokers', { headers: auth, data: { name: '' } });
  expect(bad.status()).toBe(400);
  expect(bad.headers()['content-type']).toContain('application/problem+json');

  // The key's last use shows once the list is read again.
  await page.reload();
  await expect(row).not.toContainText('Never used');

  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Revoke this API key?' });
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toContainText('Revoked');
  const refused = await request.get('/api/v1/brokers', { headers: auth });
  expect(refused.status()).toBe(401);
  expect(refused.headers()['content-type']).toContain('application/problem+json');
});

test('in production a webhook endpoint must be https on a public address: a loopback URL is refused', async ({ page }) => {
  test.setTimeout(90_000);
  await openAs(page, 'Admin', '/settings');
  await page.getByRole('region', { name: 'Webhooks', exact: true }).getByRole('button', { name: 'Add endpoint' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add webhook endpoint' });
  await dialog.getByLabel('URL').fill('http://127.0.0.1:9/hooks');
  await dialog.getByText('load.created').click();
  await dialog.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(dialog.getByText('The URL must start with https://')).toBeVisible();

  await dialog.getByLabel('URL').fill('https://127.0.0.1/hooks');
  await dialog.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(dialog.getByText('The URL must point to a public address (not private, loopback or link-local)')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});
