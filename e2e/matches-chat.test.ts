/**
 * Matches and chat as dating apps have them, in a phone-sized (390 px) Chromium against the REAL
 * server (its gateway and in-process notifications; the other members act through the API):
 * - the matches list in order of latest activity, each card with its newest message and unread
 *   count, locked chats told apart from open ones; a new message moves its match live; reading
 *   a chat clears its count;
 * - a match's profile offers Message instead of Pass / Already liked;
 * - the chat menu holds Unmatch, Block and Report beside View profile (Report is e2e/reports.test.ts);
 * - a member who blocks, deletes their account or unmatches disappears live from the open list
 *   and the open chat, which closes with a short notice.
 * axe checks every new state; screenshots go to the screenshot folder (browser.ts).
 */
import type { Page } from 'playwright-core';
import t from 'tap';
import { listenTestApp } from '../server/test/app.ts';
import { sendMessage, unlockChat } from '../server/test/chat.ts';
import { get, likeProfile, man, type Member, post, woman } from '../server/test/members.ts';
import { axeSource, axeViolations } from './axe.ts';
import { launchBrowser, navigateByMenu, newPhonePage, screenshot, waitForPath } from './browser.ts';
import { horizontalOverflow } from './layout.ts';
import { setPhoto1, writePortraits } from './portraits.ts';
import { signIn } from './sign-in.ts';
import { noToasts } from './toasts.ts';

const MEDIA = 'e2e-matches-chat-media';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text });
const card = (page: Page, matchId: number) => page.locator(`.match-card[data-match-id="${matchId}"]`);
/** The names on the cards, top to bottom. */
const cardNames = (page: Page) =>
  page.locator('.match-card .match-link').evaluateAll((links) => links.map((a) => (a.textContent ?? '').split(',')[0]));

t.test('the matches list, the chat menu, and members who leave, at 390 px', async (t) => {
  const portraits = await writePortraits(t, MEDIA, 1, 5);
  const { app, db, baseUrl } = await listenTestApp(t);
  const sofia = await woman(app, db, {}, 'sofia');
  const names = ['noah', 'ethan', 'mason', 'lucas', 'liam'] as const;
  const men = {} as Record<(typeof names)[number], Member>;
  const matchOf = {} as Record<(typeof names)[number], number>;
  await setPhoto1(db, sofia, portraits.women[0]);
  // Each liked Sofia and she liked back (so her own likes made the matches): noah's match is the oldest, liam's the newest.
  for (const [i, name] of names.entries()) {
    men[name] = await man(app, db, {}, name);
    await setPhoto1(db, men[name], portraits.men[i]);
    await likeProfile(app, men[name], sofia.profileId);
    matchOf[name] = ((await likeProfile(app, sofia, men[name].profileId)).json() as { match_id: number }).match_id;
  }
  const { noah, ethan, mason, lucas, liam } = men;
  // Every chat but liam's is open; then the conversations, oldest first.
  for (const name of ['noah', 'ethan', 'mason', 'lucas'] as const) await unlockChat(app, db, men[name], matchOf[name]);
  const say = async (from: Member, to: (typeof names)[number], message: string) => {
    const sent = await sendMessage(app, from, matchOf[to], { message });
    if (sent.statusCode !== 201) throw new Error(`send failed: ${sent.body}`);
  };
  await say(mason, 'mason', 'Hi from Mason');
  await say(lucas, 'lucas', 'Lucas here, hello!');
  await say(sofia, 'ethan', 'See you Friday');
  await say(noah, 'noah', 'Hi Sofia');
  await say(noah, 'noah', 'How was your week?');
  await say(noah, 'noah', 'Coffee on Saturday? I know a quiet place near the river with the best croissants in town');

  const source = await axeSource();
  const browser = await launchBrowser(t);
  const { context, page } = await newPhonePage(browser, baseUrl);
  t.teardown(() => context.close());
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  let loads = 0;
  page.on('load', () => {
    loads += 1;
  });
  const matchesOf = async (member: Member) =>
    (await get(app, member, '/api/v1/match/matches/')).json().matches as Array<{
      match_id: number;
      username: string;
      unread_count: number;
    }>;

  await signIn(page, sofia);

  await t.test('latest activity first, each with its newest message and unread count; locked and open chats look different', async (t) => {
    await navigateByMenu(page, 'Matches');
    await waitForPath(page, '/matches');
    await page.getByText('You have 5 matches', { exact: true }).waitFor();
    t.same(await cardNames(page), ['noah', 'ethan', 'lucas', 'mason', 'liam'], 'the latest conversation first, an untouched match last');

    const noahCard = card(page, matchOf.noah);
    t.match(await noahCard.locator('.match-preview').textContent(), /^Coffee on Saturday\? I know a quiet place/, "noah's newest message");
    t.equal(await noahCard.locator('.match-unread [aria-hidden="true"]').textContent(), '3', 'three unread');
    t.match(await noahCard.locator('.match-hint').textContent(), /3 unread messages/, 'said in words to screen readers');
    const link = noahCard.getByRole('link');
    t.match(
      await link.evaluate((a) => document.getElementById(a.getAttribute('aria-describedby') ?? '')?.textContent ?? ''),
      /Coffee on Saturday.*3 unread messages/,
      'the card link is described by its preview and count',
    );
    t.equal(await card(page, matchOf.ethan).locator('.match-preview').textContent(), 'You: See you Friday', 'my own last message says so');
    t.equal(await card(page, matchOf.ethan).locator('.match-unread').count(), 0, 'nothing unread there');

    const liamCard = card(page, matchOf.liam);
    t.ok(await liamCard.getByText('Chat locked').isVisible(), 'a locked chat says so');
    t.ok(await liamCard.locator('.match-photo-lock').isVisible(), 'with a lock on the photo');
    t.equal(await liamCard.locator('.match-preview').count(), 0, 'and shows no message');
    t.equal(await noahCard.getByText('Chat locked').count(), 0);
    const edge = (matchId: number) =>
      card(page, matchId).evaluate((el) => {
        const style = getComputedStyle(el);
        return `${style.borderLeftStyle} ${style.borderLeftWidth} ${style.backgroundColor}`;
      });
    t.not(await edge(matchOf.liam), await edge(matchOf.noah), 'the two kinds of card look different');

    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('.match-photo')].every((img) => img.complete && img.naturalWidth > 0),
    );
    t.equal(await horizontalOverflow(page), 0, 'nothing wider than 390 px');
    const clipped = await page.locator('.match-card *').evaluateAll((elements) =>
      elements
        .filter((el) => !el.classList.contains('match-preview') && !el.classList.contains('visually-hidden'))
        .filter((el) => el.scrollWidth > el.clientWidth + 1)
        .map((el) => el.className),
    );
    t.same(clipped, [], 'only the preview is cut (with an ellipsis), nothing else clips');
    t.same(await axeViolations(page, source), [], 'axe: the list');
    await screenshot(page, 'matches-list', { hideToasts: true });
  });

  await t.test('a new message moves its match to the top, live', async (t) => {
    const loadsBefore = loads;
    await say(mason, 'mason', 'Are you free tonight?');
    await card(page, matchOf.mason).locator('.match-preview', { hasText: 'Are you free tonight?' }).waitFor({ timeout: 15_000 });
    t.same(await cardNames(page), ['mason', 'noah', 'ethan', 'lucas', 'liam'], 'mason first now');
    t.equal(await card(page, matchOf.mason).locator('.match-unread [aria-hidden="true"]').textContent(), '2');
    t.equal(loads, loadsBefore, 'without a reload');
  });

  await t.test('reading a chat clears its count', async (t) => {
    await card(page, matchOf.noah).getByRole('link').click();
    await waitForPath(page, `/chat/${matchOf.noah}`);
    await page.locator('.chat-text', { hasText: 'How was your week?' }).waitFor();
    await page.getByRole('link', { name: 'Back to matches' }).click();
    await waitForPath(page, '/matches');
    await card(page, matchOf.noah).waitFor();
    await page.waitForFunction((id) => !document.querySelector(`.match-card[data-match-id="${id}"] .match-unread`), matchOf.noah);
    t.pass('no badge on noah');
    t.equal((await matchesOf(sofia)).find((m) => m.match_id === matchOf.noah)?.unread_count, 0, 'the server agrees');
  });

  await t.test("a match's profile offers Message, not Pass or Already liked", async (t) => {
    await page.goto(`/profile/${noah.profileId}`);
    await page.getByRole('heading', { name: /^noah/ }).first().waitFor();
    const message = page.getByRole('link', { name: 'Message' });
    await message.waitFor();
    for (const name of ['Pass', 'Like', 'Already liked'])
      t.equal(await page.getByRole('button', { name, exact: true }).count(), 0, `no ${name}`);
    t.ok(await page.getByRole('button', { name: 'Block User' }).isVisible(), 'Block User stays');
    t.same(await axeViolations(page, source), [], "axe: a match's profile");
    await message.click();
    await waitForPath(page, `/chat/${matchOf.noah}`);
    t.pass('Message opens the chat');
  });

  await t.test('the chat menu: View profile, Unmatch, Block and Report, then the read receipts', async (t) => {
    await page.locator('.chat-text', { hasText: 'Hi Sofia' }).waitFor();
    await page.getByRole('button', { name: 'Chat options' }).click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    const items = await menu.locator('[role^="menuitem"]').evaluateAll((elements) => elements.map((el) => el.textContent?.trim()));
    t.same(items, ['View profile', 'Unmatch', 'Block', 'Report', 'Send read receipts']);
    t.equal(await horizontalOverflow(page), 0);
    // The menu's popup sits outside the page's landmarks by design (a moderate finding); nothing serious.
    const serious = (await axeViolations(page, source)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
    t.same(serious, [], 'axe: the open menu, nothing serious or critical');
    await screenshot(page, 'chat-menu', { hideToasts: true });
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
  });

  await t.test('Unmatch from the menu, by keyboard: asked first, then the match is gone for both', async (t) => {
    await page.goto(`/chat/${matchOf.mason}`);
    await page.locator('.chat-text', { hasText: 'Are you free tonight?' }).waitFor();
    await page.getByRole('button', { name: 'Chat options' }).focus();
    await page.keyboard.press('Enter');
    // The menu moves focus to its first item a moment after it opens: each key waits for the
    // focus it acts on, or a fast ArrowDown lands before the menu has taken focus.
    const focused = (name: string) => page.getByRole('menuitem', { name }).and(page.locator(':focus')).waitFor();
    await focused('View profile');
    await page.keyboard.press('ArrowDown');
    await focused('Unmatch');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Unmatch mason?' });
    await dialog.waitFor();
    t.ok(await dialog.getByText('This will remove the match and all chat history. This action cannot be undone.').isVisible());
    t.same(await axeViolations(page, source), [], 'axe: the confirmation');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    t.ok(await page.locator('.chat-text', { hasText: 'Are you free tonight?' }).isVisible(), 'Cancel keeps the chat');

    await page.getByRole('button', { name: 'Chat options' }).click();
    await page.getByRole('menuitem', { name: 'Unmatch' }).click();
    await dialog.getByRole('button', { name: 'Unmatch', exact: true }).click();
    await toast(page, 'Match removed successfully').waitFor();
    await waitForPath(page, '/matches');
    await page.getByText('You have 4 matches', { exact: true }).waitFor();
    t.notOk((await cardNames(page)).includes('mason'), 'gone from my list');
    t.same(
      (await matchesOf(mason)).map((m) => m.username),
      [],
      'and from his',
    );
    const likedMe = (await get(app, sofia, '/api/v1/match/likes_received/')).json().likes_received as unknown[];
    t.same(likedMe, [], 'not offered back to me in Likes Received');
    await noToasts(page);
  });

  await t.test('Block from the menu of a locked chat: asked first, then blocked and gone', async (t) => {
    await card(page, matchOf.liam).getByRole('link').click();
    await waitForPath(page, `/chat/${matchOf.liam}`);
    const unlock = page.getByRole('dialog', { name: 'Unlock Chat' });
    await unlock.waitFor();
    await page.keyboard.press('Escape');
    await unlock.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Chat options' }).click();
    await page.getByRole('menuitem', { name: 'Block' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Block User?' });
    await dialog.waitFor();
    t.ok(
      await dialog
        .getByText('Are you sure you want to block this user? Neither you nor the user will be able to see each other in the search.')
        .isVisible(),
    );
    await dialog.getByRole('button', { name: 'Yes, Block User' }).click();
    await toast(page, 'User blocked successfully').waitFor();
    await waitForPath(page, '/matches');
    await page.getByText('You have 3 matches', { exact: true }).waitFor();
    t.notOk((await cardNames(page)).includes('liam'), 'gone from the list');
    const blocked = (await get(app, sofia, '/api/v1/blocked/')).json() as Array<{ user_id: number }>;
    t.same(
      blocked.map((b) => b.user_id),
      [liam.userId],
      'blocked on the server',
    );
    await noToasts(page);
  });

  await t.test('the other member blocks: the open chat closes live, with a short notice', async (t) => {
    await card(page, matchOf.ethan).getByRole('link').click();
    await waitForPath(page, `/chat/${matchOf.ethan}`);
    await page.locator('.chat-text', { hasText: 'See you Friday' }).waitFor();
    const loadsBefore = loads;
    t.equal((await post(app, ethan, `/api/v1/block/${sofia.userId}/`)).statusCode, 200);
    const notice = page.getByRole('status').filter({ hasText: 'This match has ended' });
    await notice.waitFor({ timeout: 15_000 });
    t.ok(
      await notice.getByText('ethan is no longer one of your matches, so this conversation has closed.').isVisible(),
      'the same words an unmatch gets',
    );
    t.equal(await page.locator('.chat-msg').count(), 0, 'the messages are gone');
    t.equal(loads, loadsBefore, 'without a reload');
    t.equal(await horizontalOverflow(page), 0);
    t.same(await axeViolations(page, source), [], 'axe: the notice');
    await page.getByRole('link', { name: 'Back to Matches' }).click();
    await waitForPath(page, '/matches');
    await page.getByText('You have 2 matches', { exact: true }).waitFor();
    t.same(await cardNames(page), ['noah', 'lucas']);
  });

  await t.test('a member who deletes their account leaves the open list live', async (t) => {
    const loadsBefore = loads;
    t.equal((await post(app, lucas, '/api/v1/profile/delete/')).statusCode, 200);
    await card(page, matchOf.lucas).waitFor({ state: 'detached', timeout: 15_000 });
    await page.getByText('You have 1 match', { exact: true }).waitFor();
    t.same(await cardNames(page), ['noah']);
    t.equal(loads, loadsBefore, 'without a reload');
  });

  await t.test('the other member unmatches while the chat is open: it closes live, with the notice', async (t) => {
    await card(page, matchOf.noah).getByRole('link').click();
    await waitForPath(page, `/chat/${matchOf.noah}`);
    await page.locator('.chat-text', { hasText: 'Hi Sofia' }).waitFor();
    t.equal((await post(app, noah, `/api/v1/match/unmatch/${sofia.profileId}/`)).statusCode, 200);
    await page.getByRole('status').filter({ hasText: 'This match has ended' }).waitFor({ timeout: 15_000 });
    t.equal(await page.locator('.chat-msg').count(), 0);
    await page.getByRole('link', { name: 'Back to Matches' }).click();
    await page.getByRole('heading', { level: 1, name: 'No matches yet' }).waitFor();
    t.pass('no matches left');
  });

  await t.test('no uncaught errors in the page', async (t) => {
    t.same(pageErrors, []);
  });
});
