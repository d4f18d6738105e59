/**
 * The whole trust-and-safety loop, every step in a phone-sized (390 px) Chromium against the REAL
 * server, nothing through the API but the set-up (a match with an open chat):
 * sofia reports ethan from the chat's menu; mia opens the queue, claims the report and suspends him
 * for 3 days; ethan, signing in, lands on his account standing, reads the statement of reasons and
 * appeals; otto, a second moderator, overturns it; ethan is whole again: back in the app, and sofia
 * is still hidden from him (the report's block stays).
 */
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import t from 'tap';
import { reports, users } from '../server/kernel/db/schema/index.ts';
import { listenTestApp } from '../server/test/app.ts';
import { sendMessage, unlockChat } from '../server/test/chat.ts';
import { likeProfile, man, woman } from '../server/test/members.ts';
import { moderator } from '../server/test/moderation.ts';
import { launchBrowser, newPhonePage, waitForPath } from './browser.ts';
import { signIn } from './sign-in.ts';

const SUSPENSION_REASON = 'Asked a member for money for a flight in the first days of the chat.';
const APPEAL_TEXT = 'It was a joke between us; I never took any money. Please read the whole chat.';
const OVERTURN_REASON = 'Read in context the message was a joke, and no money was asked for again.';

t.test('report from the chat, suspend, statement, appeal, overturn: whole again', async (t) => {
  const { app, db, baseUrl } = await listenTestApp(t);
  const sofia = await woman(app, db, {}, 'sofia');
  const ethan = await man(app, db, {}, 'ethan');
  const mia = await moderator(app, db, 'mia');
  const otto = await moderator(app, db, 'otto');
  await likeProfile(app, ethan, sofia.profileId);
  const matchId = ((await likeProfile(app, sofia, ethan.profileId)).json() as { match_id: number }).match_id;
  await unlockChat(app, db, sofia, matchId);
  const sent = await sendMessage(app, ethan, matchId, { message: 'Can you send me $300 for the flight? I will pay you back' });
  if (sent.statusCode !== 201) throw new Error(`send failed: ${sent.body}`);

  const browser = await launchBrowser(t);
  const pageErrors: string[] = [];
  const pageAs = async (member: Parameters<typeof signIn>[1]): Promise<Page> => {
    const { context, page } = await newPhonePage(browser, baseUrl);
    t.teardown(() => context.close());
    page.on('pageerror', (error) => pageErrors.push(`${member.username}: ${error.message}`));
    await signIn(page, member);
    return page;
  };
  let reportId = 0;

  await t.test('sofia reports ethan from the chat menu', async (t) => {
    const page = await pageAs(sofia);
    await page.goto(`/chat/${matchId}`);
    await page.getByRole('button', { name: 'Chat options' }).click();
    await page.getByRole('menuitem', { name: 'Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report ethan' });
    await dialog.getByRole('radio', { name: 'Asking for money' }).check();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await waitForPath(page, '/matches');
    const [filed] = await db
      .select({ id: reports.id, state: reports.state })
      .from(reports)
      .where(and(eq(reports.reporterId, sofia.userId), eq(reports.reportedId, ethan.userId)));
    t.equal(filed?.state, 'open', 'the report is open');
    reportId = filed.id;
  });

  await t.test('mia claims it from the queue and suspends ethan for 3 days', async (t) => {
    const page = await pageAs(mia);
    await page.goto('/moderation');
    await page.getByRole('link', { name: `Report ${reportId}: Asking for money` }).click();
    await page.getByRole('button', { name: 'Claim' }).click();
    await page.getByRole('combobox', { name: 'Action' }).selectOption('suspend_3d');
    await page.getByRole('textbox', { name: 'Reason (the member will read it)' }).fill(SUSPENSION_REASON);
    await page.getByRole('button', { name: 'Take action' }).click();
    await page.getByText('Actioned (Suspend for 3 days)', { exact: true }).waitFor();
    const [member] = await db.select({ until: users.suspendedUntil }).from(users).where(eq(users.id, ethan.userId));
    t.ok(member.until && member.until.getTime() > Date.now(), 'ethan is suspended');
  });

  const ethanPage = await pageAs(ethan);
  await t.test('ethan lands on his account standing, reads the statement and appeals', async (t) => {
    await waitForPath(ethanPage, '/account/standing');
    const decision = ethanPage.locator('.statement-card', { has: ethanPage.getByRole('heading', { name: /^Decision/ }) });
    await decision.waitFor();
    const text = (await decision.textContent()) ?? '';
    t.match(text, /Your account is suspended for 3 days\./, 'what was done');
    t.match(text, /Asking for money/, 'the category');
    t.match(text, SUSPENSION_REASON, 'the facts, as the moderator wrote them');
    t.notMatch(text, /sofia/, 'never who reported him');
    await decision.getByRole('button', { name: 'Appeal' }).click();
    await decision.getByRole('textbox', { name: 'Why should this decision be changed?' }).fill(APPEAL_TEXT);
    await decision.getByRole('button', { name: 'Submit' }).click();
    await decision.locator('.appeal-state', { hasText: /^Appeal pending/ }).waitFor();
    t.pass('the appeal is pending');
  });

  await t.test('otto, a second moderator, overturns it', async (t) => {
    const page = await pageAs(otto);
    await page.goto('/moderation');
    await page.getByRole('link', { name: `Report ${reportId}: Asking for money` }).click();
    await page.getByRole('region', { name: "The member's appeal" }).getByText(APPEAL_TEXT).waitFor();
    t.pass("ethan's words are there");
    await page.getByRole('radio', { name: /^Overturn/ }).check();
    await page.getByRole('textbox', { name: 'Reason (the member will read it)' }).fill(OVERTURN_REASON);
    await page.getByRole('button', { name: 'Decide the appeal' }).click();
    await page.getByText('Overturned on appeal (Suspend for 3 days)', { exact: true }).waitFor();
    t.pass('overturned');
  });

  await t.test('ethan is whole again', async (t) => {
    await ethanPage.reload();
    await ethanPage.locator('.standing-headline').filter({ hasText: 'Your account is in good standing' }).waitFor();
    await ethanPage.getByRole('link', { name: 'Back to Betroth' }).click();
    await waitForPath(ethanPage, '/home');
    await ethanPage.getByRole('button', { name: 'Open menu' }).waitFor();
    const [member] = await db.select({ until: users.suspendedUntil }).from(users).where(eq(users.id, ethan.userId));
    t.equal(member.until, null, 'no suspension is left');
    const profile = await app.inject({ method: 'GET', url: '/api/v1/my_profile/', headers: ethan.auth });
    t.equal(profile.statusCode, 200, 'his own routes answer again');
    const hidden = await app.inject({ method: 'GET', url: `/api/v1/profile/${sofia.profileId}/`, headers: ethan.auth });
    t.equal(hidden.statusCode, 404, 'and sofia stays hidden from him: the report keeps its block');
  });

  t.same(pageErrors, [], 'no uncaught errors in the pages');
});
