/**
 * The match moment ("It's a match") on both sides, in phone-sized Chromium (390 and 360 px)
 * against the REAL server (its gateway, the in-process notifications handler; no fakes):
 * - Nora likes Omar back on her discovery card: the screen comes at once, with her photo and his,
 *   his name, and Send a message, which opens their chat and its unlock dialog;
 * - Omar, who liked first and was away, sees it when he next opens the app, until he closes it;
 * - Omar, online on another screen, sees the moment of a match Pia makes with him live, through
 *   the push, without a reload.
 * axe checks the screen; it holds at 320 px. The screenshot goes to the screenshot folder.
 */
import type { Page } from 'playwright-core';
import t from 'tap';
import { listenTestApp } from '../server/test/app.ts';
import { get, likeProfile, man, type Member, woman } from '../server/test/members.ts';
import { axeSource, axeViolations } from './axe.ts';
import { launchBrowser, navigateByMenu, newPhonePage, PHONE_VIEWPORT, screenshot, waitForPath } from './browser.ts';
import { horizontalOverflow } from './layout.ts';
import { until } from './until.ts';
import { setPhoto1, writePortraits } from './portraits.ts';
import { signIn } from './sign-in.ts';

const NARROW = { width: 360, height: 800 } as const;
const MEDIA = 'e2e-match-moment-media';

const moment = (page: Page, name: string) => page.getByRole('dialog', { name: `It's a Match with ${name}!` });

/** How many times the page asked the server for unseen match moments (its opening check, and one per match push). */
function countChecks(page: Page): () => number {
  let checks = 0;
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/v1/match/new_matches/' && response.request().method() === 'GET') checks += 1;
  });
  return () => checks;
}

t.test('the match moment, for the member who liked back and for the one who liked first', async (t) => {
  const portraits = await writePortraits(t, MEDIA, 2, 1);
  const { app, db, baseUrl } = await listenTestApp(t);
  const nora = await woman(app, db, {}, 'nora');
  const pia = await woman(app, db, {}, 'pia');
  const omar = await man(app, db, {}, 'omar');
  await setPhoto1(db, nora, portraits.women[0]);
  await setPhoto1(db, pia, portraits.women[1]);
  await setPhoto1(db, omar, portraits.men[0]);
  // Omar liked both women earlier.
  for (const her of [nora, pia]) t.equal((await likeProfile(app, omar, her.profileId)).statusCode, 200);

  const source = await axeSource();
  const browser = await launchBrowser(t);
  const pageErrors: string[] = [];
  const open = async () => {
    const { context, page } = await newPhonePage(browser, baseUrl);
    t.teardown(() => context.close());
    page.on('pageerror', (error) => pageErrors.push(error.message));
    return page;
  };
  const newMatchesOf = async (member: Member) => (await get(app, member, '/api/v1/match/new_matches/')).json().new_matches as unknown[];
  let noraOmar = 0;

  const pageN = await open();

  await t.test('Nora likes Omar back: the screen comes at once, with both photos, his name and Send a message', async (t) => {
    await signIn(pageN, nora);
    await pageN.getByRole('heading', { name: /^omar/ }).first().waitFor();
    const answered = pageN.waitForResponse((r) => r.url().endsWith('/api/v1/match/like/') && r.request().method() === 'POST');
    await pageN.getByRole('button', { name: 'Like', exact: true }).click();
    noraOmar = ((await (await answered).json()) as { match_id: number }).match_id;
    const screen = moment(pageN, 'omar');
    await screen.waitFor();
    t.ok(await screen.getByText('You and omar like each other.').isVisible(), 'names him');
    const send = screen.getByRole('button', { name: 'Send a message' });
    t.ok(await send.isVisible(), 'Send a message');
    t.ok(await screen.getByRole('button', { name: 'Keep swiping' }).isVisible(), 'and a way back to the cards');
    await pageN.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('.match-moment-photo')].every((img) => img.complete && img.naturalWidth > 0),
    );
    const photos = await screen
      .locator('img')
      .evaluateAll((images) => images.map((img) => new URL((img as HTMLImageElement).src).pathname));
    t.same(photos, [portraits.women[0], portraits.men[0]], 'her photo and his, side by side');
    t.equal(await pageN.evaluate(() => document.activeElement?.textContent), 'Send a message', 'focus starts on Send a message');
    t.equal(await pageN.locator('[data-sonner-toast]').count(), 0, 'a screen, not a toast');
    t.equal(await horizontalOverflow(pageN), 0, 'nothing wider than 390 px');
    t.same(await axeViolations(pageN, source), [], 'axe: the match screen');
    await screenshot(pageN, 'match-moment');
    await pageN.setViewportSize({ width: 320, height: 640 });
    t.equal(await horizontalOverflow(pageN), 0, 'it holds at 320 px');
    const title = await screen.getByRole('heading').boundingBox();
    t.ok(title && title.x >= 0 && title.x + title.width <= 320, 'the title fits');
    await pageN.setViewportSize(PHONE_VIEWPORT);
    t.same(await newMatchesOf(nora), [], 'her own like made it: nothing waits for her on the server');
  });

  await t.test('Send a message opens the chat, and its unlock dialog while it is locked', async (t) => {
    await moment(pageN, 'omar').getByRole('button', { name: 'Send a message' }).click();
    await waitForPath(pageN, `/chat/${noraOmar}`);
    await pageN.getByRole('dialog', { name: 'Unlock Chat' }).waitFor();
    t.pass('the unlock dialog of their chat');
    t.equal(await moment(pageN, 'omar').count(), 0, 'the moment is over');
  });

  const pageO = await open();
  await pageO.setViewportSize(NARROW);
  const checksOfO = countChecks(pageO);

  await t.test('Omar liked first and was away: the moment waits for his next open, until he closes it', async (t) => {
    t.equal((await newMatchesOf(omar)).length, 1, 'kept for him on the server');
    await signIn(pageO, omar);
    const screen = moment(pageO, 'nora');
    await screen.waitFor();
    t.ok(await screen.getByRole('button', { name: 'Send a message' }).isVisible());
    t.equal(await horizontalOverflow(pageO), 0, 'nothing wider than 360 px');
    await pageO.reload();
    await screen.waitFor();
    t.pass('not closed yet: still there after a reload');

    await pageO.keyboard.press('Escape');
    await screen.waitFor({ state: 'detached' });
    await until(async () => (await newMatchesOf(omar)).length === 0, 10_000, 'the moment marked seen');
    t.pass('closed with Escape: marked seen');
    const before = checksOfO();
    await pageO.reload();
    await until(() => checksOfO() > before, 10_000, 'the check on opening');
    await pageO.getByRole('heading', { level: 1 }).first().waitFor();
    t.equal(await pageO.getByRole('dialog').count(), 0, 'not shown again');
  });

  await t.test('Omar online on another screen: Pia likes him back and the moment comes live', async (t) => {
    await navigateByMenu(pageO, 'Matches');
    await waitForPath(pageO, '/matches');
    await pageO.getByText('You have 1 match', { exact: true }).waitFor();
    let loads = 0;
    pageO.on('load', () => {
      loads += 1;
    });
    const matched = (await likeProfile(app, pia, omar.profileId)).json() as { match_created: boolean; match_id: number };
    t.equal(matched.match_created, true);
    const screen = moment(pageO, 'pia');
    await screen.waitFor({ timeout: 15_000 });
    t.pass('through the push');
    t.equal(loads, 0, 'without a reload');
    t.equal(new URL(pageO.url()).pathname, '/matches', 'over the screen he was on');
    await pageO.getByText('You have 2 matches', { exact: true }).waitFor();
    t.pass('the list behind it has the match too');
    await screen.getByRole('button', { name: 'Send a message' }).click();
    await waitForPath(pageO, `/chat/${matched.match_id}`);
    await until(async () => (await newMatchesOf(omar)).length === 0, 10_000, 'the moment marked seen');
    t.pass('followed to the chat: seen');
  });

  await t.test('no uncaught errors in the pages', async (t) => {
    t.same(pageErrors, []);
  });
});
