/**
 * The Likes screen in a phone-sized (360 px) Chromium against the REAL server (no API fakes but
 * one: a failed unlike, to see the error toast). Amara has two likes received (ben, caleb), one
 * like sent (dan) and one block (eli), all made through the API; fiona is a fresh member with
 * none. Covered: the three tabs as a tablist (keys, aria-selected), counts, cards, empty states,
 * Like Back making a match, Unlike and Unblock with their confirmations, a card opening the
 * profile, toast durations (success 3 s, error 5 s) and placement (below the header at 360 px),
 * a list that fails to load (spinner, error, Try again), no horizontal overflow or words broken
 * at 360 and 320 px, and axe on every tab. Screenshots go to the screenshot folder (browser.ts).
 */
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import t from 'tap';
import { formatHeightCm } from '../client/src/lib/format.ts';
import type { Db } from '../server/kernel/db/client.ts';
import { profiles } from '../server/kernel/db/schema/index.ts';
import { CLIENT_DIST } from '../server/plugins/static-client.ts';
import { listenTestApp } from '../server/test/app.ts';
import { get, likeProfile, man, type Member, post, woman } from '../server/test/members.ts';
import { axeSource, axeViolations } from './axe.ts';
import { launchBrowser, newPhonePage, screenshot, waitForPath } from './browser.ts';
import { animationsDone, brokenWords, framesPainted, horizontalOverflow } from './layout.ts';
import { noToasts } from './toasts.ts';
import { signIn } from './sign-in.ts';

const NARROW = { width: 360, height: 800 } as const;
const NARROWEST = { width: 320, height: 700 } as const;

// The test's own folder under the client's static root (discovery's test uses another), so the real server serves the photo.
const MEDIA_DIR = path.join(CLIENT_DIST, 'e2e-likes-media');
const MEDIA_URL = '/e2e-likes-media';
const FIXTURE_IMAGES = path.resolve(import.meta.dirname, '../fixtures/images');

/** A date of birth that makes `age` today (the birthday was 60 days ago). */
const dob = (age: number) => {
  const now = new Date();
  const date = new Date(Date.UTC(now.getUTCFullYear() - age, now.getUTCMonth(), now.getUTCDate()) - 60 * 86_400_000);
  return date.toISOString().slice(0, 10);
};

const ok = (what: string, r: { statusCode: number; body: string }) => {
  if (r.statusCode !== 200) throw new Error(`${what} failed: ${r.statusCode} ${r.body}`);
};

interface Cast {
  amara: Member;
  ben: Member;
  caleb: Member;
  dan: Member;
  eli: Member;
  fiona: Member;
}

/** Amara; ben (verified, with a photo) and caleb (his photo is missing: the placeholder) like her; she likes dan and blocks eli. */
async function seed(app: FastifyInstance, db: Db): Promise<Cast> {
  const amara = await woman(app, db, { date_of_birth: dob(31) }, 'amara');
  const ben = await man(
    app,
    db,
    {
      date_of_birth: dob(35),
      home_state: 'California',
      home_city: 'Rancho Santa Margarita',
      height: 183,
      education: 'Post-doctoral',
      religion: 'Christian - Protestant',
      livelihood: 'Self-Employed',
      relationship_status: 'Single',
      number_of_kids_wanted: 'No limit',
    },
    'ben',
  );
  const caleb = await man(app, db, { date_of_birth: dob(29), home_city: 'Dallas', height: 175, education: 'No formal education' }, 'caleb');
  const dan = await man(app, db, { date_of_birth: dob(33), home_city: 'Houston', education: 'Master' }, 'dan');
  const eli = await man(app, db, { date_of_birth: dob(40) }, 'eli');
  const fiona = await woman(app, db, {}, 'fiona');

  await db
    .update(profiles)
    .set({ photo1Url: `${MEDIA_URL}/ben.jpg`, verified: true })
    .where(eq(profiles.userId, ben.userId));
  await db
    .update(profiles)
    .set({ photo1Url: `${MEDIA_URL}/missing.jpg` })
    .where(eq(profiles.userId, caleb.userId));

  // caleb first, so ben's like is the newest (the lists are newest first).
  ok('caleb likes amara', await likeProfile(app, caleb, amara.profileId));
  ok('ben likes amara', await likeProfile(app, ben, amara.profileId));
  ok('amara likes dan', await likeProfile(app, amara, dan.profileId));
  ok('amara blocks eli', await post(app, amara, `/api/v1/block/${eli.userId}/`));
  return { amara, ben, caleb, dan, eli, fiona };
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text });
const tab = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) });
const count = async (page: Page, id: 'received' | 'sent' | 'blocked') => (await page.getByTestId(`count-${id}`).textContent())?.trim();
const cardNames = (page: Page) => page.locator('[role="tabpanel"] .like-name').allTextContents();
const card = (page: Page, member: Member) => page.locator(`.like-card[data-profile-id="${member.profileId}"]`);

/**
 * Records, in the page, when a toast with this text appears and when it leaves the DOM
 * (performance.now(), so the test's own latency does not count).
 */
async function watchToast(page: Page, text: string): Promise<void> {
  // A script string: functions the test runner compiles may carry helpers the page does not have.
  await page.evaluate(`(() => {
    const wanted = ${JSON.stringify(text)};
    window.__toastTimes = window.__toastTimes || {};
    const times = {};
    window.__toastTimes[wanted] = times;
    const present = () =>
      [...document.querySelectorAll('[data-sonner-toast]')].some((el) => (el.textContent || '').includes(wanted));
    const observer = new MutationObserver(() => {
      const now = performance.now();
      if (times.shown === undefined && present()) times.shown = now;
      else if (times.shown !== undefined && times.gone === undefined && !present()) {
        times.gone = now;
        observer.disconnect();
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
  })()`);
}

async function toastTimes(page: Page, text: string): Promise<{ shown?: number; gone?: number; now: number }> {
  return page.evaluate((wanted) => {
    const w = window as unknown as { __toastTimes?: Record<string, { shown?: number; gone?: number }> };
    return { ...(w.__toastTimes?.[wanted] ?? {}), now: performance.now() };
  }, text);
}

/** Waits until the watched toast has left and answers how long it was on screen, in ms. */
async function toastLifetime(page: Page, text: string): Promise<number> {
  await page.waitForFunction(
    (wanted) => (window as unknown as { __toastTimes: Record<string, { gone?: number }> }).__toastTimes[wanted]?.gone !== undefined,
    text,
    { timeout: 15_000, polling: 100 },
  );
  const { shown, gone } = await toastTimes(page, text);
  return (gone as number) - (shown as number);
}

/** Cards, tabs and messages whose content is wider than they are (clipped or overflowing). */
const clipped = (page: Page) =>
  page
    .locator('.like-card, .likes-tab, .likes-message, .likes-tablist')
    .evaluateAll((elements) =>
      elements
        .filter((el) => el.scrollWidth > el.clientWidth || el.getBoundingClientRect().right > document.documentElement.clientWidth)
        .map((el) => el.className + ' ' + (el.textContent ?? '').slice(0, 40)),
    );

/** Words of the cards, tabs and messages that the layout broke across two lines. */
const brokenWordsInLikes = (page: Page) => brokenWords(page, '.likes-tab-label, .like-name, .like-place, .like-facts dd, .likes-message');

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(page: Page, locator: ReturnType<Page['locator']>): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return box;
}

/** Selects a tab by clicking it and waits for its panel's content (cards or a message). */
async function openTab(page: Page, name: string): Promise<void> {
  await tab(page, name).click();
  await page.waitForFunction((label) => {
    const selected = document.querySelector('[role="tab"][aria-selected="true"]');
    const panel = document.querySelector('[role="tabpanel"]:not([hidden])');
    return Boolean(selected?.textContent?.startsWith(label) && panel?.querySelector('.like-card, .likes-message'));
  }, name);
}

t.test('the likes screen against the real server', async (t) => {
  // Written before the app starts: the static server serves the files present when it starts.
  await mkdir(MEDIA_DIR, { recursive: true });
  await sharp(path.join(FIXTURE_IMAGES, 'camera.png')).resize(480, 600, { fit: 'cover' }).jpeg().toFile(path.join(MEDIA_DIR, 'ben.jpg'));
  t.teardown(() => rm(MEDIA_DIR, { recursive: true, force: true }));
  const { app, db, baseUrl } = await listenTestApp(t);
  const { amara, ben, caleb, dan, eli, fiona } = await seed(app, db);
  const names = (members: Member[]) => members.map((m) => m.username);

  const source = await axeSource();
  const browser = await launchBrowser(t);
  const { context, page } = await newPhonePage(browser, baseUrl);
  t.teardown(() => context.close());
  await page.setViewportSize(NARROW);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

  await t.test('the seeded lists as the server sees them', async (t) => {
    const received = (await get(app, amara, '/api/v1/match/likes_received/')).json() as { likes_received: { username: string }[] };
    t.same(
      received.likes_received.map((c) => c.username),
      names([ben, caleb]),
      'newest first',
    );
    const sent = (await get(app, amara, '/api/v1/match/likes_sent/')).json() as { likes_sent: { username: string }[] };
    t.same(
      sent.likes_sent.map((c) => c.username),
      names([dan]),
    );
    const blocked = (await get(app, amara, '/api/v1/blocked/')).json() as { username: string }[];
    t.same(
      blocked.map((b) => b.username),
      names([eli]),
    );
  });

  await t.test('three tabs with their counts; Likes Received first, with its cards', async (t) => {
    await signIn(page, amara);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Likes' }).click();
    await waitForPath(page, '/likes');
    await page.getByRole('heading', { level: 1, name: 'Likes' }).waitFor();
    await page.getByTestId('count-blocked').waitFor();
    await page.getByTestId('count-sent').waitFor();
    await page.getByTestId('count-received').waitFor();
    t.same(
      await page.getByRole('tab').allTextContents(),
      ['Likes Received2', 'Likes Sent1', 'Blocked Users1'],
      'the tabs, each with its count',
    );
    t.equal(await page.getByRole('tablist').count(), 1);
    t.equal(await tab(page, 'Likes Received').getAttribute('aria-selected'), 'true');
    t.equal(await tab(page, 'Likes Sent').getAttribute('aria-selected'), 'false');
    t.equal(await tab(page, 'Blocked Users').getAttribute('aria-selected'), 'false');
    const panelId = await tab(page, 'Likes Received').getAttribute('aria-controls');
    t.equal(await page.locator(`[role="tabpanel"][id="${panelId}"]`).count(), 1, 'the tab controls its panel');

    t.same(await cardNames(page), ['ben, 35', 'caleb, 29'], 'name and age, newest first');
    const benCard = card(page, ben);
    t.ok(await benCard.getByText('Verified', { exact: true }).isVisible(), 'the verified badge');
    t.equal(await card(page, caleb).getByText('Verified', { exact: true }).count(), 0, 'no badge when not verified');
    t.equal((await benCard.locator('.like-place').textContent())?.trim(), 'Rancho Santa Margarita, California', 'home city and state');
    t.same(await benCard.locator('.like-facts dt').allTextContents(), [
      'Height',
      'Education',
      'Religion',
      'Livelihood',
      'Status',
      'Kids wanted',
    ]);
    t.same(await benCard.locator('.like-facts dd').allTextContents(), [
      formatHeightCm(183),
      'Post-doctoral',
      'Christian - Protestant',
      'Self-Employed',
      'Single',
      'No limit',
    ]);
    t.equal(formatHeightCm(183), `6' 0"`, 'height in feet and inches');
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('.like-photo')].every((img) => img.complete && img.naturalWidth > 0),
    );
    t.match(await benCard.locator('img').evaluate((img: HTMLImageElement) => img.currentSrc), /\/e2e-likes-media\/ben\.jpg$/, 'the photo');
    t.match(
      await card(page, caleb)
        .locator('img')
        .evaluate((img: HTMLImageElement) => img.currentSrc),
      /\/placeholder-profile\.svg$/,
      'a missing photo: the placeholder',
    );
    t.ok(await page.getByRole('button', { name: 'Like Back ben' }).isVisible(), 'Like Back on each card');
    t.equal(await page.getByRole('button', { name: /^Like Back/ }).count(), 2);
    await screenshot(page, 'likes-received', { hideToasts: true });
  });

  await t.test('the tablist works from the keyboard', async (t) => {
    await tab(page, 'Likes Received').focus();
    /** The selected tab's label, once the tab has settled on `expected` (the choice goes through the address). */
    const selected = async (expected: string) => {
      await page
        .locator('[role="tab"][aria-selected="true"]', { hasText: expected })
        .waitFor({ timeout: 5_000 })
        .catch(() => {});
      return page.locator('[role="tab"][aria-selected="true"] .likes-tab-label').textContent();
    };
    const focused = () => page.evaluate(() => document.activeElement?.querySelector('.likes-tab-label')?.textContent);
    await page.keyboard.press('ArrowRight');
    t.equal(await selected('Likes Sent'), 'Likes Sent', 'ArrowRight selects the next tab');
    t.equal(await focused(), 'Likes Sent', 'and moves focus to it');
    await page.waitForURL((url) => url.searchParams.get('tab') === 'sent');
    t.pass('the tab is in the address');
    await page.keyboard.press('ArrowRight');
    t.equal(await selected('Blocked Users'), 'Blocked Users');
    await page.keyboard.press('ArrowRight');
    t.equal(await selected('Likes Received'), 'Likes Received', 'wraps around');
    await page.keyboard.press('ArrowLeft');
    t.equal(await selected('Blocked Users'), 'Blocked Users', 'ArrowLeft goes back (and wraps)');
    await page.keyboard.press('Home');
    t.equal(await selected('Likes Received'), 'Likes Received', 'Home: the first tab');
    await page.keyboard.press('End');
    t.equal(await selected('Blocked Users'), 'Blocked Users', 'End: the last tab');
    t.equal(await page.locator('[role="tab"][tabindex="0"]').count(), 1, 'one tab in the tab order (roving)');
    await page.keyboard.press('Home');
  });

  await t.test('every tab: axe, no overflow and no broken words at 360 and 320 px', async (t) => {
    const tabs = [
      { name: 'Likes Received', shot: 'likes-received' },
      { name: 'Likes Sent', shot: 'likes-sent' },
      { name: 'Blocked Users', shot: 'likes-blocked' },
    ];
    for (const { name, shot } of tabs) {
      await page.setViewportSize(NARROW);
      await openTab(page, name);
      t.same(await axeViolations(page, source), [], `axe: ${name}`);
      t.equal(await horizontalOverflow(page), 0, `${name}: nothing wider than 360 px`);
      t.same(await clipped(page), [], `${name}: nothing clipped at 360 px`);
      t.same(await brokenWordsInLikes(page), [], `${name}: no word broken at 360 px`);
      if (shot !== 'likes-received') await screenshot(page, shot, { hideToasts: true });
      await page.setViewportSize(NARROWEST);
      await framesPainted(page);
      t.equal(await horizontalOverflow(page), 0, `${name}: nothing wider than 320 px`);
      t.same(await clipped(page), [], `${name}: nothing clipped at 320 px`);
      t.same(await brokenWordsInLikes(page), [], `${name}: no word broken at 320 px`);
    }
    await page.setViewportSize(NARROW);
    const blocked = page.locator('.blocked-card');
    t.equal((await blocked.locator('.like-name').textContent())?.trim(), 'eli, 40');
    t.match(await blocked.locator('.blocked-on').textContent(), /^Blocked on \w+ \d{1,2}, \d{4}$/);
    // The facts every card of the screen shows, on this tab too.
    t.equal(await blocked.locator('.like-place').first().textContent(), 'Austin, Texas', 'home city and state');
    t.same(await blocked.locator('.like-facts dt').allTextContents(), [
      'Height',
      'Education',
      'Religion',
      'Livelihood',
      'Status',
      'Kids wanted',
    ]);
    t.same(await blocked.locator('.like-facts dd').allTextContents(), [
      `5' 7"`,
      'Bachelor',
      'Christian - Catholic',
      'Employed',
      'Single',
      '1-2',
    ]);
    t.equal(await blocked.getByRole('link').count(), 0, 'a blocked member is not a link');
    await openTab(page, 'Likes Sent');
    t.same(await cardNames(page), ['dan, 33']);
    t.ok(await page.getByRole('button', { name: 'Unlike dan' }).isVisible());
  });

  await t.test('a card opens the profile; Back returns to the same tab', async (t) => {
    await openTab(page, 'Likes Received');
    await card(page, caleb).locator('.like-facts').click();
    await waitForPath(page, `/profile/${caleb.profileId}`);
    await page.getByRole('heading', { name: /caleb/ }).first().waitFor();
    t.pass('the card opened /profile/{id}');
    await page.goBack();
    await waitForPath(page, '/likes');
    await openTab(page, 'Likes Sent');
    await card(page, dan).getByRole('link', { name: 'dan, 33' }).click();
    await waitForPath(page, `/profile/${dan.profileId}`);
    t.pass('the name is a link to the profile');
    await page.goBack();
    await waitForPath(page, '/likes');
    t.equal(new URL(page.url()).searchParams.get('tab'), 'sent', 'back on Likes Sent');
    await page.locator('[role="tab"][aria-selected="true"]', { hasText: 'Likes Sent' }).waitFor();
    await openTab(page, 'Likes Received');
  });

  await t.test('Like Back makes a match: the match moment names ben; the card leaves', async (t) => {
    await noToasts(page);
    await page.getByRole('button', { name: 'Like Back ben' }).click();
    const moment = page.getByRole('dialog', { name: "It's a Match with ben!" });
    await moment.waitFor();
    t.ok(await moment.getByRole('button', { name: 'Send a message' }).isVisible(), 'Send a message');
    t.equal(await page.locator('[data-sonner-toast]').count(), 0, 'the screen, not a toast');
    await moment.getByRole('button', { name: 'Keep swiping' }).click();
    await moment.waitFor({ state: 'detached' });
    await card(page, ben).waitFor({ state: 'detached' });
    t.same(await cardNames(page), ['caleb, 29'], 'the card left Likes Received');
    await page.getByTestId('count-received').getByText('1', { exact: true }).waitFor();
    await page.getByTestId('count-sent').getByText('2', { exact: true }).waitFor();
    t.pass('counts: 1 received, 2 sent (ben is matched now)');
    const matched = (await get(app, amara, '/api/v1/match/matches/')).json() as { matches: { username: string }[] };
    t.same(
      matched.matches.map((m) => m.username),
      names([ben]),
      'the match is stored',
    );
  });

  await t.test('Unlike asks first (Unlike Profile?), then removes the like', async (t) => {
    await openTab(page, 'Likes Sent');
    t.same(await cardNames(page), ['ben, 35', 'dan, 33'], 'ben first: liked just now');
    await page.getByRole('button', { name: 'Unlike dan' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Unlike Profile?' });
    await dialog.waitFor();
    t.match(await dialog.textContent(), /Your like for dan will be removed/);
    t.same(await axeViolations(page, source), [], 'axe: the confirmation');
    await screenshot(page, 'likes-unlike-confirm', { hideToasts: true });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    t.ok(await card(page, dan).isVisible(), 'Cancel keeps the like');

    await noToasts(page);
    await watchToast(page, 'Profile unliked successfully');
    await page.getByRole('button', { name: 'Unlike dan' }).click();
    await dialog.getByRole('button', { name: 'Unlike', exact: true }).click();
    const shown = toast(page, 'Profile unliked successfully');
    await shown.waitFor();
    await card(page, dan).waitFor({ state: 'detached' });
    await dialog.waitFor({ state: 'detached' });
    t.same(await cardNames(page), ['ben, 35']);
    await page.getByTestId('count-sent').getByText('1', { exact: true }).waitFor();
    const sent = (await get(app, amara, '/api/v1/match/likes_sent/')).json() as { likes_sent: { username: string }[] };
    t.same(
      sent.likes_sent.map((c) => c.username),
      names([ben]),
      'the server agrees',
    );

    // Once it has slid in: the success toast lies below the header, clear of the menu button.
    await animationsDone(page);
    const toastBox = await boxOf(page, shown);
    const header = await boxOf(page, page.locator('header.shell-header'));
    const menuButton = await boxOf(page, page.getByRole('button', { name: 'Open menu' }));
    t.ok(toastBox.y >= header.y + header.height, `the toast starts below the header (${toastBox.y} >= ${header.y + header.height})`);
    t.notOk(overlaps(toastBox, menuButton), 'the menu button is not covered');
    t.notOk(overlaps(toastBox, header), 'no part of the header is covered');
    t.ok(toastBox.x >= 0 && toastBox.x + toastBox.width <= NARROW.width, 'the toast fits the screen');
    await screenshot(page, 'likes-toast');
    const lifetime = await toastLifetime(page, 'Profile unliked successfully');
    t.ok(lifetime >= 2_800 && lifetime <= 3_900, `a success toast lasts about 3 s (${Math.round(lifetime)} ms)`);
  });

  await t.test('a failed unlike shows one error toast, still there at 4 s, gone by about 5.5 s', async (t) => {
    await noToasts(page);
    await page.route('**/api/v1/match/unlike/**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Internal Server Error' }) }),
    );
    await watchToast(page, 'Failed to unlike profile');
    await page.getByRole('button', { name: 'Unlike ben' }).click();
    await page.getByRole('alertdialog', { name: 'Unlike Profile?' }).getByRole('button', { name: 'Unlike', exact: true }).click();
    await toast(page, 'Failed to unlike profile').waitFor();
    await page.mouse.move(NARROW.width / 2, NARROW.height - 10);
    // A second toast would come from the same failed response, in the render that showed this one.
    await framesPainted(page);
    t.equal(await page.locator('[data-sonner-toast]').count(), 1, 'one toast, not two');
    t.equal(await page.getByText('Server error. Please try again later.').count(), 0, 'no generic toast from the api client');
    t.ok(await card(page, ben).isVisible(), 'the card stays');
    const { shown } = await toastTimes(page, 'Failed to unlike profile');
    await page.waitForFunction((start) => performance.now() - start >= 4_000, shown as number, { polling: 50 });
    t.equal(await toast(page, 'Failed to unlike profile').count(), 1, 'still there after 4 s');
    const lifetime = await toastLifetime(page, 'Failed to unlike profile');
    t.ok(lifetime >= 4_800 && lifetime <= 5_800, `an error toast lasts about 5 s (${Math.round(lifetime)} ms)`);
    await page.unroute('**/api/v1/match/unlike/**');
  });

  await t.test('Unblock asks first (Unblock User?), then lifts the block', async (t) => {
    await openTab(page, 'Blocked Users');
    await page.getByRole('button', { name: 'Unblock eli' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Unblock User?' });
    await dialog.waitFor();
    await dialog.getByText('They will be able to see you in search results again.').waitFor();
    t.pass('the confirmation says what it does');
    await dialog.getByRole('button', { name: 'Unblock', exact: true }).click();
    await toast(page, 'User unblocked successfully').waitFor();
    await page.getByRole('heading', { name: 'No Blocked Users' }).waitFor();
    t.equal(await count(page, 'blocked'), '0');
    const blocked = (await get(app, amara, '/api/v1/blocked/')).json() as unknown[];
    t.same(blocked, [], 'the server agrees');

    // With the menu open, the toast covers neither its close button nor Sign Out.
    await animationsDone(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const signOut = page.getByRole('button', { name: 'Sign Out' });
    await signOut.waitFor();
    await animationsDone(page);
    const toastBox = await boxOf(page, toast(page, 'User unblocked successfully'));
    t.notOk(overlaps(toastBox, await boxOf(page, signOut)), 'Sign Out is not covered');
    t.notOk(overlaps(toastBox, await boxOf(page, page.getByRole('button', { name: 'Close menu' }))), 'the close button is not covered');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Close menu' }).waitFor({ state: 'detached' });
  });

  await t.test('a member with no likes and no blocks sees the three empty states', async (t) => {
    const other = await newPhonePage(browser, baseUrl);
    t.teardown(() => other.context.close());
    const fresh = other.page;
    await fresh.setViewportSize(NARROW);
    fresh.on('pageerror', (error) => pageErrors.push(error.message));
    await signIn(fresh, fiona);
    await fresh.goto('/likes');
    await fresh
      .getByRole('heading', { level: 1, name: 'Likes' })
      .waitFor({ timeout: 15_000 })
      .catch(async (error: unknown) => {
        throw new Error(`no Likes screen at ${fresh.url()}: ${(await fresh.locator('body').innerText()).slice(0, 300)}`, { cause: error });
      });
    const empties = [
      { name: 'Likes Received', title: 'No Likes Received Yet', id: 'received' },
      { name: 'Likes Sent', title: 'No Likes Sent Yet', id: 'sent' },
      { name: 'Blocked Users', title: 'No Blocked Users', id: 'blocked' },
    ] as const;
    for (const { name, title, id } of empties) {
      await openTab(fresh, name);
      await fresh.getByRole('heading', { level: 2, name: title }).waitFor();
      t.equal(await count(fresh, id), '0', `${name}: 0`);
      t.same(await axeViolations(fresh, source), [], `axe: ${title}`);
      if (id === 'received') await screenshot(fresh, 'likes-empty', { hideToasts: true });
      await fresh.setViewportSize(NARROWEST);
      t.equal(await horizontalOverflow(fresh), 0, `${title}: nothing wider than 320 px`);
      t.same(await brokenWordsInLikes(fresh), [], `${title}: no word broken at 320 px`);
      await fresh.setViewportSize(NARROW);
    }
  });

  await t.test('a list that will not load: the spinner, then the error with Try again', async (t) => {
    await noToasts(page);
    // The api client retries a failed read three times (1, 2, 4 s) before the screen gives up.
    await page.route('**/api/v1/match/likes_received/', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Internal Server Error' }) }),
    );
    await page.goto('/likes');
    await page.getByRole('status').filter({ hasText: 'Loading likes received...' }).waitFor();
    t.pass('a spinner while it loads');
    const alert = page.getByRole('alert').filter({ hasText: 'We could not load the likes you received.' });
    await alert.waitFor({ timeout: 20_000 });
    t.equal(await page.getByTestId('count-received').count(), 0, 'no count without the list');
    t.equal(await count(page, 'sent'), '1', 'the other tabs still count');
    t.equal(await page.locator('[data-sonner-toast]').count(), 0, 'the screen says it in place, not in a toast');
    t.same(await axeViolations(page, source), [], 'axe: the failed state');
    await page.unroute('**/api/v1/match/likes_received/');
    await page.getByRole('button', { name: 'Try again' }).click();
    await card(page, caleb).waitFor();
    t.same(await cardNames(page), ['caleb, 29'], 'Try again loads the list');
    await page.getByTestId('count-received').getByText('1', { exact: true }).waitFor();
  });

  await t.test('no uncaught errors in the page', async (t) => {
    t.same(pageErrors, []);
  });
});
