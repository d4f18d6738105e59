/**
 * The moderators' area (/moderation) in a phone-sized (390 px) Chromium against the REAL server:
 * - a member who is not a moderator gets at /moderation (and at a report's address) exactly what
 *   an unknown URL gets: a quiet redirect to /home, no word of the area;
 * - a moderator (granted as `npm run moderator -- grant` does; an incomplete dating profile) sees
 *   the queue, critical first, 20 to a page with Load more; opens a report filed through the API
 *   (its evidence: the pair's messages, the reported profile, the snapshot's sha256); claims it;
 *   is told a reason is needed; suspends the member for 3 days with a reason; reads "Actioned"
 *   and the audit trail; the database agrees (state, strike, suspension);
 * - another moderator's claim in between is the server's 409 sentence, verbatim, in an alert;
 * - a report about a deleted account: acting on it is refused (409, verbatim), Dismiss works;
 * - a role revoked while the area is open: the next read of the queue sends the member to /home.
 * axe checks the queue and a report; screenshots go to the screenshot folder (browser.ts).
 */
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import t from 'tap';
import { moderationStrikes, reports, users } from '../server/kernel/db/schema/index.ts';
import { listenTestApp } from '../server/test/app.ts';
import { sendMessage, unlockChat } from '../server/test/chat.ts';
import { likeProfile, man, woman } from '../server/test/members.ts';
import { claim, fileReport, moderator, reportRow } from '../server/test/moderation.ts';
import { axeSource, axeViolations } from './axe.ts';
import { launchBrowser, newPhonePage, screenshot, waitForPath } from './browser.ts';
import { horizontalOverflow } from './layout.ts';
import { signIn } from './sign-in.ts';

const queueHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Moderation queue' });
const reportLink = (page: Page, id: number, category: string) => page.getByRole('link', { name: `Report ${id}: ${category}`, exact: true });

t.test('the moderators’ area: hidden from members; queue, report, claim and a 3-day suspension', async (t) => {
  const { app, db, baseUrl } = await listenTestApp(t);
  const sofia = await woman(app, db, {}, 'sofia');
  const ethan = await man(app, db, {}, 'ethan');
  const liam = await man(app, db, {}, 'liam');
  const noah = await man(app, db, {}, 'noah');
  await likeProfile(app, ethan, sofia.profileId);
  const matchId = ((await likeProfile(app, sofia, ethan.profileId)).json() as { match_id: number }).match_id;
  await unlockChat(app, db, sofia, matchId);
  const sent = await sendMessage(app, ethan, matchId, { message: 'Answer me or you will regret it' });
  if (sent.statusCode !== 201) throw new Error(`send failed: ${sent.body}`);

  // The journey's report (ordinary), then a critical one filed later that the queue still shows first.
  const harassment = await fileReport(app, sofia, ethan, 'harassment_hate', 'He threatened me after I stopped replying');
  const money = await fileReport(app, liam, noah, 'money_request');
  // Twenty more, newer, so the queue has a second page. Written directly, about accounts since
  // deleted (reported null): one open report per pair is the rule, and twenty pairs are not the point.
  const fillers = await db
    .insert(reports)
    .values(Array.from({ length: 20 }, () => ({ reporterId: liam.userId, reportedId: null, category: 'other', evidenceSha256: '0' })))
    .returning({ id: reports.id });
  // An old strike of ethan's, voided on appeal: in his record, struck through, and not counted.
  await db.insert(moderationStrikes).values({
    memberId: ethan.userId,
    reportId: fillers[0].id,
    resolution: 'suspend_7d',
    reason: 'Overturned later',
    voidedAt: new Date(),
  });
  const mia = await moderator(app, db, 'mia');
  const otto = await moderator(app, db, 'otto');

  const source = await axeSource();
  const browser = await launchBrowser(t);
  const pageErrors: string[] = [];

  await t.test('a member who is not a moderator: /moderation is an unknown URL', async (t) => {
    const { context, page } = await newPhonePage(browser, baseUrl);
    t.teardown(() => context.close());
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signIn(page, sofia);
    for (const path of ['/no-such-page', '/moderation', `/moderation/reports/${harassment}`]) {
      await page.goto(path);
      await waitForPath(page, '/home');
      await page.locator('.swipe-card h2, .discovery-empty, h1').first().waitFor();
      t.equal(await queueHeading(page).count(), 0, `${path}: back on /home, nothing of the area shown`);
      t.equal(await page.getByText(/moderat/i).count(), 0, `${path}: the word is nowhere on the page`);
    }
  });

  const { context, page } = await newPhonePage(browser, baseUrl);
  t.teardown(() => context.close());
  page.on('pageerror', (error) => pageErrors.push(error.message));

  await t.test('the queue: critical first, 20 a page, Load more', async (t) => {
    await signIn(page, mia);
    await page.goto('/moderation');
    await queueHeading(page).waitFor();
    const list = page.getByRole('list', { name: 'Reports to review' });
    const items = list.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) });
    await items.first().waitFor();
    t.equal(await items.count(), 20, 'one page');
    const first = items.first();
    t.ok(await first.getByRole('link', { name: `Report ${money}: Asking for money` }).isVisible(), 'the critical report comes first');
    t.ok(await first.getByText('Critical', { exact: true }).isVisible(), 'marked critical in words');
    const second = items.nth(1);
    t.ok(await reportLink(page, harassment, 'Harassment or hate').isVisible(), 'then the oldest');
    const secondText = (await second.textContent()) ?? '';
    t.match(secondText, /ethan, 0 live strikes/, 'the reported member and their live strikes');
    t.match(secondText, /Reportersofia/, 'the reporter');
    t.match(secondText, /RecommendedWarning/, "the ladder's advice");
    t.match(secondText, /StateOpen/, 'the state');
    t.match(secondText, /Filed(less than a minute|\d+ minutes?) ago/, 'its age');
    t.equal(await page.getByRole('status').filter({ hasText: 'Showing' }).textContent(), 'Showing 20 reports; more are waiting.');
    t.same(await axeViolations(page, source), [], 'axe: the queue');
    t.equal(await horizontalOverflow(page), 0, 'nothing wider than 390 px');
    await screenshot(page, 'moderation-queue', { hideToasts: true });

    await page.getByRole('button', { name: 'Load more' }).click();
    await page.getByRole('status').filter({ hasText: 'Showing 22 reports, all that are waiting.' }).waitFor();
    t.equal(await items.count(), 22, 'the second page follows the first');
    t.equal(await page.getByRole('button', { name: 'Load more' }).count(), 0, 'no Load more after the last page');
  });

  await t.test('a report: evidence, claim, a reason is needed, suspend for 3 days, Actioned', async (t) => {
    await reportLink(page, harassment, 'Harassment or hate').click();
    await waitForPath(page, `/moderation/reports/${harassment}`);
    await page.getByRole('heading', { level: 1, name: `Report ${harassment}: Harassment or hate` }).waitFor();
    const evidence = page.getByRole('region', { name: 'Evidence' });
    t.ok(await evidence.getByText('Answer me or you will regret it').isVisible(), "the pair's message");
    t.ok(await evidence.getByText('ethan (reported)', { exact: false }).first().isVisible(), 'by the reported member');
    const [row] = await db.select({ sha: reports.evidenceSha256 }).from(reports).where(eq(reports.id, harassment));
    t.ok(await evidence.getByText(row.sha, { exact: true }).isVisible(), "the snapshot's sha256");
    t.ok(await page.getByText('He threatened me after I stopped replying').isVisible(), "the reporter's note");
    t.ok(await page.getByRole('heading', { name: 'Reported member: ethan' }).isVisible());
    t.ok(await page.getByRole('heading', { name: 'Reporter: sofia' }).isVisible());
    const voided = page.getByRole('listitem').filter({ hasText: `Suspend for 7 days` }).filter({ hasText: '(voided' });
    t.equal(await voided.count(), 1, 'the voided strike is in the record, said to be voided');
    t.match(await voided.locator('s').textContent(), new RegExp(`^Suspend for 7 days, .*, report ${fillers[0].id}$`), 'and struck through');
    t.same(await axeViolations(page, source), [], 'axe: an open report');
    t.equal(await horizontalOverflow(page), 0, 'nothing wider than 390 px');

    await page.getByRole('button', { name: 'Claim' }).click();
    await page.getByRole('status').filter({ hasText: 'You claimed this report.' }).waitFor();
    const action = page.getByRole('combobox', { name: 'Action' });
    await action.and(page.locator(':focus')).waitFor();
    t.pass('the Claim button is gone: focus is on the first field of the form');
    t.equal(await action.inputValue(), 'warning', 'the recommendation is chosen to start with');
    await action.selectOption('suspend_3d');
    const reason = page.getByRole('textbox', { name: 'Reason (the member will read it)' });
    await page.getByRole('button', { name: 'Take action' }).click();
    t.equal(
      await page.getByRole('alert').filter({ hasText: 'reason' }).textContent(),
      'Give a reason for the action (it is quoted to the member).',
      'a reason is needed',
    );
    await reason.fill('  Threatening messages after the match ended.  ');
    t.match(await page.getByText('/ 1000', { exact: false }).textContent(), /^43 \/ 1000/, 'the count, trimmed');
    await screenshot(page, 'moderation-decide', { hideToasts: true });
    await page.getByRole('button', { name: 'Take action' }).click();
    await page.getByRole('status').filter({ hasText: 'The report is actioned: a 3-day suspension.' }).waitFor();
    await page.getByText('Actioned (Suspend for 3 days)', { exact: true }).waitFor();
    t.pass('the state reads Actioned, with the suspension');
    await page.getByRole('heading', { level: 2, name: 'Decision' }).and(page.locator(':focus')).waitFor();
    t.pass("the form is gone: focus is on the section's heading");
    const trail = page.getByRole('region', { name: 'Audit trail' });
    t.match(
      await trail.textContent(),
      /Claimed by mia.*Actioned by mia.*Suspend for 3 days\. Reason: Threatening messages after the match ended\./s,
    );
    await screenshot(page, 'moderation-actioned', { hideToasts: true });

    t.match(await reportRow(db, harassment), { state: 'actioned', resolution: 'suspend_3d', assignee_id: mia.userId });
    const [member] = await db.select({ until: users.suspendedUntil }).from(users).where(eq(users.id, ethan.userId));
    const days = ((member.until?.getTime() ?? 0) - Date.now()) / 86_400_000;
    t.ok(days > 2.9 && days <= 3, `ethan is suspended for 3 days (${days.toFixed(3)})`);
  });

  await t.test("another moderator's claim first: the server's 409 sentence, then who holds it", async (t) => {
    await page.getByRole('link', { name: 'Back to the queue' }).click();
    await queueHeading(page).waitFor();
    await reportLink(page, money, 'Asking for money').waitFor();
    t.equal(await reportLink(page, harassment, 'Harassment or hate').count(), 0, 'the decided report has left the queue');
    await reportLink(page, money, 'Asking for money').click();
    const claimButton = page.getByRole('button', { name: 'Claim' });
    await claimButton.waitFor();
    t.equal((await claim(app, otto, money)).statusCode, 200, 'otto claims it meanwhile');
    await claimButton.click();
    const alert = page.getByRole('alert').filter({ hasText: 'claimed' });
    await alert.waitFor();
    t.equal(await alert.textContent(), 'This report is already in review, so it cannot be claimed.', 'verbatim');
    await page.getByText('otto claimed this report. Only they can decide it.').waitFor();
    t.pass('read again: otto holds it, and no form is offered');
  });

  await t.test('a report about a deleted account: acting is refused in the server’s words; Dismiss', async (t) => {
    const filler = fillers[1].id;
    await page.goto(`/moderation/reports/${filler}`);
    await page.getByRole('heading', { level: 1, name: `Report ${filler}: Other` }).waitFor();
    t.ok(await page.getByRole('heading', { name: 'Reported member: Deleted account' }).isVisible(), 'no username, said so');
    await page.getByRole('button', { name: 'Claim' }).click();
    await page.getByRole('textbox', { name: 'Reason (the member will read it)' }).fill('Spam');
    await page.getByRole('button', { name: 'Take action' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'deleted' });
    await alert.waitFor();
    t.equal(
      await alert.textContent(),
      'The reported member has deleted their account, so no action can be taken on it. Dismiss the report instead.',
      'verbatim',
    );
    await page.getByRole('button', { name: 'Dismiss report' }).click();
    await page.getByRole('status').filter({ hasText: 'The report is dismissed.' }).waitFor();
    await page.getByText('This report is dismissed. There is nothing more to decide here.').waitFor();
    t.equal(await page.getByRole('alert').filter({ hasText: 'deleted' }).count(), 0, 'the old refusal is gone');
    t.match(await reportRow(db, filler), { state: 'dismissed', resolution: null });
  });

  await t.test('the role revoked while the area is open: back to the queue is /home', async (t) => {
    await db.update(users).set({ role: 'member' }).where(eq(users.id, mia.userId));
    await page.getByRole('link', { name: 'Back to the queue' }).click();
    await waitForPath(page, '/home');
    t.equal(await queueHeading(page).count(), 0, 'the queue, read again, answered 404: the guard asked again and let go');
  });

  await t.test('no uncaught errors in the pages', async (t) => {
    t.same(pageErrors, []);
  });
});
