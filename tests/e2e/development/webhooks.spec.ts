import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { expect, signInAs, test } from '../support/fixtures';

/**
 * A webhook endpoint registered in Settings receives signed events. A receiver on loopback stands
 * for the company's own system; production refuses loopback (tests/e2e/settings-api.spec.ts), so
 * this runs on the development server, where a developer tests a receiver the same way. The
 * signature is checked with the Standard Webhooks reference package, as a receiver would.
 */

interface Received {
  body: string;
  headers: IncomingHttpHeaders;
}

test('an admin registers an endpoint, keeps its secret, sends a test event, and the receiver verifies its signature', async ({ page }) => {
  test.setTimeout(90_000);
  const received: Received[] = [];
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), headers: request.headers });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/haulwise`;
  try {
    await signInAs(page, 'Admin');
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Webhooks', exact: true });
    await section.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add webhook endpoint' });
    await dialog.getByLabel('URL').fill(url);
    await dialog.getByLabel('Description').fill('Accounting sync');
    await dialog.getByText('load.created').click();
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();

    const shown = page.getByRole('dialog', { name: 'Endpoint signing secret' });
    const secret = (await shown.getByLabel('Signing secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^whsec_/);
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toBeHidden();

    await section.getByRole('button', { name: `Deliveries of ${url}` }).click();
    const log = page.getByRole('dialog', { name: 'Delivery log' });
    await log.getByRole('button', { name: 'Send test event' }).click();

    await expect.poll(() => received.length, { timeout: 30_000 }).toBeGreaterThan(0);
    const delivery = received[0] as Received;
    const headers = {
      'webhook-id': String(delivery.headers['webhook-id']),
      'webhook-timestamp': String(delivery.headers['webhook-timestamp']),
      'webhook-signature': String(delivery.headers['webhook-signature']),
    };
    const payload = new Webhook(secret).verify(delivery.body, headers) as { type: string };
    expect(payload.type).toBe('webhook.test');
    // A tampered body fails the same check.
    expect(() => new Webhook(secret).verify(delivery.body.replace('webhook.test', 'load.created'), headers)).toThrow();

    // The delivery log shows it delivered, with the receiver's status code.
    await expect
      .poll(
        async () => {
          await log.getByRole('button', { name: 'Refresh' }).click();
          return log.getByRole('row').filter({ hasText: 'webhook.test' }).first().textContent();
        },
        { timeout: 20_000 },
      )
      .toMatch(/Succeeded.*204/s);
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});
