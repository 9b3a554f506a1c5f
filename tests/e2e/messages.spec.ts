import type { Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  expectAccessibleWithin,
  expectNoHorizontalOverflow,
  expectToast,
  holdToasts,
  openAs,
  quietContext,
  settleAnimations,
  test,
  trackExternalRequests,
} from './support/fixtures';

/**
 * Messages: two people of Summit Freight Lines, each in a browser context of their own, write to
 * each other and watch the unread counts (Inbox badge, navigation badge, the bell) change live,
 * without a reload. Axe checks the Messages screen and the notification list.
 */

const navBadge = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' }).first().getByTestId('nav-unread-messages');
const inboxBadge = (page: Page) => page.getByTestId('inbox-unread');
const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ }).filter({ visible: true });

/** The number a badge shows (0 when it is not shown). */
async function countOf(badge: ReturnType<typeof navBadge>): Promise<number> {
  if ((await badge.count()) === 0) return 0;
  return Number.parseInt((await badge.first().innerText()).replace(/\D+/g, '') || '0', 10);
}
async function bellCount(page: Page): Promise<number> {
  const label = (await bell(page).first().getAttribute('aria-label')) ?? '';
  return Number.parseInt(/(\d+) unread/.exec(label)?.[1] ?? '0', 10);
}

async function compose(page: Page, to: string, subject: string, body: string) {
  await page.getByRole('button', { name: 'New Message' }).click();
  const dialog = page.getByRole('dialog', { name: 'Compose Message' });
  await expect(dialog).toBeVisible();
  const send = dialog.getByRole('button', { name: 'Send Message' });
  await expect(send).toBeDisabled();
  await dialog.getByRole('combobox', { name: /Recipient/ }).click();
  await dialog.getByRole('combobox', { name: /Recipient/ }).fill(to.split(' ')[0] ?? to);
  await page.getByRole('option', { name: new RegExp(to) }).click();
  // A recipient alone is not enough: the message must not be empty.
  await expect(send).toBeDisabled();
  await dialog.getByLabel('Subject').fill(subject);
  await dialog.getByRole('textbox', { name: 'Message' }).fill('   ');
  await expect(send).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Message' }).fill(body);
  await expect(send).toBeEnabled();
  await send.click();
  await expectToast(page, 'Message Sent', 'Your message has been sent successfully');
  await expect(dialog).toBeHidden();
}

test('two people exchange messages and watch the unread counts change live', async ({ page, browser }) => {
  const stamp = Date.now().toString(36);
  const subject = `Dock change ${stamp}`;
  await holdToasts(page);
  await openAs(page, 'Admin', '/messages');
  await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
  await expect(page.getByText('Communicate with your team members')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Inbox', level: 2 })).toBeVisible();
  const inbox = page.getByTestId('message-list');
  await expect(inbox).toHaveCSS('height', '600px');
  await expect(inbox.getByText('Loading messages...')).toHaveCount(0);
  // The sidebar's unread badge and the bell load after the screen (later pieces of the shell), each
  // with its own query: the counts are read once those are in, and the two unread counts agree.
  await page.waitForLoadState('networkidle');
  const inboxBefore = await countOf(inboxBadge(page));
  await expect.poll(() => countOf(navBadge(page))).toBe(inboxBefore);
  const before = { nav: inboxBefore, inbox: inboxBefore, bell: await bellCount(page) };

  const dispatcherContext = await quietContext(browser);
  const external = trackExternalRequests(dispatcherContext);
  try {
    const dispatcher = await dispatcherContext.newPage();
    await holdToasts(dispatcher);
    await openAs(dispatcher, 'Dispatcher', '/messages');
    const body = 'Pickup moved to dock 7 <b>not bold</b>\nsecond line';
    await compose(dispatcher, 'Avery Collins', subject, body);

    // The admin's open inbox shows it within moments, unread, with the spec's row; every count goes up by one.
    const row = inbox.getByRole('button', { name: new RegExp(subject) });
    await expect(row).toBeVisible({ timeout: 5000 });
    await expect(row).toContainText('Dana Whitfield');
    await expect(row).toContainText(/[A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} [AP]M/);
    await expect(row.getByTestId('unread-dot')).toBeVisible();
    await expect.poll(() => countOf(navBadge(page))).toBe(before.nav + 1);
    await expect.poll(() => countOf(inboxBadge(page))).toBe(before.inbox + 1);
    await expect.poll(() => bellCount(page)).toBe(before.bell + 1);

    // Opening it marks it read: the dot and one count go.
    await row.click();
    const pane = page.getByRole('region', { name: 'Message' });
    await expect(pane.getByRole('heading', { name: subject })).toBeVisible();
    // The body is text: the markup shows as typed.
    await expect(pane.getByTestId('message-body')).toHaveText(body);
    await expect(row.getByTestId('unread-dot')).toHaveCount(0);
    await expect.poll(() => countOf(navBadge(page))).toBe(before.nav);

    // The sender's Sent Messages has it as "To: Avery Collins".
    await dispatcher.getByRole('button', { name: 'Sent' }).click();
    await expect(dispatcher.getByRole('heading', { name: 'Sent Messages', level: 2 })).toBeVisible();
    await expect(dispatcher.getByTestId('message-list').getByRole('button', { name: new RegExp(subject) })).toContainText(
      'To: Avery Collins',
    );

    // The admin replies; the dispatcher's counts go up live, and the reply is in the thread.
    const dispatcherBefore = await countOf(navBadge(dispatcher));
    await pane.getByLabel('Reply to Dana Whitfield').fill(`Dock 7 confirmed ${stamp}`);
    await pane.getByRole('button', { name: 'Send Reply' }).click();
    await expect(pane.getByText(`Dock 7 confirmed ${stamp}`)).toBeVisible();
    await expect.poll(() => countOf(navBadge(dispatcher)), { timeout: 5000 }).toBe(dispatcherBefore + 1);
    await dispatcher.getByRole('button', { name: /^Inbox/ }).click();
    await expect(dispatcher.getByTestId('message-list').getByRole('button', { name: new RegExp(`Re: ${subject}`) })).toBeVisible();
  } finally {
    await dispatcherContext.close();
  }
  expect(external).toEqual([]);

  // Keyboard: arrow keys move between the rows, Enter opens.
  const rows = inbox.getByRole('button');
  await rows.first().focus();
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(rows.first()).toBeFocused();

  // Search narrows the mailbox.
  await page.getByLabel('Search messages').fill(stamp);
  await expect(inbox.getByRole('button')).toHaveCount(1);
  await page.getByLabel('Search messages').fill(`${stamp}-nothing`);
  await expect(inbox.getByText('No messages yet')).toBeVisible();
});

test('a dispatcher writes to the demo driver; the driver reads it in the portal on a phone and replies', async ({ page, browser }) => {
  test.slow();
  const stamp = Date.now().toString(36);
  const subject = `Dock 7 at pickup ${stamp}`;
  const body = `Use dock 7 when you get to Dallas. ${stamp}`;
  const answer = `On my way to dock 7 ${stamp}`;
  await holdToasts(page);
  await openAs(page, 'Dispatcher', '/messages');
  await page.getByRole('button', { name: 'New Message' }).click();
  const dialog = page.getByRole('dialog', { name: 'Compose Message' });
  await expect(dialog).toBeVisible();
  const recipient = dialog.getByRole('combobox', { name: /Recipient/ });

  // Every driver of the company is listed: those without an account marked "No account yet", not
  // selectable, with Invite beside them (a dispatcher may invite drivers); the field says why.
  await expect(dialog.getByText(/drivers? ha(s|ve) no account yet and can't receive messages/)).toBeVisible();
  await recipient.click();
  await recipient.fill('No account');
  const withoutAccount = page.getByRole('option', { name: /No account yet/ }).first();
  await expect(withoutAccount).toBeVisible();
  await expect(withoutAccount).toHaveAttribute('aria-disabled', 'true');
  await expect(withoutAccount.getByTestId('invite-driver')).toBeVisible();
  // Choosing it does nothing (its start, away from Invite).
  await withoutAccount.click({ force: true, position: { x: 6, y: 6 } });
  await expect(recipient).toHaveValue('No account');

  // The demo driver has an account: chosen by name.
  await recipient.fill('Diego');
  await page
    .getByRole('option', { name: /Diego Martinez · Driver/ })
    .filter({ hasNotText: 'No account yet' })
    .click();
  await dialog.getByLabel('Subject').fill(subject);
  await dialog.getByRole('textbox', { name: 'Message' }).fill(body);
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expectToast(page, 'Message Sent', 'Your message has been sent successfully');
  await expect(dialog).toBeHidden();

  const phone = await quietContext(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    const driver = await phone.newPage();
    await holdToasts(driver);
    await openAs(driver, 'Driver', '/driver-portal');
    await expect(driver.getByRole('heading', { name: 'Driver Portal', level: 1 })).toBeVisible();
    // The portal links to Messages with the unread count.
    await expect(driver.getByTestId('portal-messages-link')).toContainText(/Messages\s*\d+\s*unread/);

    // The message's notification opens that message.
    const driverBell = bell(driver);
    await expect.poll(() => bellCount(driver), { timeout: 15_000 }).toBeGreaterThan(0);
    await driverBell.first().click();
    const notifications = driver.getByRole('region', { name: 'Notifications', exact: true });
    const notification = notifications.getByTestId('notification').filter({ hasText: subject });
    await expect(notification).toContainText('New message from Dana Whitfield');
    await notification.click();
    await expect(driver).toHaveURL(/\/messages\?id=[0-9a-f-]{36}/);

    // On the phone the open message takes the list's place; it reads as sent, and is read now.
    const pane = driver.getByRole('region', { name: 'Message' });
    await expect(pane.getByRole('heading', { name: subject })).toBeVisible();
    await expect(pane.getByTestId('message-body')).toHaveText(body);
    await expect(driver.getByTestId('message-list')).toBeHidden();
    await expectNoHorizontalOverflow(driver);

    await pane.getByLabel('Reply to Dana Whitfield').fill(answer);
    await pane.getByRole('button', { name: 'Send Reply' }).click();
    await expect(pane.getByText(answer)).toBeVisible();
    await settleAnimations(driver);
    await expectAccessible(driver);

    // Back to the Inbox: the message is there, read.
    await driver.getByRole('button', { name: 'Back to Inbox' }).click();
    const driverInbox = driver.getByTestId('message-list');
    const row = driverInbox.getByRole('button', { name: new RegExp(subject) });
    await expect(row).toBeVisible();
    await expect(row.getByTestId('unread-dot')).toHaveCount(0);
    await expectNoHorizontalOverflow(driver);

    // Messages is in the driver's navigation too.
    await driver.getByRole('button', { name: 'Open navigation' }).click();
    await expect(driver.getByRole('link', { name: /^Messages/ }).filter({ visible: true })).toBeVisible();
    await driver.keyboard.press('Escape');
  } finally {
    await phone.close();
  }

  // The dispatcher's open inbox has the reply, live.
  const reply = page.getByTestId('message-list').getByRole('button', { name: new RegExp(`Re: ${subject}`) });
  await expect(reply).toBeVisible({ timeout: 10_000 });
  await expect(reply).toContainText('Diego Martinez');
  await expect(reply).toContainText(answer);
});

test('the Messages screen and the notification list are accessible', async ({ page }) => {
  await openAs(page, 'Treasury', '/messages');
  await expect(page.getByTestId('message-list').getByText('Loading messages...')).toHaveCount(0);
  await settleAnimations(page);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'New Message' }).click();
  await expect(page.getByRole('dialog', { name: 'Compose Message' })).toBeVisible();
  await settleAnimations(page);
  await expectAccessibleWithin(page, '[role="dialog"]');
  await page.keyboard.press('Escape');

  await bell(page).first().click();
  const list = page.getByRole('region', { name: 'Notifications', exact: true });
  await expect(list).toBeVisible();
  await expect(list.getByText('Loading notifications...')).toHaveCount(0);
  await expect(list.getByTestId('notification').first()).toBeVisible();
  await settleAnimations(page);
  await expectAccessibleWithin(page, '[data-scope="popover"][data-part="content"]');

  // Mark all read empties the bell's count.
  await list.getByRole('button', { name: 'Mark all read' }).click();
  await expect.poll(() => bellCount(page)).toBe(0);
});

test('each person chooses the kinds of notification they get, in Settings', async ({ page }) => {
  await openAs(page, 'Sales agent', '/settings');
  const card = page.getByRole('region', { name: 'Notifications', exact: true });
  await expect(card.getByText('Choose what you are notified about')).toBeVisible();
  await expect(card.getByText('Browser notifications')).toBeVisible();
  const invoices = card.getByRole('checkbox', { name: /Invoice payments/ });
  await expect(invoices).toBeChecked();
  await invoices.click({ force: true });
  await expect(invoices).not.toBeChecked();
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Notifications', exact: true }).getByRole('checkbox', { name: /Invoice payments/ }),
  ).not.toBeChecked();
  await settleAnimations(page);
  await expectAccessibleWithin(page, 'section[aria-label="Notifications"]');
  await page
    .getByRole('region', { name: 'Notifications', exact: true })
    .getByRole('checkbox', { name: /Invoice payments/ })
    .click({ force: true });
  await expect(
    page.getByRole('region', { name: 'Notifications', exact: true }).getByRole('checkbox', { name: /Invoice payments/ }),
  ).toBeChecked();
});
