/**
 * Reporting a member in a phone-sized (390 px) Chromium against the REAL server:
 * - from a discovery card: the dialog (nine reasons, an optional note with its count, Escape
 *   and Cancel give focus back), the report filed, the card gone, the server's sentence as a toast;
 * - from a list row and from another member's profile (which then goes back to /home);
 * - one message from the chat, through its ⋯ menu: the report names that message (its evidence
 *   in the database says so) and the chat closes back to /matches, as after a block;
 * - a long press on a message (touch) opens the dialog; the server's 429 sentence is shown in the
 *   dialog, which stays open, and the chat stays.
 * axe checks the open dialog; screenshots go to the screenshot folder (browser.ts).
 */
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import t from 'tap';
import { REPORT_CATEGORY_LABELS } from '../server/contract/reports.ts';
import { reportEvidence, reports } from '../server/kernel/db/schema/index.ts';
import { listenTestApp } from '../server/test/app.ts';
import { sendMessage, unlockChat } from '../server/test/chat.ts';
import { likeProfile, man, type Member, woman } from '../server/test/members.ts';
import { axeSource, axeViolations } from './axe.ts';
import { launchBrowser, newPhonePage, screenshot, waitForPath } from './browser.ts';
import { horizontalOverflow } from './layout.ts';
import { noToasts } from './toasts.ts';
import { signIn } from './sign-in.ts';

const FILED = "Thanks for your report. You won't see each other on Betroth any more, and our moderators will review it.";
const DAILY_LIMIT = "You have reached today's limit of 10 reports. Please try again tomorrow.";

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text });
const reportDialog = (page: Page, name: string) => page.getByRole('dialog', { name: `Report ${name}` });

t.test('reporting a member from discovery and from the chat, at 390 px', async (t) => {
  const { app, db, baseUrl } = await listenTestApp(t);
  const sofia = await woman(app, db, {}, 'sofia');
  // Two she has not decided on (discovery shows them first), two matches with open chats.
  const noah = await man(app, db, {}, 'noah');
  const liam = await man(app, db, {}, 'liam');
  const matchOf = new Map<Member, number>();
  const ethan = await man(app, db, {}, 'ethan');
  const mason = await man(app, db, {}, 'mason');
  for (const other of [ethan, mason]) {
    await likeProfile(app, other, sofia.profileId);
    const matchId = ((await likeProfile(app, sofia, other.profileId)).json() as { match_id: number }).match_id;
    matchOf.set(other, matchId);
    await unlockChat(app, db, sofia, matchId);
  }
  const say = async (from: Member, message: string) => {
    const sent = await sendMessage(app, from, matchOf.get(from) as number, { message });
    if (sent.statusCode !== 201) throw new Error(`send failed: ${sent.body}`);
    return (sent.json() as { message: { id: number } }).message.id;
  };
  await say(ethan, 'Hi Sofia!');
  const moneyMessage = await say(ethan, 'Can you send me $300 for the flight? I will pay you back');
  const masonMessage = await say(mason, 'Add me on the other app, my handle is mason_x');

  const source = await axeSource();
  const browser = await launchBrowser(t);
  const { context, page } = await newPhonePage(browser, baseUrl);
  t.teardown(() => context.close());
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await signIn(page, sofia);

  const byName = new Map([noah, liam, ethan, mason].map((m) => [m.username, m]));
  const reportsBy = (reporter: Member) => db.select().from(reports).where(eq(reports.reporterId, reporter.userId));

  await t.test('from a discovery card: the dialog, Escape, then the report; the card goes', async (t) => {
    const heading = page.locator('.swipe-card h2').first();
    await heading.waitFor();
    const name = ((await heading.textContent()) ?? '').split(',')[0];
    t.ok(name === 'noah' || name === 'liam', `the first card is a member she has not decided on (${name})`);
    const reported = byName.get(name) as Member;
    const open = page.getByRole('button', { name: `Report ${name}` });
    await screenshot(page, 'report-card-button', { hideToasts: true });

    await open.click();
    const dialog = reportDialog(page, name);
    await dialog.waitFor();
    const labels = await dialog.getByRole('radio').evaluateAll((radios) => radios.map((r) => r.closest('label')?.textContent?.trim()));
    t.same(labels, Object.values(REPORT_CATEGORY_LABELS), 'the nine reasons, in order');
    t.same(await axeViolations(page, source), [], 'axe: the open dialog');
    t.equal(await horizontalOverflow(page), 0, 'nothing wider than 390 px');
    await screenshot(page, 'report-dialog', { hideToasts: true });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await open.and(page.locator(':focus')).waitFor();
    t.pass('Escape closes it and focus goes back to Report');

    await open.click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    t.equal(await dialog.getByRole('alert').textContent(), 'Choose what this report is about.', 'a reason is needed first');
    await dialog.getByRole('radio', { name: 'Scam or spam' }).check();
    const note = dialog.getByRole('textbox', { name: 'Anything else we should know? (optional)' });
    await note.fill('  Asked me to invest in crypto 💸  ');
    t.match(await note.getAttribute('aria-describedby'), /count/, 'the count is read with the note');
    t.equal(await dialog.locator('.report-count').textContent(), '30 / 500 characters', 'trimmed, an emoji is one');
    await note.fill('x'.repeat(501));
    t.equal(await dialog.getByRole('alert').textContent(), 'A note can be at most 500 characters.', 'over the limit is said');
    await note.fill('Asked me to invest in crypto');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await toast(page, FILED).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('.swipe-card h2', { hasText: name }).waitFor({ state: 'detached' });
    t.pass('the card is gone');

    const rows = await reportsBy(sofia);
    t.equal(rows.length, 1);
    t.match(rows[0], { reportedId: reported.userId, category: 'scam_spam', note: 'Asked me to invest in crypto', state: 'open' });
    await noToasts(page);
  });

  await t.test('from a list row (Cancel gives focus back) and from a profile, which then goes to /home', async (t) => {
    const [other] = (await reportsBy(sofia)).map((r) => (r.reportedId === noah.userId ? liam : noah));
    await page.getByRole('button', { name: 'List', exact: true }).click();
    const open = page.getByRole('button', { name: `Report ${other.username}` });
    await open.click();
    const dialog = reportDialog(page, other.username);
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await open.and(page.locator(':focus')).waitFor();
    t.pass("Cancel closes it and focus goes back to the row's Report");

    await page.goto(`/profile/${other.profileId}`);
    await page.getByRole('heading', { level: 1, name: new RegExp(`^${other.username}`) }).waitFor();
    await page.getByRole('button', { name: 'Report', exact: true }).click();
    await dialog.waitFor();
    await dialog.getByRole('radio', { name: 'Fake profile or impersonation' }).check();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await toast(page, FILED).waitFor();
    await waitForPath(page, '/home');
    t.pass('filed, and back to discovery');
    t.match(
      (await reportsBy(sofia)).find((r) => r.reportedId === other.userId),
      { category: 'fake_profile', note: null },
    );
    await noToasts(page);
  });

  await t.test('one message from the chat, by its menu: the report names it, the chat closes', async (t) => {
    await page.goto(`/chat/${matchOf.get(ethan)}`);
    const row = page.locator(`.chat-msg[data-message-id="${moneyMessage}"]`);
    await row.waitFor();
    t.equal(await page.locator('.chat-msg.is-mine .chat-msg-more').count(), 0, 'no ⋯ on my own messages');
    await screenshot(page, 'report-chat-message-button', { hideToasts: true });
    await row.getByRole('button', { name: 'Message options (ethan)' }).click();
    await page.getByRole('menuitem', { name: 'Report message' }).click();
    const dialog = reportDialog(page, 'ethan');
    await dialog.waitFor();
    t.ok(
      await dialog.getByText('The message you chose is sent with your report.', { exact: false }).isVisible(),
      'it says the message goes with it',
    );
    t.same(await axeViolations(page, source), [], 'axe: the dialog over the chat');
    await dialog.getByRole('radio', { name: 'Asking for money' }).check();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await toast(page, FILED).waitFor();
    await waitForPath(page, '/matches');
    await page.getByText('You have 1 match', { exact: true }).waitFor();
    t.pass('back to the matches, without ethan');

    const [filed] = await db
      .select({ id: reports.id, category: reports.category })
      .from(reports)
      .where(and(eq(reports.reporterId, sofia.userId), eq(reports.reportedId, ethan.userId)));
    t.equal(filed?.category, 'money_request');
    const [evidence] = await db.select().from(reportEvidence).where(eq(reportEvidence.reportId, filed.id));
    t.same(
      (evidence.snapshot as { filing: { message_ids: number[] } }).filing.message_ids,
      [moneyMessage],
      'the evidence names that message',
    );
    await noToasts(page);
  });

  await t.test("a long press on a message opens the dialog; the day's limit is said in it", async (t) => {
    // Ten filings already today (older ones, dismissed): the next is refused with 429.
    await db.insert(reports).values(
      Array.from({ length: 10 }, () => ({
        reporterId: sofia.userId,
        reportedId: null,
        category: 'other',
        state: 'dismissed',
        evidenceSha256: '0',
      })),
    );
    await page.goto(`/chat/${matchOf.get(mason)}`);
    const bubble = page.locator(`.chat-msg[data-message-id="${masonMessage}"] .chat-bubble`);
    await bubble.waitFor();
    const box = await bubble.boundingBox();
    const at = { pointerType: 'touch', isPrimary: true, clientX: (box?.x ?? 0) + 10, clientY: (box?.y ?? 0) + 10 };
    await bubble.dispatchEvent('pointerdown', at);
    const dialog = reportDialog(page, 'mason');
    // Opens while the finger is still down: the press itself, no tap.
    await dialog.waitFor();
    await bubble.dispatchEvent('pointerup', at);
    t.ok(await dialog.getByText('The message you chose is sent with your report.', { exact: false }).isVisible());
    await dialog.getByRole('radio', { name: 'Off-platform solicitation' }).check();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    t.equal(await alert.textContent(), DAILY_LIMIT, "the server's sentence, inside the dialog");
    t.ok(await dialog.getByRole('button', { name: 'Submit' }).isEnabled(), 'the dialog stays, ready to try again');
    await screenshot(page, 'report-dialog-limit', { hideToasts: true });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    t.ok(await bubble.isVisible(), 'the chat stays');
    t.equal((await reportsBy(sofia)).filter((r) => r.reportedId === mason.userId).length, 0, 'nothing filed');
  });

  await t.test('the chat menu offers Report after Block; focus comes back to the menu button', async (t) => {
    await page.getByRole('button', { name: 'Chat options' }).click();
    const items = await page
      .getByRole('menu')
      .locator('[role^="menuitem"]')
      .evaluateAll((els) => els.map((el) => el.textContent?.trim()));
    t.same(items, ['View profile', 'Unmatch', 'Block', 'Report', 'Send read receipts']);
    await page.getByRole('menuitem', { name: 'Report' }).click();
    const dialog = reportDialog(page, 'mason');
    await dialog.waitFor();
    t.notOk(await dialog.getByText('The message you chose', { exact: false }).count(), 'from the menu, no message is named');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Chat options' }).and(page.locator(':focus')).waitFor();
    t.pass('Escape gives focus back to the menu button (the item that opened it is gone)');
  });

  await t.test('no uncaught errors in the page', async (t) => {
    t.same(pageErrors, []);
  });
});
