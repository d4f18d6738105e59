/**
 * Buying chat credits in a phone-sized (360 px) Chromium against the REAL server and its local
 * Stripe emulator (no API fakes): the credits screen, Purchase, the emulator's hosted checkout
 * page, Pay / Pay later / Cancel there, and the return to /credits with its confirmation. The app
 * listens on a port chosen before it is built, so PUBLIC_URL names the address the browser uses:
 * the checkout's return addresses must be on the app's own origin. Screenshots go to
 * the screenshot folder (browser.ts). Accessibility is checked with axe-core (a dev dependency) in each state.
 */
import { and, eq } from 'drizzle-orm';
import type { Page, Route } from 'playwright-core';
import t from 'tap';
import type { Db } from '../server/kernel/db/client.ts';
import { creditLedger, profiles } from '../server/kernel/db/schema/index.ts';
import { buildTestApp, type TestContext } from '../server/test/app.ts';
import { man, type Member, woman } from '../server/test/members.ts';
import { freePort } from '../server/test/server-process.ts';
import { axeSource, axeViolations } from './axe.ts';
import { launchBrowser, newPhonePage, screenshot, waitForPath } from './browser.ts';
import { horizontalOverflow } from './layout.ts';
import { signIn } from './sign-in.ts';

const NARROW = { width: 360, height: 800 } as const;
const HISTORY_ROWS = '.history-table tbody tr';

/** As listenTestApp, but PUBLIC_URL is the address the browser opens (checkout return URLs must match it). */
async function listenOnPublicUrl(t: TestContext) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const built = await buildTestApp(t, { PUBLIC_URL: baseUrl });
  await built.app.listen({ host: '127.0.0.1', port });
  return { ...built, baseUrl };
}

async function balanceOf(db: Db, member: Member): Promise<number> {
  const [row] = await db.select({ chats: profiles.chats }).from(profiles).where(eq(profiles.userId, member.userId));
  return row.chats;
}

async function grantsOf(db: Db, paymentId: string): Promise<number> {
  const rows = await db
    .select({ id: creditLedger.id })
    .from(creditLedger)
    .where(and(eq(creditLedger.paymentId, paymentId), eq(creditLedger.kind, 'grant')));
  return rows.length;
}

/** The history table's rows as [date, credits, amount, status] texts. */
async function historyRows(page: Page): Promise<string[][]> {
  return page
    .locator(HISTORY_ROWS)
    .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => (cell.textContent ?? '').trim())));
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text });

/** Resolves once the app is back on /credits with the given return status in the query. */
const returnedWith = (page: Page, status: 'success' | 'canceled') =>
  page.waitForURL((url) => url.pathname === '/credits' && url.searchParams.get('status') === status, { timeout: 15_000 });

/** /credits with no query left. */
const onPlainCredits = (page: Page, timeout = 15_000) =>
  page.waitForURL((url) => url.pathname === '/credits' && url.search === '', { timeout });

/** Purchase on a package, then the emulator's hosted page; answers the session id. */
async function openCheckout(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: `Purchase ${title} for`, exact: false }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/c/pay/'), { timeout: 15_000 });
  await page.getByRole('button', { name: 'Pay', exact: true }).waitFor();
}

/**
 * Lets a held request go on; a request the page dropped meanwhile (it navigated to the hosted
 * checkout page, or asked again) is already settled, and there is nothing left to let through.
 */
async function continueUnlessGone(route: Route): Promise<void> {
  await route.continue().catch((error: unknown) => {
    if (!/already handled/i.test(String(error))) throw error;
  });
}

t.test('buying chat credits against the real server and the Stripe emulator', async (t) => {
  const { app, db, baseUrl } = await listenOnPublicUrl(t);
  const emulator = app.stripeEmulator;
  if (!emulator) throw new Error('the tests need the local Stripe emulator (no STRIPE_SECRET_KEY)');
  const olivia = await woman(app, db, {}, 'olivia');
  const noah = await man(app, db, {}, 'noah');

  const source = await axeSource();
  const browser = await launchBrowser(t);
  const { context, page } = await newPhonePage(browser, baseUrl);
  t.teardown(() => context.close());
  await page.setViewportSize(NARROW);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const checkoutRequests: string[] = [];
  const purchaseRequests: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === '/api/v1/payments/create-checkout/') checkoutRequests.push(request.postData() ?? '');
    if (pathname === '/api/v1/match/purchase_chat_credits/') purchaseRequests.push(request.postData() ?? '');
  });

  await t.test('the header links to /credits with the balance; the screen lists the four packages', async (t) => {
    await signIn(page, olivia);
    const pill = page.getByRole('link', { name: 'Chat credits: 0 credits' });
    await pill.click();
    await waitForPath(page, '/credits');
    await page.getByRole('heading', { level: 1, name: 'Buy Credits' }).waitFor();
    t.equal(await page.getByTestId('credit-balance').textContent(), '0', 'the balance');
    await page.getByRole('heading', { level: 2, name: 'Choose a Package' }).waitFor();
    t.same(await page.locator('.package-card h3').allTextContents(), ['1 Credit', '3 Credits', '5 Credits', '7 Credits']);
    t.same(
      await page.locator('.package-card .price-amount').allTextContents(),
      ['$4.99', '$12.99', '$19.99', '$24.99'],
      'dollars, two decimals',
    );
    t.same(await page.locator('.package-card .price-currency').allTextContents(), [' USD', ' USD', ' USD', ' USD'], 'currency upper case');
    t.equal(await page.locator('.best-badge').count(), 1, 'one best value');
    t.equal((await page.locator('[data-package="chat_7"] .best-badge').textContent())?.trim(), 'BEST VALUE', 'on chat_7');
    t.equal(
      await page.locator('.package-card').getByRole('button').filter({ hasText: 'Purchase' }).count(),
      4,
      'a Purchase button on each',
    );
    t.equal(await page.getByRole('heading', { name: 'Payment History' }).count(), 0, 'no history table without payments');
    t.ok(await page.getByText('1 credit unlocks one conversation with a match.').isVisible());
    t.ok(await page.getByText('Credits never expire.').isVisible());
    t.equal(await horizontalOverflow(page), 0, 'nothing wider than 360 px');
  });

  await t.test('the credits screen is accessible (axe)', async (t) => {
    const violations = await axeViolations(page, source);
    t.same(violations, [], 'no axe violations on /credits');
  });

  await t.test('Purchase chat_3, Pay on the hosted page, and the credits arrive', async (t) => {
    // Hold the create-checkout request a moment, to see the button's progress and the lock.
    await page.route('**/api/v1/payments/create-checkout/', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await continueUnlessGone(route);
    });
    // Hold the check on return a moment too, so the wait is on screen long enough to read.
    await page.route('**/api/v1/match/purchase_chat_credits/', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      await continueUnlessGone(route);
    });
    await page.getByRole('button', { name: 'Purchase 3 Credits for $12.99' }).click();
    const opening = page.locator('[data-package="chat_3"] button');
    await opening.getByText('Opening...').waitFor();
    t.equal(await opening.getAttribute('aria-busy'), 'true', 'the button shows progress');
    t.equal(await page.locator('.package-card button:disabled').count(), 4, 'every Purchase button is disabled meanwhile');
    await page
      .locator('[data-package="chat_1"] button')
      .click({ force: true, timeout: 1_000 })
      .catch(() => {});

    await page.waitForURL((url) => url.pathname.startsWith('/c/pay/'), { timeout: 15_000 });
    t.equal(checkoutRequests.length, 1, 'one checkout, however many clicks');
    t.same(JSON.parse(checkoutRequests[0]), { package: 'chat_3', success_url: `${baseUrl}/credits`, cancel_url: `${baseUrl}/credits` });
    await page.getByText('12.99 USD').first().waitFor();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();

    await returnedWith(page, 'success');
    const sessionId = new URL(page.url()).searchParams.get('session_id');
    t.match(sessionId, /^cs_test_/, 'back with the session id');
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    t.match(await page.getByTestId('wait-counter').textContent(), /^\d+\/30$/, 'the wait counter');
    await toast(page, 'Credits added to your account!').waitFor({ timeout: 35_000 });
    await onPlainCredits(page);
    await page.getByRole('heading', { level: 1, name: 'Buy Credits' }).waitFor();
    await page.getByTestId('credit-balance').getByText('3', { exact: true }).waitFor();
    t.pass('the balance is 3');
    await page.getByRole('link', { name: 'Chat credits: 3 credits' }).waitFor();
    t.pass('the header shows it too');

    t.same(
      purchaseRequests.map((body) => JSON.parse(body)),
      [{ transaction_id: sessionId }],
      'purchase_chat_credits asked once, with the session id',
    );
    await page.getByRole('heading', { level: 2, name: 'Payment History' }).waitFor();
    t.same(await page.locator('.history-table thead th').allTextContents(), ['Date', 'Credits', 'Amount', 'Status'], 'the table headers');
    await page.locator(HISTORY_ROWS, { hasText: 'succeeded' }).waitFor();
    const rows = await historyRows(page);
    t.equal(rows.length, 1, 'one payment');
    t.match(rows[0], [/\w{3} \d{1,2}, \d{4}/, '3', '$12.99 USD', 'succeeded']);
    t.equal(await balanceOf(db, olivia), 3, 'stored');
    t.equal(await grantsOf(db, sessionId as string), 1, 'granted once');
    t.equal(await horizontalOverflow(page), 0, 'nothing wider than 360 px');
    t.same(await axeViolations(page, source), [], 'axe: the screen with its history');
    await page.unroute('**/api/v1/payments/create-checkout/');
    await page.unroute('**/api/v1/match/purchase_chat_credits/');
    await screenshot(page, 'credits', { hideToasts: true });
  });

  await t.test('the screen holds at 320 px', async (t) => {
    await page.setViewportSize({ width: 320, height: 700 });
    await page.getByTestId('credit-balance').waitFor();
    t.equal(await horizontalOverflow(page), 0, 'nothing wider than 320 px');
    const table = await page.locator('.history-scroll').evaluate((el) => el.scrollWidth - el.clientWidth);
    t.equal(table, 0, 'the history table fits without scrolling');
    const clipped = await page
      .locator('.package-card')
      .evaluateAll((cards) => cards.filter((card) => card.scrollWidth > card.clientWidth).map((card) => card.getAttribute('data-package')));
    t.same(clipped, [], 'no package card clips its content');
    await page.setViewportSize(NARROW);
  });

  await t.test('Pay later: the wait counts up, and the credits arrive when the payment settles', async (t) => {
    await page.goto('/credits');
    await openCheckout(page, '1 Credit');
    await page.getByRole('button', { name: 'Pay later (bank debit)' }).click();
    await returnedWith(page, 'success');
    const sessionId = new URL(page.url()).searchParams.get('session_id') as string;
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    const counter = page.getByTestId('wait-counter');
    await counter.getByText('2/30').waitFor({ timeout: 5_000 });
    t.pass('the counter counts the seconds');
    t.equal(await page.locator('.wait-counter').getAttribute('aria-live'), 'polite', 'read out to screen readers');
    t.same(await axeViolations(page, source), [], 'axe: the wait');
    await screenshot(page, 'credits-confirming', { hideToasts: true });
    t.equal(await balanceOf(db, olivia), 3, 'nothing granted before it settles');

    await emulator.settleAsync(sessionId, true);
    await toast(page, 'Credits added to your account!').first().waitFor({ timeout: 15_000 });
    await onPlainCredits(page);
    await page.getByTestId('credit-balance').getByText('4', { exact: true }).waitFor();
    t.pass('the balance rose to 4 through the webhook');
    t.equal(await grantsOf(db, sessionId), 1);
  });

  await t.test('after 30 s without the credits it says so in words', async (t) => {
    await page.goto('/credits');
    await openCheckout(page, '5 Credits');
    await page.getByRole('button', { name: 'Pay later (bank debit)' }).click();
    await returnedWith(page, 'success');
    const sessionId = new URL(page.url()).searchParams.get('session_id') as string;
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    await page.getByText('Your payment is still being confirmed.', { exact: false }).waitFor({ timeout: 40_000 });
    t.equal(await page.getByTestId('wait-counter').count(), 0, 'the counter has stopped');
    t.equal(await page.locator('.btn-spinner').count(), 0, 'no spinner left');
    t.ok(await page.getByRole('link', { name: 'Back to Credits' }).isVisible(), 'a way back while it waits');
    await emulator.settleAsync(sessionId, true);
    await emulator.idle();
    // The settled payment's credits.updated push reaches the open screen, which ends the wait itself.
    await page
      .getByRole('region', { name: /Notifications/ })
      .getByText('Credits added to your account!')
      .waitFor();
    await onPlainCredits(page);
    await page.getByTestId('credit-balance').getByText('9', { exact: true }).waitFor();
    t.pass('the credits show once it completes, without a reload');
  });

  await t.test('Purchase, then Cancel on the hosted page: Payment Canceled, back to /credits after 3 s', async (t) => {
    const other = await newPhonePage(browser, baseUrl);
    t.teardown(() => other.context.close());
    const second = other.page;
    await second.setViewportSize(NARROW);
    second.on('pageerror', (error) => pageErrors.push(error.message));
    await signIn(second, noah);
    await second.goto('/credits');
    await second.getByRole('heading', { level: 2, name: 'Choose a Package' }).waitFor();
    await openCheckout(second, '7 Credits');
    await second.getByRole('button', { name: 'Cancel', exact: true }).click();
    await returnedWith(second, 'canceled');
    await second.getByRole('heading', { name: 'Payment Canceled' }).waitFor();
    const shown = Date.now();
    t.same(await axeViolations(second, source), [], 'axe: Payment Canceled');
    await onPlainCredits(second, 10_000);
    const waited = Date.now() - shown;
    t.ok(waited >= 2_000 && waited <= 6_000, `back on /credits after about 3 s (${waited} ms)`);
    await second.getByRole('heading', { level: 2, name: 'Choose a Package' }).waitFor();
    t.equal(await second.getByTestId('credit-balance').textContent(), '0', 'no credits');
    // A cancelled checkout was never a payment: no history table at all.
    t.equal(await second.locator(HISTORY_ROWS).count(), 0, 'no history row');
    t.equal(await second.getByRole('table').count(), 0, 'no payment history table');
    t.equal(await balanceOf(db, noah), 0);
  });

  await t.test('no uncaught errors in the page', async (t) => {
    t.same(pageErrors, []);
  });
});
