/**
 * Page-speed budget against the real server and the built client (run `npm run build` first):
 * first-load JavaScript of /signin and of every screen a signed-in member reaches (/home, /likes,
 * /matches, /credits, /profile, /profile/edit, another member's profile, a chat), measured from
 * Chromium's network accounting, and Lighthouse accessibility on each. Fails when the budget in
 * e2e/page-speed/budget.ts is exceeded, or when a screen other than /home reads a discovery page
 * or any screen downloads the region list (the edit form has the countries and states bundled). Lighthouse's performance score, a timing, is measured by
 * bench/page-speed.ts with the same audit (e2e/page-speed/lighthouse.ts).
 */
import t, { type Test } from 'tap';
import { listenTestApp } from '../server/test/app.ts';
import { launchBrowser } from './browser.ts';
import {
  ACCESSIBILITY,
  FIRST_LOAD_JS_BUDGET_BYTES,
  FIRST_LOAD_SCRIPT_FILES,
  SCREEN_FIRST_LOAD_JS_BUDGET_BYTES,
} from './page-speed/budget.ts';
import { type FirstLoad, measureFirstLoadJs } from './page-speed/first-load-js.ts';
import { auditWithRetries, describeAudit, launchAuditChromium } from './page-speed/lighthouse.ts';
import { memberScreens } from './page-speed/member-screens.ts';
import { writeHomePhotos } from './page-speed/seed-home.ts';
import { seedMemberScreens } from './page-speed/seed-screens.ts';

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const describeLoad = (load: FirstLoad) => load.scripts.map((s) => `  ${s.url} ${kB(s.encodedBytes)} (${s.encoding})`).join('\n');
/** Lighthouse's accessibility audit of one page (a run Lighthouse could not record is repeated). */
async function auditAccessibility(t: Test, port: number, baseUrl: string, expectedPath: string, token?: string): Promise<void> {
  const result = await auditWithRetries(port, baseUrl, expectedPath, token, (message) => t.comment(message));
  t.comment(`${expectedPath}: ${describeAudit(result)}`);
  t.equal(new URL(result.url).pathname, expectedPath, 'audited the intended page (no redirect)');
  t.equal(result.accessibility, ACCESSIBILITY, `accessibility ${ACCESSIBILITY}`, { failed: result.failedAccessibility });
}

const DISCOVERY_PAGE = '/api/v1/profiles/';
const REGION_LIST = '/world_country_region.json';

// Nine Lighthouse audits of 20-60 s each on a loaded 2-core machine, besides the page loads.
t.setTimeout(900_000);

t.test('page speed budget', async (t) => {
  const photos = await writeHomePhotos(t);
  const { app, db, baseUrl } = await listenTestApp(t);
  const seed = await seedMemberScreens(app, db, photos);
  const { member } = seed;
  const screens = memberScreens(seed);
  const browser = await launchBrowser(t);

  await t.test('first-load JavaScript of /signin', async (t) => {
    const load = await measureFirstLoadJs(browser, baseUrl, '/signin', {
      ready: (page) => page.getByRole('button', { name: 'Log In' }).waitFor(),
    });
    t.comment(`/signin first-load JS ${kB(load.totalEncodedBytes)}:\n${describeLoad(load)}`);
    t.ok(load.totalEncodedBytes <= FIRST_LOAD_JS_BUDGET_BYTES, `${kB(load.totalEncodedBytes)} <= ${kB(FIRST_LOAD_JS_BUDGET_BYTES)}`);
  });

  await t.test('first-load JavaScript of /home, signed in', async (t) => {
    const load = await measureFirstLoadJs(browser, baseUrl, '/home', {
      token: member.token,
      // The audited page as members see it: the first card with its photo, not the placeholder.
      ready: async (page) => {
        await page.waitForFunction((src) => {
          const img = document.querySelector<HTMLImageElement>('.swipe-card img');
          return img !== null && img.complete && img.naturalWidth > 0 && new URL(img.src).pathname === src;
        }, photos[0]);
      },
    });
    t.comment(`/home first-load JS ${kB(load.totalEncodedBytes)}:\n${describeLoad(load)}`);
    t.ok(load.totalEncodedBytes <= FIRST_LOAD_JS_BUDGET_BYTES, `${kB(load.totalEncodedBytes)} <= ${kB(FIRST_LOAD_JS_BUDGET_BYTES)}`);
    t.ok(load.scripts.length <= FIRST_LOAD_SCRIPT_FILES, `${load.scripts.length} script files <= ${FIRST_LOAD_SCRIPT_FILES}`);
    // The boot script asks for these before the app runs; the app takes its answers, never asking again.
    const firstReads = [
      '/api/v1/profile/completeness/',
      '/api/v1/my_profile/',
      '/api/v1/filter_profiles/',
      '/api/v1/profiles/?page_size=20',
    ];
    for (const read of firstReads) t.equal(load.apiRequests.filter((url) => url === read).length, 1, `${read} asked once`);
    t.same(
      load.otherFetches.filter((url) => url.startsWith(REGION_LIST)),
      [],
      'the region list is not downloaded',
    );
  });

  for (const screen of screens) {
    await t.test(`first-load JavaScript of ${screen.name}, signed in`, async (t) => {
      const load = await measureFirstLoadJs(browser, baseUrl, screen.path, { token: member.token, ready: screen.ready });
      t.comment(`${screen.name} first-load JS ${kB(load.totalEncodedBytes)}:\n${describeLoad(load)}`);
      const budget = SCREEN_FIRST_LOAD_JS_BUDGET_BYTES;
      t.ok(load.totalEncodedBytes <= budget, `${kB(load.totalEncodedBytes)} <= ${kB(budget)}`);
      // Reads a screen never shows cost a phone bandwidth and main-thread time while it loads.
      t.same(
        load.apiRequests.filter((url) => url.startsWith(DISCOVERY_PAGE)),
        [],
        'no discovery page is read',
      );
      t.same(
        load.otherFetches.filter((url) => url.startsWith(REGION_LIST)),
        [],
        'the region list is not downloaded',
      );
    });
  }

  const port = await launchAuditChromium(t);
  await t.test('Lighthouse accessibility on /signin', (t) => auditAccessibility(t, port, baseUrl, '/signin'));
  await t.test('Lighthouse accessibility on /home, signed in', (t) => auditAccessibility(t, port, baseUrl, '/home', member.token));
  for (const screen of screens) {
    await t.test(`Lighthouse accessibility on ${screen.name}, signed in`, (t) =>
      auditAccessibility(t, port, baseUrl, screen.path, member.token),
    );
  }
});
