/**
 * Appeals and the face queue in the moderators' area, in a phone-sized (390 px) Chromium against
 * the REAL server:
 * - a member suspended by mia appeals through the API; the report is back in the queue "Under
 *   appeal"; mia opens it, reads the appeal, and her own decision on it is refused in the server's
 *   403 sentence, verbatim; otto overturns it in the browser, reads "Overturned", and the strike is
 *   voided and the suspension lifted in the database;
 * - one face print matched with another account, written straight into the database: otto opens
 *   Face matches from the area's navigation, is told a reason is needed, decides "Different
 *   people", the item leaves and the empty state shows; the database agrees.
 * axe checks an appealed report and the face screen.
 */
import { eq, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import t from 'tap';
import { users } from '../server/kernel/db/schema/index.ts';
import { listenTestApp } from '../server/test/app.ts';
import { man, woman } from '../server/test/members.ts';
import { act, appeal, fileReport, moderator, reportRow, statementsOf } from '../server/test/moderation.ts';
import { axeSource, axeViolations } from './axe.ts';
import { launchBrowser, newPhonePage, screenshot, waitForPath } from './browser.ts';
import { horizontalOverflow } from './layout.ts';
import { signIn } from './sign-in.ts';

const APPEAL_TEXT = 'I never sent that message; my sister used my phone that evening.';
const reportHeading = (page: Page, id: number) => page.getByRole('heading', { level: 1, name: `Report ${id}: Harassment or hate` });

t.test('appeals and face matches in the moderators’ area', async (t) => {
  const { app, db, baseUrl } = await listenTestApp(t);
  const sofia = await woman(app, db, {}, 'sofia');
  const ethan = await man(app, db, {}, 'ethan');
  const ava = await woman(app, db, {}, 'ava');
  const zoe = await woman(app, db, {}, 'zoe');
  const mia = await moderator(app, db, 'mia');
  const otto = await moderator(app, db, 'otto');

  const reportId = await fileReport(app, sofia, ethan, 'harassment_hate', 'Rude messages');
  await act(app, mia, reportId, 'suspend_3d', 'Insults after the match ended.');
  const statement = (await statementsOf(app, ethan)).statements.find((s) => s.resolution === 'suspend_3d');
  const appealed = await appeal(app, ethan, statement?.id as number, APPEAL_TEXT);
  if (appealed.statusCode !== 200) throw new Error(`appeal failed: ${appealed.body}`);

  // ava verified a face that matches zoe's, already verified: the print the face queue lists.
  const descriptor = `{${Array.from({ length: 128 }, () => 0.01).join(',')}}`;
  await db.execute(sql`
    insert into face_prints (user_id, descriptor, review_state, matched_user_id)
    values (${ava.userId}, ${descriptor}::real[], 'needs_review', ${zoe.userId})`);

  const source = await axeSource();
  const browser = await launchBrowser(t);
  const pageErrors: string[] = [];

  await t.test('the moderator who took the decision: the appeal is shown, deciding it is refused', async (t) => {
    const { context, page } = await newPhonePage(browser, baseUrl);
    t.teardown(() => context.close());
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signIn(page, mia);
    await page.goto('/moderation');
    const item = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: `Report ${reportId}: Harassment or hate` }) });
    await item.waitFor();
    t.match(await item.textContent(), /StateUnder appeal$/, 'back in the queue, under appeal, in words, claimed by nobody');
    await item.getByRole('link').click();
    await reportHeading(page, reportId).waitFor();
    const appealRegion = page.getByRole('region', { name: "The member's appeal" });
    t.ok(await appealRegion.getByText(APPEAL_TEXT).isVisible(), "the member's words");
    t.match(await appealRegion.textContent(), /ethan appealed on/, 'who appealed and when');
    t.same(await axeViolations(page, source), [], 'axe: an appealed report');
    t.equal(await horizontalOverflow(page), 0, 'nothing wider than 390 px');

    await page.getByRole('button', { name: 'Decide the appeal' }).click();
    t.ok(await page.getByRole('alert').filter({ hasText: 'Choose Uphold or Overturn.' }).isVisible(), 'an outcome is needed');
    t.ok(
      await page.getByRole('alert').filter({ hasText: 'Give a reason for the outcome (it is quoted to the member).' }).isVisible(),
      'and a reason',
    );
    await page.getByRole('radio', { name: /^Overturn/ }).check();
    await page.getByRole('textbox', { name: 'Reason (the member will read it)' }).fill('I was wrong.');
    await page.getByRole('button', { name: 'Decide the appeal' }).click();
    const refused = page.getByRole('alert').filter({ hasText: 'different moderator' });
    await refused.waitFor();
    t.equal(await refused.textContent(), 'A different moderator must decide this appeal: you took the decision it contests.', 'verbatim');
    t.equal((await reportRow(db, reportId)).state, 'appealed', 'unchanged');
  });

  const { context, page } = await newPhonePage(browser, baseUrl);
  t.teardown(() => context.close());
  page.on('pageerror', (error) => pageErrors.push(error.message));

  await t.test('another moderator overturns it: "Overturned", the strike voided, the suspension lifted', async (t) => {
    await signIn(page, otto);
    await page.goto(`/moderation/reports/${reportId}`);
    await reportHeading(page, reportId).waitFor();
    await page.getByRole('radio', { name: /^Overturn/ }).check();
    const reason = page.getByRole('textbox', { name: 'Reason (the member will read it)' });
    await reason.fill('  The messages came from a shared phone; the member was not the author.  ');
    t.match(await page.getByText('/ 1000', { exact: false }).textContent(), /^69 \/ 1000/, 'the count, trimmed');
    await screenshot(page, 'moderation-appeal', { hideToasts: true });
    await page.getByRole('button', { name: 'Decide the appeal' }).click();
    await page.getByRole('status').filter({ hasText: 'The appeal is decided: the decision is overturned' }).waitFor();
    await page.getByText('Overturned on appeal (Suspend for 3 days)', { exact: true }).waitFor();
    t.pass('the state reads Overturned, in words');
    await page.getByRole('heading', { level: 2, name: 'Decision' }).and(page.locator(':focus')).waitFor();
    t.pass("the form is gone: focus is on the section's heading");
    t.match(
      await page.getByRole('region', { name: 'Audit trail' }).textContent(),
      /Appealed by ethan \(reported member\).*Overturned on appeal by you.*Reason: The messages came from a shared phone/s,
    );
    t.match(
      await page.getByRole('region', { name: "The member's appeal" }).textContent(),
      /Overturned on appeal, /,
      'the appeal says how it ended',
    );

    t.match(await reportRow(db, reportId), { state: 'overturned' });
    const [strike] = await db.execute<{ voided: boolean }>(
      sql`select voided_at is not null as voided from moderation_strikes where report_id = ${reportId}`,
    );
    t.equal(strike.voided, true, 'the strike is voided');
    const [member] = await db.select({ until: users.suspendedUntil }).from(users).where(eq(users.id, ethan.userId));
    t.equal(member.until, null, 'the suspension is lifted');
  });

  await t.test('face matches: both accounts, a reason is needed, Different people, the item leaves', async (t) => {
    await page.goto('/moderation');
    await page.getByRole('navigation', { name: 'Moderation' }).getByRole('link', { name: 'Face matches' }).click();
    await waitForPath(page, '/moderation/faces');
    await page.getByRole('heading', { level: 1, name: 'Face matches' }).waitFor();
    const list = page.getByRole('list', { name: 'Face matches to review' });
    const item = list.getByRole('listitem', { name: 'ava and zoe' });
    await item.waitFor();
    t.match(await item.textContent(), /Waiting for the badge: ava.*Already verified: zoe.*Waiting for less than a minute\./s);
    t.equal(await page.getByRole('status').filter({ hasText: 'Showing' }).textContent(), 'Showing 1 face match, all that are waiting.');
    t.same(await axeViolations(page, source), [], 'axe: the face screen');
    t.equal(await horizontalOverflow(page), 0, 'nothing wider than 390 px');
    await screenshot(page, 'moderation-faces', { hideToasts: true });

    await item.getByRole('radio', { name: 'Different people: grant the badge' }).check();
    await item.getByRole('button', { name: 'Decide' }).click();
    t.equal(await item.getByRole('alert').textContent(), 'Give a reason for the decision.', 'a reason is needed');
    await item.getByRole('textbox', { name: 'Reason' }).fill('Different jawline and eyes; a look-alike.');
    await item.getByRole('button', { name: 'Decide' }).click();
    await page.getByRole('status').filter({ hasText: 'Decided: ava and the matched account are different people.' }).waitFor();
    await page.getByText('No face matches to review. New ones will appear here.').waitFor();
    t.pass('the decided item left; the empty state shows');
    await page.getByRole('heading', { level: 1, name: 'Face matches' }).and(page.locator(':focus')).waitFor();
    t.pass('focus is on the heading: the pressed button went with the item');
    const [print] = await db.execute<{ review_state: string }>(sql`select review_state from face_prints where user_id = ${ava.userId}`);
    t.not(print.review_state, 'needs_review', `decided (${print.review_state})`);
  });

  await t.test('no uncaught errors in the pages', async (t) => {
    t.same(pageErrors, []);
  });
});
