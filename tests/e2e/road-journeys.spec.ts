import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import pg from 'pg';
import { e2eOwnerUrl } from './support/environment';
import { expect, expectNoHorizontalOverflow, expectToast, holdToasts, quietContext, test } from './support/fixtures';
import { dispatcherApi, mutate } from './support/dispatcher-api';

/**
 * Issue 27, "Done means": the driver's and the carrier user's days, each on a phone (390 px) from
 * the sign-in form to a delivered load with its proof of delivery and a dispatcher's message
 * answered. The dispatcher's side (the load, its steps the carrier does not take, the message) goes
 * through the API as the dispatcher's screens call it; what the driver or carrier does is clicked.
 */

const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PASSWORD = 'haulwise-demo';

/** One row of the seeded demo workspace, read as the database owner. */
async function ownerRow(sql: string): Promise<string> {
  const client = new pg.Client({ connectionString: e2eOwnerUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(sql);
    if (!rows[0]) throw new Error(`no row for: ${sql}`);
    return rows[0].id;
  } finally {
    await client.end();
  }
}

async function phone(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await quietContext(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await holdToasts(page);
  return { context, page };
}

/** The sign-in form on the phone; the account lands on its own portal. */
async function signInOnPhone(page: Page, email: string, landing: RegExp) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(landing, { timeout: 30_000 });
}

/**
 * The dispatcher's message reaches the phone's inbox; opened there, it is answered. In a new tab of
 * the same session (the portal, opened again later in the day): the journey's own toasts, held on
 * screen by holdToasts for their checks, would otherwise stand over the portal's header and the reply's button.
 */
async function answerMessage(context: BrowserContext, portal: string, subject: string, answer: string) {
  const page = await context.newPage();
  await page.goto(portal);
  await page.getByTestId('portal-messages-link').click();
  await expect(page).toHaveURL(/\/messages/);
  await page
    .getByTestId('message-list')
    .getByRole('button', { name: new RegExp(subject) })
    .click();
  const pane = page.getByRole('region', { name: 'Message' });
  await expect(pane.getByRole('heading', { name: subject })).toBeVisible();
  await pane.getByLabel('Reply to Dana Whitfield').fill(answer);
  await pane.getByRole('button', { name: 'Send Reply' }).click();
  await expect(pane.getByText(answer)).toBeVisible();
  await expectNoHorizontalOverflow(page);
}

/** The reply is in the dispatcher's inbox. */
async function expectReply(api: APIRequestContext, subject: string, answer: string) {
  await expect
    .poll(async () => {
      const input = encodeURIComponent(JSON.stringify({ search: answer }));
      const response = await api.get(`/trpc/messages.inbox?input=${input}`);
      return (await response.text()).includes(`Re: ${subject}`);
    })
    .toBe(true);
}

test('a driver on a phone: signs in, picks up, sends the POD, delivers, and answers the dispatcher', async ({ browser, playwright }) => {
  test.setTimeout(180_000);
  const suffix = `${Date.now()}-${Math.floor(Math.random() * 10_000)}`;
  const loadNumber = `ROAD-D-${suffix}`;
  const subject = `Gate code ${suffix}`;
  const answer = `Thanks, through the gate ${suffix}`;
  const api = await dispatcherApi(playwright);
  const { context, page } = await phone(browser);
  try {
    const driverId = await ownerRow(`select d.id from drivers d join users u on u.id = d.user_id where u.email = 'driver@summit.demo'`);
    const driverUser = await ownerRow(`select id from users where email = 'driver@summit.demo'`);
    await mutate(api, 'loads.create', {
      loadNumber,
      pickupLocation: '1200 Industrial Pkwy',
      pickupCity: 'Dallas',
      pickupState: 'TX',
      pickupDate: '2026-01-03',
      deliveryLocation: '88 Harbor Rd',
      deliveryCity: 'Atlanta',
      deliveryState: 'GA',
      deliveryDate: '2026-01-04',
      commodity: 'Road journey freight',
      rate: '1500.00',
      driverId,
    });

    await signInOnPhone(page, 'driver@summit.demo', /\/driver-portal/);
    // Assigned, it waits among the upcoming loads (the demo driver is on another load): each step is on its card.
    await expect(page.getByRole('button', { name: `Open load ${loadNumber}` })).toBeVisible({ timeout: 30_000 });

    for (const [label, done] of [
      ['Mark Picked Up', 'Picked Up'],
      ['Mark In Transit', 'In Transit'],
    ] as const) {
      await page.getByRole('button', { name: `${label}: ${loadNumber}` }).click();
      await page
        .getByRole('alertdialog', { name: `${label}?` })
        .getByRole('button', { name: label })
        .click();
      await expectToast(page, 'Status Updated', `${loadNumber} is ${done}`);
    }

    // The proof of delivery from the phone's camera, then delivered.
    await page.getByTestId(`pod-input-${loadNumber}`).setInputFiles({ name: `pod-${suffix}.png`, mimeType: 'image/png', buffer: TINY_PNG });
    await expectToast(page, 'Document Uploaded', `Proof of delivery for ${loadNumber}`);
    await page.getByRole('button', { name: `Mark Delivered: ${loadNumber}` }).click();
    await page.getByRole('alertdialog', { name: 'Mark Delivered?' }).getByRole('button', { name: 'Mark Delivered' }).click();
    await expectToast(page, 'Status Updated', `${loadNumber} is Delivered`);
    await page.getByRole('button', { name: /^History \(\d+\)$/ }).click();
    await expect(page.locator('#load-history-list').getByRole('button', { name: `Open load ${loadNumber}` })).toContainText('Delivered');
    await expectNoHorizontalOverflow(page);

    // The dispatcher writes; the driver answers from the portal.
    await mutate(api, 'messages.send', { recipientId: driverUser, subject, body: `Gate code is 4471. ${suffix}` });
    await answerMessage(context, '/driver-portal', subject, answer);
    await expectReply(api, subject, answer);
  } finally {
    await context.close();
    await api.dispose();
  }
});

test('a carrier user on a phone: signs in to the carrier portal, sends the POD of a delivered load, and answers the dispatcher', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(180_000);
  const suffix = `${Date.now()}-${Math.floor(Math.random() * 10_000)}`;
  const loadNumber = `ROAD-C-${suffix}`;
  const subject = `Paperwork ${suffix}`;
  const answer = `POD is up ${suffix}`;
  const api = await dispatcherApi(playwright);
  const { context, page } = await phone(browser);
  try {
    const carrierDriver = await ownerRow(
      `select d.id from drivers d join carrier_users cu on cu.carrier_id = d.carrier_id join users u on u.id = cu.user_id
        where u.email = 'carrier@summit.demo' order by d.created_at limit 1`,
    );
    const carrierUser = await ownerRow(`select id from users where email = 'carrier@summit.demo'`);
    const load = await mutate<{ id: string }>(api, 'loads.create', {
      loadNumber,
      pickupLocation: '5 Rail Yard Rd',
      pickupCity: 'Phoenix',
      pickupState: 'AZ',
      pickupDate: '2026-01-03',
      deliveryLocation: '400 Depot St',
      deliveryCity: 'Denver',
      deliveryState: 'CO',
      deliveryDate: '2026-01-05',
      commodity: 'Carrier journey freight',
      rate: '2100.00',
      driverId: carrierDriver,
    });
    for (const status of ['picked', 'in_transit', 'delivered']) await mutate(api, 'loads.changeStatus', { id: load.id, status });

    await signInOnPhone(page, 'carrier@summit.demo', /\/carrier-portal/);
    await expect(page.getByRole('heading', { level: 1, name: 'Carrier Portal' })).toBeVisible();
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const carrierName = (await page.locator('#carrier-heading').textContent())?.trim() ?? '';
    await expect(page.getByTestId('company-name').filter({ visible: true })).toHaveText(carrierName);
    await page.keyboard.press('Escape');

    const loads = page.getByRole('table', { name: 'Assigned Loads' });
    const row = loads.getByRole('row').filter({ hasText: loadNumber });
    await expect(row).toContainText('Delivered', { timeout: 30_000 });
    await page
      .getByTestId(`pod-input-${loadNumber}`)
      .setInputFiles({ name: `carrier-pod-${suffix}.png`, mimeType: 'image/png', buffer: TINY_PNG });
    await expectToast(page, 'Document Uploaded', `Proof of delivery for ${loadNumber}`);

    await mutate(api, 'messages.send', { recipientId: carrierUser, subject, body: `Please send the POD for ${loadNumber}.` });
    await answerMessage(context, '/carrier-portal', subject, answer);
    await expectReply(api, subject, answer);
  } finally {
    await context.close();
    await api.dispose();
  }
});
