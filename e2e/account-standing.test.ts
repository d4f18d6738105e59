/**
 * A suspended member's side of moderation in a phone-sized (390 px) Chromium against the REAL
 * server:
 * - Liam is suspended while the app is open: the gateway closes his socket (4001) and the tab
 *   shows Account standing, still signed in, rather than "Session expired";
 * - a moderator suspends Oliver for 3 days (and warned him earlier); he signs in and lands on
 *   Account standing instead of /home, with no app bar and no error toast, and /home sends him
 *   back there; the realtime socket is not tried again while he stays;
 * - each statement as a card: what was done, the ground, the facts, a moderator decided, the
 *   suspension's end, the appeal deadline, how to appeal;
 * - the appeal form: focus, its count, the rules checked before sending, the server's 409
 *   sentence as sent (a window closed since the page was read), then an appeal filed and shown
 *   pending;
 * - a second moderator overturns it through the API: after a reload the screen says nothing
 *   restricts him and "Back to Betroth" leads to the app, whose profile links back here;
 * - a member with no decisions sees the empty state.
 * axe checks the screen and the open form; screenshots go to the screenshot folder (browser.ts).
 */
import { sql } from 'drizzle-orm';
import type { Page, WebSocket } from 'playwright-core';
import t from 'tap';
import { REPORT_CATEGORY_LABELS } from '../server/contract/reports.ts';
import { APPEAL_MESSAGES, DECISION_WORDS } from '../server/contract/restrictions.ts';
import { listenTestApp } from '../server/test/app.ts';
import { man, woman } from '../server/test/members.ts';
import { act, decideAppeal, fileReport, moderator, statementsOf } from '../server/test/moderation.ts';
import { axeSource, axeViolations } from './axe.ts';
import { launchBrowser, newPhonePage, screenshot, waitForPath } from './browser.ts';
import { horizontalOverflow } from './layout.ts';
import { signIn } from './sign-in.ts';
import { noToasts } from './toasts.ts';
import { until } from './until.ts';

const APPEAL_TEXT = 'I was quoting a film line to a friend, not threatening anyone. Please look at the whole chat.';
const SENT = 'Your appeal has been sent. A moderator who did not take the decision will review it.';

const card = (page: Page, title: string) =>
  page.locator('.statement-card', { has: page.getByRole('heading', { name: new RegExp(`^${title}`) }) });

t.test('a suspended member reads the statement, appeals, and is back once it is overturned', async (t) => {
  // A short heartbeat, so the gateway closes a restricted member's open socket within moments.
  const { app, db, baseUrl } = await listenTestApp(t, { WS_HEARTBEAT_SECONDS: '2' });
  const oliver = await man(app, db, {}, 'oliver');
  const [ava, mia] = [await woman(app, db, {}, 'ava'), await woman(app, db, {}, 'mia')];
  const [mod1, mod2] = [await moderator(app, db, 'mod_one'), await moderator(app, db, 'mod_two')];
  // Both reports are filed first: once he is suspended, nobody can find him to report.
  const rude = await fileReport(app, mia, oliver, 'harassment_hate');
  const threat = await fileReport(app, ava, oliver, 'harassment_hate', 'He threatened me.');
  await act(app, mod1, rude, 'warning', 'Insulted a member in the chat.');
  await act(app, mod1, threat, 'suspend_3d', 'Sent a threatening message to a member.');
  const { restriction, statements } = await statementsOf(app, oliver);
  t.equal(restriction?.kind, 'suspended', 'set up: suspended');
  const [suspension, warning] = statements;

  const source = await axeSource();
  const browser = await launchBrowser(t);
  const { context, page } = await newPhonePage(browser, baseUrl);
  t.teardown(() => context.close());
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const sockets: WebSocket[] = [];
  page.on('websocket', (socket) => sockets.push(socket));
  let socketsWhenLanded = 0;

  await t.test('suspended while in the app: the socket closes and the tab shows Account standing, still signed in', async (t) => {
    const liam = await man(app, db, {}, 'liam');
    const reported = await fileReport(app, ava, liam, 'harassment_hate');
    const other = await newPhonePage(browser, baseUrl);
    t.teardown(() => other.context.close());
    let greeted = false;
    other.page.on('websocket', (socket) =>
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).includes('"hello"')) greeted = true;
      }),
    );
    await signIn(other.page, liam);
    await until(() => greeted, 10_000, 'the socket open');
    await act(app, mod1, reported, 'suspend_3d', 'Insulting messages.');
    await waitForPath(other.page, '/account/standing', 15_000);
    await other.page.locator('.standing-headline', { hasText: /^Your account is suspended until/ }).waitFor();
    t.pass('closed at the next heartbeat, and the tab says why');
    t.equal(await other.page.locator('[data-sonner-toast]', { hasText: 'Session expired' }).count(), 0, 'not "session expired"');
    t.ok(await other.page.evaluate(() => localStorage.getItem('auth_token')), 'still signed in, to read and appeal');
  });

  await t.test('signing in lands on Account standing, with no way into the app', async (t) => {
    await page.goto('/signin');
    await page.getByLabel('Phone, Email or Username').fill(oliver.username);
    await page.getByLabel('Password').fill(oliver.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await waitForPath(page, '/account/standing');
    await page.getByRole('heading', { level: 1, name: 'Account standing' }).waitFor();
    const headline = page.locator('.standing-headline');
    await headline.waitFor();
    t.match(
      await headline.textContent(),
      /^Your account is suspended until \d{1,2} [A-Z][a-z]+ \d{4} at \d{2}:\d{2} \S+\.$/,
      'suspended until a local date and time, its zone named',
    );
    t.equal(await page.locator('[data-sonner-toast]', { hasText: /permission|suspended/ }).count(), 0, 'no error toast');
    t.equal(await page.getByRole('navigation').count(), 0, 'no navigation');
    t.equal(await page.getByRole('button', { name: 'Open menu' }).count(), 0, 'no app bar');
    await noToasts(page);

    await page.goto('/home');
    await waitForPath(page, '/account/standing');
    await headline.waitFor();
    t.pass('/home sends him back here');
    await page.goto('/account/statements');
    await waitForPath(page, '/account/standing');
    t.pass("the emails' address leads here too");
    await headline.waitFor();
    socketsWhenLanded = sockets.length;
  });

  await t.test('each statement as a card, newest first', async (t) => {
    const cards = page.locator('.statement-card');
    await cards.first().waitFor();
    t.equal(await cards.count(), 2);
    const first = cards.first();
    t.match(
      await first.locator('.statement-decision').textContent(),
      new RegExp(`^${DECISION_WORDS.suspend_3d.replace('.', '\\.')} It ends on`),
    );
    const facts = await first
      .locator('dt')
      .evaluateAll((dts) => Object.fromEntries(dts.map((dt) => [dt.textContent, dt.nextElementSibling?.textContent ?? ''])));
    t.equal(facts.Ground, REPORT_CATEGORY_LABELS.harassment_hate);
    t.equal(facts.Facts, 'Sent a threatening message to a member.');
    t.equal(facts['Decided by'], 'Decided by a moderator');
    t.match(facts['Suspension ends'], /^\d{1,2} [A-Z][a-z]+ \d{4} at \d{2}:\d{2}/);
    t.match(facts['Appeal deadline'], /^You can appeal until \d{1,2} [A-Z][a-z]+ \d{4}/);
    t.equal(facts['How to appeal'], suspension.how_to_appeal);
    t.notOk('Appeal' in facts, 'not appealed yet: no state');
    t.equal(
      await page.locator('.statement-facts').nth(1).locator('dt', { hasText: 'Suspension ends' }).count(),
      0,
      'a warning ends nothing',
    );
    t.same(await axeViolations(page, source), [], 'axe: the screen');
    t.equal(await horizontalOverflow(page), 0, 'nothing wider than 390 px');
    await screenshot(page, 'account-standing-suspended', { hideToasts: true });
  });

  await t.test("the appeal form: the count, the rules, the server's sentence", async (t) => {
    // The warning's window closes after the page read it: the server's 409 is shown as sent.
    await db.execute(sql`update moderation_statements set appeal_until = now() - interval '1 second' where id = ${warning.id}`);
    const warned = card(page, 'Decision').nth(1);
    const open = warned.getByRole('button', { name: 'Appeal' });
    await open.click();
    const text = warned.getByRole('textbox', { name: 'Why should this decision be changed?' });
    await text.and(page.locator(':focus')).waitFor();
    t.pass('focus starts in the text');
    await warned.getByRole('button', { name: 'Submit' }).click();
    t.equal(await warned.getByRole('alert').textContent(), APPEAL_MESSAGES.textRequired, 'an empty appeal is not sent');
    await text.fill('x'.repeat(1001));
    t.equal(await warned.locator('.appeal-count').textContent(), '1001 / 1000 characters');
    await warned.getByRole('button', { name: 'Submit' }).click();
    t.equal(await warned.getByRole('alert').textContent(), APPEAL_MESSAGES.textTooLong, 'too long is said');
    await text.fill('  I only said what I thought 💬  ');
    t.equal(await warned.locator('.appeal-count').textContent(), '28 / 1000 characters', 'trimmed, an emoji is one');
    t.same(await axeViolations(page, source), [], 'axe: the open form with its alert');
    await warned.getByRole('button', { name: 'Submit' }).click();
    await warned.getByRole('alert').filter({ hasText: APPEAL_MESSAGES.windowClosed }).waitFor();
    t.pass("the server's 409, as sent");
    await warned.locator('dd', { hasText: 'The time to appeal this decision has passed.' }).waitFor();
    t.pass('the card, read again, says the window has closed');
    t.equal(await warned.locator('dt', { hasText: 'How to appeal' }).count(), 0, 'nor how to appeal');
    await warned.getByRole('button', { name: 'Cancel' }).click();
    await warned.getByRole('heading').and(page.locator(':focus')).waitFor();
    t.equal(await open.count(), 0, 'Appeal is gone; focus stays on the card');
  });

  await t.test('an appeal filed shows pending', async (t) => {
    const suspended = card(page, 'Decision').first();
    await suspended.getByRole('button', { name: 'Appeal' }).click();
    await suspended.getByRole('textbox', { name: 'Why should this decision be changed?' }).fill(APPEAL_TEXT);
    await screenshot(page, 'account-standing-appeal', { hideToasts: true });
    await suspended.getByRole('button', { name: 'Submit' }).click();
    await suspended.getByRole('status').filter({ hasText: SENT }).waitFor();
    await suspended.locator('.appeal-state', { hasText: /^Appeal pending/ }).waitFor();
    t.pass('the sentence, then the state read again');
    t.equal(await suspended.getByRole('button', { name: 'Appeal' }).count(), 0, 'no second appeal');
    t.equal(await suspended.locator('dt', { hasText: 'Appeal deadline' }).count(), 0, 'appealed: no deadline to state');
    const stored = (await statementsOf(app, oliver)).statements.find((s) => s.id === suspension.id);
    t.equal(stored?.appeal, 'pending', 'the server has it');
    t.equal(sockets.length, socketsWhenLanded, 'no socket tried while he stays here');
  });

  await t.test('overturned by a second moderator: after a reload, back to Betroth', async (t) => {
    const overturned = await decideAppeal(app, mod2, threat, {
      outcome: 'overturn',
      reason: 'The message quoted a film; no threat was meant.',
    });
    t.equal(overturned.statusCode, 200, 'the appeal is overturned');
    await page.reload();
    const headline = page.locator('.standing-headline');
    await headline.filter({ hasText: 'Your account is in good standing' }).waitFor();
    t.equal(await card(page, 'Appeal overturned').count(), 1, 'the outcome is a statement of its own');
    t.match(await card(page, 'Decision').first().locator('.appeal-state').textContent(), /overturned/);
    t.same(await axeViolations(page, source), [], 'axe: the screen, unrestricted');
    await page.getByRole('link', { name: 'Back to Betroth' }).click();
    await waitForPath(page, '/home');
    await page.getByRole('button', { name: 'Open menu' }).waitFor();
    t.pass('the app, with its bar');

    await page.goto('/profile');
    await page.getByRole('link', { name: 'Account Standing' }).click();
    await waitForPath(page, '/account/standing');
    await headline.filter({ hasText: 'Your account is in good standing' }).waitFor();
    t.pass('his profile links to the screen');
  });

  await t.test('a member with no decisions: the empty state', async (t) => {
    const noah = await man(app, db, {}, 'noah');
    const other = await newPhonePage(browser, baseUrl);
    t.teardown(() => other.context.close());
    await signIn(other.page, noah);
    await other.page.goto('/account/standing');
    await other.page.getByText('You have no decisions on your account.', { exact: true }).waitFor();
    t.equal(await other.page.locator('.statement-card').count(), 0);
    t.ok(await other.page.getByRole('link', { name: 'Back to Betroth' }).isVisible(), 'the way back');
  });

  await t.test('no uncaught errors in the page', async (t) => {
    t.same(pageErrors, []);
  });
});
