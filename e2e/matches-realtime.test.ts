/**
 * Realtime and the matches screen, two members in two phone-sized (360 px) Chromium contexts
 * against the REAL server (its WebSocket gateway and in-process notifications; no fakes):
 * Amelia likes Bruno (through the API), Bruno likes her back on her profile in his browser, and
 * both see the match moment: Bruno from his like's answer, Amelia live on another screen through
 * the push (and Bruno's tab shows it only once). Both find the match on /matches; its card opens the chat; Unlike (with its
 * confirmation) removes it. A credit grant made on the server moves Amelia's header count live.
 * A third tab, whose socket runs through a Playwright relay, misses a push and is closed with 1001:
 * it reconnects and refetches the match it missed. A session ended on the server (4001) signs a
 * tab out for good. Screenshots go to the screenshot folder (browser.ts); axe-core checks /matches in each state.
 */
import { eq, or } from 'drizzle-orm';
import type { Page, WebSocket, WebSocketRoute } from 'playwright-core';
import t from 'tap';
import { matches, profiles } from '../server/kernel/db/schema/index.ts';
import { listenTestApp } from '../server/test/app.ts';
import { giveCredits } from '../server/test/credits.ts';
import { get, likeProfile, man, type Member, woman } from '../server/test/members.ts';
import { axeSource, axeViolations } from './axe.ts';
import { launchBrowser, navigateByMenu, newPhonePage, screenshot, waitForPath } from './browser.ts';
import { horizontalOverflow } from './layout.ts';
import { until } from './until.ts';
import { signIn } from './sign-in.ts';

const NARROW = { width: 360, height: 800 } as const;

/** Every WebSocket the page opens, and every frame it receives. */
function watchSockets(page: Page) {
  const sockets: WebSocket[] = [];
  const frames: string[] = [];
  page.on('websocket', (ws) => {
    sockets.push(ws);
    ws.on('framereceived', (frame) => frames.push(String(frame.payload)));
  });
  const greetings = () => frames.filter((frame) => frame.includes('"type":"hello"')).length;
  return {
    sockets,
    frames,
    /** Resolves once the server has greeted `count` connections of this page. */
    greeted: (count = 1) => until(() => greetings() >= count, 15_000, 'the realtime greeting'),
    pushes: (type: string) => frames.filter((frame) => frame.includes(`"type":"${type}"`)).length,
  };
}

/** Counts every toast the page ever shows (sonner removes them after a few seconds). */
async function recordToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: Element[] = [];
    (window as unknown as { __toasts: Element[] }).__toasts = seen;
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('[data-sonner-toast]')) if (!seen.includes(toast)) seen.push(toast);
    }).observe(document, { childList: true, subtree: true });
  });
  return () =>
    page.evaluate(() =>
      (window as unknown as { __toasts: Element[] }).__toasts.map((toast) =>
        (toast.querySelector('[data-title]')?.textContent ?? toast.textContent ?? '').trim(),
      ),
    );
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text });

t.test('realtime pushes and the matches screen, two members in two browsers', async (t) => {
  // A short heartbeat, so the gateway notices an ended session within moments.
  const { app, db, baseUrl } = await listenTestApp(t, { WS_HEARTBEAT_SECONDS: '2' });
  const amelia = await woman(app, db, {}, 'amelia');
  const bruno = await man(app, db, {}, 'bruno');
  const source = await axeSource();
  const browser = await launchBrowser(t);
  const pageErrors: string[] = [];

  const a = await newPhonePage(browser, baseUrl);
  const b = await newPhonePage(browser, baseUrl);
  t.teardown(() => a.context.close());
  t.teardown(() => b.context.close());
  const [pageA, pageB] = [a.page, b.page];
  for (const page of [pageA, pageB]) {
    await page.setViewportSize(NARROW);
    page.on('pageerror', (error) => pageErrors.push(error.message));
  }
  const socketsA = watchSockets(pageA);
  const socketsB = watchSockets(pageB);
  const toastsOfB = await recordToasts(pageB);
  let loadsOfA = 0;
  pageA.on('load', () => {
    loadsOfA += 1;
  });

  let matchId = 0;
  let ages: { bruno: number | null; amelia: number | null } = { bruno: null, amelia: null };
  const matchesOf = async (member: Member) =>
    ((await get(app, member, '/api/v1/match/matches/')).json() as { matches: { match_id: number; age: number | null }[] }).matches;

  await t.test('each signed-in tab opens one socket, authenticated by subprotocol, never by URL', async (t) => {
    await signIn(pageA, amelia);
    await socketsA.greeted();
    await signIn(pageB, bruno);
    await socketsB.greeted();
    t.equal(socketsA.sockets.length, 1, 'one socket for the tab');
    t.equal(socketsA.sockets[0].url(), `${baseUrl.replace(/^http/, 'ws')}/api/v1/ws`, 'no token in the address');
  });

  await t.test('Bruno likes Amelia back: both see the match moment, Amelia live on another screen; no match toast', async (t) => {
    // Amelia goes to /credits inside the app and liked Bruno earlier (through the API).
    await pageA.getByRole('link', { name: /^Chat credits:/ }).click();
    await waitForPath(pageA, '/credits');
    await pageA.getByRole('heading', { level: 1, name: 'Buy Credits' }).waitFor();
    const liked = await likeProfile(app, amelia, bruno.profileId);
    t.equal(liked.statusCode, 200);
    t.equal(liked.json().match_created, false, 'no match yet');
    await until(() => socketsB.pushes('like.received') === 1, 15_000, 'like.received to Bruno');
    const loadsBefore = loadsOfA;

    let checksOfB = 0;
    pageB.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/v1/match/new_matches/') checksOfB += 1;
    });
    await pageB.goto(`/profile/${amelia.profileId}`);
    await pageB
      .getByRole('heading', { name: /amelia/ })
      .first()
      .waitFor();
    // The app's own check on opening, before the match.
    await until(() => checksOfB === 1, 10_000, "the check on opening Bruno's tab");
    await pageB.getByRole('button', { name: 'Like', exact: true }).click();
    const momentOfB = pageB.getByRole('dialog', { name: "It's a Match with amelia!" });
    await momentOfB.waitFor({ timeout: 10_000 });
    t.pass("Bruno's own like answered with the match moment");

    const momentOfA = pageA.getByRole('dialog', { name: "It's a Match with bruno!" });
    await momentOfA.waitFor({ timeout: 15_000 });
    t.pass('Amelia sees it live');
    t.ok(await momentOfA.getByRole('button', { name: 'Send a message' }).isVisible());
    t.equal(new URL(pageA.url()).pathname, '/credits', 'over the screen she was on');
    t.equal(loadsOfA, loadsBefore, 'without a reload');
    t.equal(socketsA.sockets.length, 1, 'on the same socket');
    await momentOfA.getByRole('button', { name: 'Keep swiping' }).click();
    await momentOfA.waitFor({ state: 'detached' });

    // The push reaches Bruno's tab too; the check it starts finds his moment already seen.
    await until(() => socketsB.pushes('match.created') === 1, 10_000, "match.created on Bruno's socket");
    await until(() => checksOfB === 2, 10_000, "the check Bruno's push starts");
    await momentOfB.getByRole('button', { name: 'Keep swiping' }).click();
    await momentOfB.waitFor({ state: 'detached' });
    t.equal(await pageB.getByRole('dialog').count(), 0, 'Bruno sees the moment once');
    const matchToasts = (await toastsOfB()).filter((text) => /match/i.test(text));
    t.same(matchToasts, [], 'and no match toast');

    const [ofA] = await matchesOf(amelia);
    const [ofB] = await matchesOf(bruno);
    matchId = ofA.match_id;
    t.equal(ofB.match_id, matchId, 'one match, seen from both sides');
    ages = { bruno: ofA.age, amelia: ofB.age };
  });

  await t.test('both see the match on /matches', async (t) => {
    // Bruno's photo passed a live face scan: his card carries the badge.
    await db.update(profiles).set({ verified: true }).where(eq(profiles.userId, bruno.userId));
    // Amelia through the menu (no reload), Bruno by address.
    const close = pageA.getByRole('button', { name: 'Close toast' });
    if (await close.count())
      await close
        .first()
        .click({ timeout: 2_000 })
        .catch(() => {});
    await navigateByMenu(pageA, 'Matches');
    await waitForPath(pageA, '/matches');
    await pageA.getByText('You have 1 match', { exact: true }).waitFor();
    t.pass('Amelia: You have 1 match');
    await pageB.goto('/matches');
    await pageB.getByText('You have 1 match', { exact: true }).waitFor();
    t.pass('Bruno: You have 1 match');

    const card = pageA.locator('.match-card');
    t.equal(await card.count(), 1);
    t.equal((await card.getByRole('heading', { level: 2 }).textContent())?.trim(), `bruno, ${ages.bruno}`, 'name and age');
    t.ok(await card.getByText('Tap to chat').isVisible());
    t.ok(await card.getByText('Verified', { exact: true }).isVisible(), 'the verified badge');
    t.equal(await pageB.locator('.match-card').getByText('Verified', { exact: true }).count(), 0, 'Amelia is not verified');
    t.equal(await card.locator('img').getAttribute('alt'), '', 'the photo is decorative');
    t.ok(await card.getByRole('button', { name: 'Unlike bruno' }).isVisible());
    t.equal(await pageB.locator('.match-card').getByRole('link').textContent(), `amelia, ${ages.amelia}`);
    t.equal(socketsA.sockets.length, 1, "Amelia's tab still holds one socket");
  });

  await t.test('/matches at 360 px: screenshot, axe, nothing clipped; it holds at 320 and 390 px', async (t) => {
    // The photo (here the placeholder, the seeded photo file does not exist) has loaded.
    await pageA.waitForFunction(
      () => [...document.querySelectorAll<HTMLImageElement>('.match-photo')].every((img) => img.complete && img.naturalWidth > 0),
      undefined,
      { timeout: 10_000 },
    );
    t.equal(await horizontalOverflow(pageA), 0, 'nothing wider than 360 px');
    t.same(await axeViolations(pageA, source), [], 'axe: the list');
    await screenshot(pageA, 'matches', { hideToasts: true });
    for (const width of [320, 390]) {
      await pageA.setViewportSize({ width, height: 760 });
      t.equal(await horizontalOverflow(pageA), 0, `nothing wider than ${width} px`);
      const clipped = await pageA
        .locator('.match-card, .match-card *')
        .evaluateAll((elements) => elements.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.className));
      t.same(clipped, [], `nothing clipped at ${width} px`);
    }
    await pageA.setViewportSize(NARROW);
  });

  await t.test('the card opens the chat of that match', async (t) => {
    await pageA.locator('.match-card').click({ position: { x: 40, y: 20 } });
    await waitForPath(pageA, `/chat/${matchId}`);
    t.pass(`/chat/${matchId}`);
    await pageA.goBack();
    await waitForPath(pageA, '/matches');
    await pageA.getByText('You have 1 match', { exact: true }).waitFor();
  });

  await t.test('keyboard: Unlike opens the confirmation, Escape keeps the match and returns focus', async (t) => {
    const unlike = pageA.getByRole('button', { name: 'Unlike bruno' });
    await unlike.focus();
    await pageA.keyboard.press('Enter');
    const dialog = pageA.getByRole('alertdialog', { name: 'Unlike and Remove Match?' });
    await dialog.waitFor();
    t.ok(await dialog.getByText('This will remove the match and all chat history. This action cannot be undone.').isVisible());
    t.same(await axeViolations(pageA, source), [], 'axe: the confirmation');
    await screenshot(pageA, 'matches-unlike-confirm', { hideToasts: true });
    await pageA.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    const focused = () =>
      pageA.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.outerHTML.slice(0, 80));
    await until(async () => (await focused()) === 'Unlike bruno', 2_000, 'focus on Unlike').catch(() => {});
    t.equal(await focused(), 'Unlike bruno', 'focus is back on Unlike');
    t.equal(await pageA.locator('.match-card').count(), 1, 'the match stays');
  });

  await t.test('a failed Unlike says so and keeps the card', async (t) => {
    await pageA.route('**/api/v1/match/unlike/**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"boom"}' }),
    );
    await pageA.getByRole('button', { name: 'Unlike bruno' }).click();
    await pageA.getByRole('alertdialog').getByRole('button', { name: 'Unlike', exact: true }).click();
    await toast(pageA, 'Failed to remove match').waitFor();
    t.pass('Failed to remove match');
    await pageA.getByRole('alertdialog').waitFor({ state: 'detached' });
    t.equal(await pageA.locator('.match-card').count(), 1);
    await pageA.unroute('**/api/v1/match/unlike/**');
  });

  await t.test('Unlike with the confirmation removes the match: toast and the empty state', async (t) => {
    const requests: string[] = [];
    pageA.on('request', (request) => {
      if (request.url().includes('/match/unlike/')) requests.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    await pageA.getByRole('button', { name: 'Unlike bruno' }).click();
    await pageA.getByRole('alertdialog').getByRole('button', { name: 'Unlike', exact: true }).click();
    await toast(pageA, 'Match removed successfully').waitFor();
    await pageA.getByRole('heading', { level: 1, name: 'No matches yet' }).waitFor();
    t.same(requests, [`POST /api/v1/match/unlike/${bruno.profileId}/`], "one POST with Bruno's profile id");
    const start = pageA.getByRole('link', { name: 'Start Swiping' });
    t.ok(await start.isVisible());
    t.equal(await pageA.evaluate(() => document.activeElement?.id), 'matches-title', 'focus moves to the screen title');
    const rows = await db
      .select({ id: matches.id })
      .from(matches)
      .where(or(eq(matches.profileLowId, amelia.profileId), eq(matches.profileHighId, amelia.profileId)));
    t.same(rows, [], 'the match is gone');
    t.equal(await horizontalOverflow(pageA), 0);
    t.same(await axeViolations(pageA, source), [], 'axe: the empty state');
    await screenshot(pageA, 'matches-empty', { hideToasts: true });
    await start.click();
    await waitForPath(pageA, '/home');
  });

  await t.test("a credit change on the server moves Amelia's header count live", async (t) => {
    const pill = pageA.getByRole('link', { name: 'Chat credits: 0 credits' });
    await pill.waitFor();
    const loadsBefore = loadsOfA;
    await giveCredits(db, amelia, 3);
    await pageA.getByRole('link', { name: 'Chat credits: 3 credits' }).waitFor({ timeout: 15_000 });
    t.pass('the header shows 3');
    t.equal(await pageA.getByTestId('credits-announcement').textContent(), 'Chat credits: 3 credits', 'and tells screen readers');
    t.equal(loadsOfA, loadsBefore, 'without a reload');
    t.ok(socketsA.pushes('credits.updated') >= 1, 'through credits.updated');
  });

  await t.test('after a server restart (1001) the tab reconnects and refetches what it missed', async (t) => {
    // Amelia's second device, whose socket goes through a relay the test controls: it can hold
    // back pushes (as if the server were down) and close the page's side with 1001.
    const c = await newPhonePage(browser, baseUrl);
    t.teardown(() => c.context.close());
    const pageC = c.page;
    await pageC.setViewportSize(NARROW);
    pageC.on('pageerror', (error) => pageErrors.push(error.message));
    const connections: { page: WebSocketRoute; protocols: string[] }[] = [];
    const held: string[] = [];
    let holding = false;
    await pageC.routeWebSocket(/\/api\/v1\/ws$/, (ws) => {
      connections.push({ page: ws, protocols: ws.protocols() });
      const server = ws.connectToServer();
      server.onMessage((message) => {
        if (holding && String(message).includes('"match.created"')) held.push(String(message));
        else ws.send(message);
      });
    });
    const matchesRequests = () => requestsOfC.filter((url) => url.endsWith('/api/v1/match/matches/')).length;
    const requestsOfC: string[] = [];
    pageC.on('request', (request) => requestsOfC.push(request.url()));
    let loadsOfC = 0;
    pageC.on('load', () => {
      loadsOfC += 1;
    });

    await signIn(pageC, amelia);
    await pageC.goto('/matches');
    await pageC.getByRole('heading', { level: 1, name: 'No matches yet' }).waitFor();
    // One connection per page load (sign-in, then /matches by address).
    t.equal(connections.length, 2);
    const current = connections[connections.length - 1];
    t.same(current.protocols.slice(0, 1), ['betroth'], 'the betroth subprotocol, the token beside it');

    // Carl and Amelia like each other while the tab hears nothing.
    const fetchedWhileHolding = matchesRequests();
    holding = true;
    const carl = await man(app, db, {}, 'carl');
    t.equal((await likeProfile(app, carl, amelia.profileId)).statusCode, 200);
    t.equal((await likeProfile(app, amelia, carl.profileId)).json().match_created, true);
    await until(() => held.length === 1, 15_000, 'the held match.created push');
    holding = false;
    // With the push held back and no fetch of the list since, nothing could have told the tab.
    t.equal(matchesRequests(), fetchedWhileHolding, 'the tab did not fetch the list meanwhile');
    t.equal(await pageC.getByRole('heading', { level: 1, name: 'No matches yet' }).count(), 1, 'missed: still no match shown');

    const loadsBefore = loadsOfC;
    const fetchedBefore = matchesRequests();
    await current.page.close({ code: 1001, reason: 'server restarting' });
    await until(() => connections.length === 3, 5_000, 'a new connection within the first backoff (1 s)');
    await pageC.getByText('You have 1 match', { exact: true }).waitFor({ timeout: 10_000 });
    t.pass('the match shows after the reconnect');
    t.ok(matchesRequests() > fetchedBefore, 'the matches list was fetched again');
    t.equal(loadsOfC, loadsBefore, 'without a reload');
    t.equal(await pageC.getByRole('dialog').count(), 0, 'Amelia made that match herself: no moment to show late');
  });

  await t.test('a session ended elsewhere (4001) signs the tab out, and it does not reconnect', async (t) => {
    const before = socketsB.sockets.length;
    // The tab's own session (its sign-in), ended from elsewhere: as a password reset or a sign-out
    // from another device with the same session would.
    const token = await pageB.evaluate(() => localStorage.getItem('auth_token'));
    const signedOut = await app.inject({ method: 'POST', url: '/api/v1/signout/', headers: { authorization: `Token ${token}` } });
    t.equal(signedOut.statusCode, 200, "the tab's session is ended on the server");
    await waitForPath(pageB, '/signin', 15_000);
    await toast(pageB, 'Session expired. Please sign in again.').waitFor();
    t.pass('the tab says so and shows sign-in');
    t.equal(await pageB.evaluate(() => localStorage.getItem('auth_token')), null, 'the token is gone');
    await pageB.waitForTimeout(2_500);
    t.equal(socketsB.sockets.length, before, 'no new socket after 4001');
  });

  await t.test('no uncaught errors in either page', async (t) => {
    t.same(pageErrors, []);
  });
});
