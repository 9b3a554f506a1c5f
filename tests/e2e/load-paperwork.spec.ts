import type { Browser, Page } from '@playwright/test';
import pg from 'pg';
import { e2eOwnerUrl } from './support/environment';
import {
  expect,
  expectNoHorizontalOverflow,
  expectToast,
  holdToasts,
  openAs,
  preferLoadCards,
  quietContext,
  test,
} from './support/fixtures';
import { dispatcherApi, mutate } from './support/dispatcher-api';

/**
 * Issue 26, item 7 and issue 27, item 1's PDF: a dispatcher opens a load of the demo driver,
 * downloads its load confirmation and its bill of lading, and sends the confirmation to the
 * driver; the driver, on a phone at 390 px, finds "Load confirmation" on that load (not before it
 * was sent) and downloads it. The load (made through the API, as the Loads screen calls it, with the
 * journey's own number) is cancelled at the end, so the demo driver's figures stay as they were.
 */

/** The demo driver's own record (driver@summit.demo is linked to it by the seed). */
async function demoDriverId(): Promise<string> {
  const client = new pg.Client({ connectionString: e2eOwnerUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      `select d.id from drivers d join users u on u.id = d.user_id where u.email = 'driver@summit.demo'`,
    );
    if (!rows[0]) throw new Error('the demo driver is not linked to a driver record');
    return rows[0].id;
  } finally {
    await client.end();
  }
}

async function phonePage(browser: Browser): Promise<Page> {
  const context = await quietContext(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  return context.newPage();
}

/** On the driver's phone: opens the load's detail from its card (wherever it is listed). */
async function openDriverLoad(phone: Page, loadNumber: string) {
  await expect(phone.getByRole('heading', { level: 1, name: 'Driver Portal' })).toBeVisible({ timeout: 30_000 });
  await phone.getByRole('button', { name: `Open load ${loadNumber}` }).click();
  const detail = phone.getByRole('dialog', { name: `Load ${loadNumber}` });
  await expect(detail).toBeVisible();
  return detail;
}

test('a dispatcher downloads a load confirmation and a bill of lading and sends the confirmation; the driver then finds it at 390 px', async ({
  browser,
  page,
  playwright,
}) => {
  test.setTimeout(180_000);
  const suffix = `${Date.now()}-${Math.floor(Math.random() * 10_000)}`;
  const loadNumber = `PAPER-${suffix}`;
  const api = await dispatcherApi(playwright);
  let loadId = '';
  try {
    const load = await mutate<{ id: string }>(api, 'loads.create', {
      loadNumber,
      referenceNumber: `REF-${suffix}`,
      pickupLocation: '1200 Industrial Pkwy',
      pickupCity: 'Dallas',
      pickupState: 'TX',
      pickupDate: '2099-01-05',
      deliveryLocation: '88 Harbor Rd',
      deliveryCity: 'Atlanta',
      deliveryState: 'GA',
      deliveryDate: '2099-01-06',
      commodity: 'Load paperwork journey freight',
      rate: '1400.00',
      driverId: await demoDriverId(),
    });
    // Created assigned: it names a driver.
    loadId = load.id;

    // Before it is sent, the driver's load offers no confirmation.
    const phone = await phonePage(browser);
    await holdToasts(phone);
    await openAs(phone, 'Driver', '/driver-portal');
    let detail = await openDriverLoad(phone, loadNumber);
    await expect(detail.getByRole('button', { name: /^Load confirmation/ })).toHaveCount(0);
    await phone.keyboard.press('Escape');
    await expect(detail).toBeHidden();

    // The dispatcher opens the load and downloads its paperwork.
    await page.setViewportSize({ width: 1440, height: 900 });
    await holdToasts(page);
    await preferLoadCards(page);
    await openAs(page, 'Dispatcher', '/loads');
    await expect(page.getByRole('heading', { level: 1, name: 'Loads' })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('searchbox', { name: 'Search' }).fill(loadNumber);
    const card = page.getByRole('list', { name: 'Loads' }).getByRole('button').filter({ hasText: loadNumber });
    await expect(card).toHaveCount(1);
    await card.click();
    const dialog = page.getByRole('dialog', { name: loadNumber });
    await expect(dialog).toBeVisible();

    const paperwork = dialog.getByRole('button', { name: 'Paperwork' });
    await paperwork.click();
    let downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Load confirmation (PDF)' }).click();
    expect((await downloading).suggestedFilename()).toBe(`${loadNumber}-confirmation.pdf`);
    await paperwork.click();
    downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Bill of lading (PDF)' }).click();
    expect((await downloading).suggestedFilename()).toBe(`${loadNumber}-bol.pdf`);

    // Send to driver: the dialog names the driver and their email, and sends.
    await paperwork.click();
    await page.getByRole('menuitem', { name: 'Send to driver' }).click();
    const send = page.getByRole('dialog', { name: 'Send load confirmation' });
    await expect(send).toBeVisible();
    await expect(send).toContainText('driver@summit.demo');
    await expect(send.getByRole('checkbox', { name: 'Email the PDF to driver@summit.demo' })).toBeChecked();
    await send.getByRole('button', { name: 'Send to driver' }).click();
    await expectToast(page, 'Load confirmation sent');
    await expect(send).toBeHidden();

    // The driver, on the phone: the load now offers its confirmation, with when it was sent, and downloads it.
    await phone.reload();
    detail = await openDriverLoad(phone, loadNumber);
    const confirmation = detail.getByRole('button', { name: /^Load confirmation/ });
    await expect(confirmation).toBeVisible();
    await expect(confirmation).toContainText('Load confirmation');
    await expect(confirmation).toContainText(/Sent \w{3} \d{1,2}, /);
    await expectNoHorizontalOverflow(phone);
    downloading = phone.waitForEvent('download');
    await confirmation.click();
    expect((await downloading).suggestedFilename()).toBe(`${loadNumber}-confirmation.pdf`);
    await phone.context().close();
  } finally {
    if (loadId) await mutate(api, 'loads.changeStatus', { id: loadId, status: 'cancelled' });
    await api.dispose();
  }
});
