/**
 * The demo population as a new member meets it on a phone (390 px), against the real server with
 * a fresh DEMO_MEMBERS population (200, the development default) drawn into the app's own media
 * store: 'Verified members only' still shows cards, a demo member's card cycles through their
 * two to five pictures, and their profile shows those pictures and no empty slot, drawn or not.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import t from 'tap';
import { profiles } from '../server/kernel/db/schema/index.ts';
import { seedDemoMembers } from '../server/seed/population-seed.ts';
import { listenTestApp } from '../server/test/app.ts';
import { man } from '../server/test/members.ts';
import { launchBrowser, newPhonePage, screenshot, waitForPath } from './browser.ts';
import { horizontalOverflow } from './layout.ts';
import { signIn } from './sign-in.ts';

const PLACEHOLDER = '/placeholder-profile.svg';

/** Every image matched has loaded for real (no broken image) and none is the placeholder. */
async function realPhotosLoaded(page: Page, selector: string): Promise<void> {
  await page.waitForFunction(
    ({ sel, placeholder }) => {
      const images = [...document.querySelectorAll<HTMLImageElement>(sel)];
      return images.length > 0 && images.every((img) => img.complete && img.naturalWidth > 0 && !img.src.endsWith(placeholder));
    },
    { sel: selector, placeholder: PLACEHOLDER },
    { timeout: 15_000 },
  );
}

t.test('a fresh demo population on a phone', async (t) => {
  const { app, db, baseUrl, media } = await listenTestApp(t);
  const lines: string[] = [];
  await seedDemoMembers(db, 200, (line) => lines.push(line), media);
  t.comment(lines[0]);
  const viewer = await man(app, db, { home_country: 'United States', home_state: 'Texas', home_city: 'Austin' }, 'viewer');
  const [{ n: verifiedWomen }] = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from profiles p join users u on u.id = p.user_id where u.is_demo and p.verified and p.is_complete and p.gender = 'Woman'`,
  );
  t.ok(verifiedWomen > 10, `${verifiedWomen} verified demo women to discover`);

  const browser = await launchBrowser(t);
  const { context, page } = await newPhonePage(browser, baseUrl);
  t.teardown(() => context.close());
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await signIn(page, viewer);

  let shownId = 0;
  await t.test("'Verified members only' shows verified cards", async (t) => {
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Verified members only').check();
    const refetched = page.waitForResponse((r) => r.url().includes('/api/v1/profiles/?') && r.url().includes('verifiedOnly=Yes'));
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Filters applied successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const results = ((await (await refetched).json()) as { results: Array<{ id: number; verified: boolean }> }).results;
    t.ok(results.length > 0, `the server answers ${results.length} verified members`);
    t.ok(
      results.every((r) => r.verified),
      'all of them verified',
    );

    const card = page.locator('.swipe-card');
    await card.waitFor();
    t.equal(await page.getByRole('heading', { name: 'No Profiles Found' }).count(), 0, 'discovery is not empty');
    await card.locator('.verified-chip').waitFor();
    t.pass('the card carries the Verified badge');
    await realPhotosLoaded(page, '.swipe-photo img');
    const segments = await card.locator('.photo-segments .segment').count();
    t.ok(segments >= 2 && segments <= 5, `the carousel has ${segments} photos`);
    // Tapping the middle of the photo goes through the carousel: another real picture each time, never a placeholder.
    const box = await page.locator('.swipe-photo').boundingBox();
    if (!box) throw new Error('no photo box');
    const tap = () => page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const seen = new Set([await card.locator('.swipe-photo img').getAttribute('src')]);
    for (let i = 1; i < segments; i += 1) {
      await tap();
      await page
        .getByTestId('photo-caption')
        .filter({ hasText: `photo ${i + 1} of ${segments}` })
        .waitFor();
      await realPhotosLoaded(page, '.swipe-photo img');
      seen.add(await card.locator('.swipe-photo img').getAttribute('src'));
    }
    t.equal(seen.size, segments, 'each photo is its own picture');
    await tap();
    await page
      .getByTestId('photo-caption')
      .filter({ hasText: `photo 1 of ${segments}` })
      .waitFor();
    await screenshot(page, 'demo-verified-cards', { hideToasts: true });
    shownId = results[0].id;
  });

  await t.test("a demo member's profile: their two to five pictures, no empty slot", async (t) => {
    await page.locator('.swipe-card .info-btn').click();
    await waitForPath(page, `/profile/${shownId}`);
    const [row] = await db
      .select({ p1: profiles.photo1Url, p2: profiles.photo2Url, p3: profiles.photo3Url, p4: profiles.photo4Url, p5: profiles.photo5Url })
      .from(profiles)
      .where(and(eq(profiles.id, shownId)));
    const stored = Object.values(row).filter((url) => url !== null).length;
    t.ok(stored >= 2 && stored <= 5, `the member has ${stored} photos`);
    const grid = page.locator('.photo-grid img');
    await grid.first().waitFor();
    await realPhotosLoaded(page, '.photo-grid img');
    t.equal(await grid.count(), stored, 'the grid shows exactly those photos');
    t.equal(await page.locator('.photo-grid').getAttribute('data-count'), String(stored));
    const alts = await grid.evaluateAll((images) => images.map((img) => (img as HTMLImageElement).alt));
    t.notOk(
      alts.some((alt) => /^No photo/.test(alt)),
      'no empty slot is drawn',
    );
    const sources = await grid.evaluateAll((images) => images.map((img) => (img as HTMLImageElement).src));
    t.equal(new Set(sources).size, stored, 'every picture differs');
    // The grid stays inside the screen and fills its rows: no cell is left empty beside a photo.
    t.equal(await horizontalOverflow(page), 0, 'no sideways scrolling');
    const boxes = await grid.evaluateAll((images) => images.map((img) => img.getBoundingClientRect().toJSON() as DOMRect));
    const gridBox = await page.locator('.photo-grid').evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);
    const rightEdges = new Set(boxes.map((b) => Math.round(b.right)));
    t.ok(rightEdges.has(Math.round(gridBox.right)), 'the photos reach the grid’s right edge');
    await screenshot(page, 'demo-member-profile', { hideToasts: true });
  });

  await t.test('the own profile shows only the photos the member has', async (t) => {
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Photos' }).waitFor();
    t.equal(await page.locator('.own-photos img').count(), 1, 'one photo, no empty slots drawn');
    t.equal(await page.getByAltText(/^Empty photo slot/).count(), 0);
  });

  t.same(pageErrors, [], 'no script errors');
});
