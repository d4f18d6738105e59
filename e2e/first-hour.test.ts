/**
 * The first hour of a new member, in a phone-sized Chromium against the real server: completing
 * the profile opens discovery with cards at once (no early discovery read while incomplete),
 * pounds that stay as typed, the list view on a narrow phone, photo 1 without a camera and
 * 'Verify now' later, the badge held for review, and the chat on a phone (one header, the photo
 * viewer, the photo messages) with the empty matches. Buying credits from every address is
 * e2e/checkout-addresses.test.ts; sign-up, sign-in and the incomplete member's menu are in
 * e2e/auth.test.ts.
 */
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import t from 'tap';
import { facePrints, faceScans, profiles, uploads } from '../server/kernel/db/schema/index.ts';
import { listenTestApp, makeTempDir } from '../server/test/app.ts';
import { signUp } from '../server/test/factories.ts';
import { approvedChatPhoto, chattingPair, sendMessage } from '../server/test/chat.ts';
import { woman } from '../server/test/members.ts';
import { COMPLETE_FORM, patchProfile } from '../server/test/profiles.ts';
import { axeSource, axeViolations } from './axe.ts';
import { launchBrowser, newPhonePage, waitForPath } from './browser.ts';
import { fakeCameraArgs, writeFakeCameraVideo } from './fake-camera.ts';
import { brokenWords, horizontalOverflow, offScreen } from './layout.ts';
import { fixtureImage, PASSWORD, photosSection, REVIEW_TIMEOUT, seriousViolations, signUpInBrowser, toastWith } from './photo-helpers.ts';
import { signIn } from './sign-in.ts';
import { until } from './until.ts';

/** face-api loads in the page, the member makes three movements, then the worker reads every frame. */
const SCAN_TIMEOUT = 120_000;

// Four journeys, one with a real face scan, on a 2-core machine shared with other suites: more
// than the default three minutes.
t.setTimeout(480_000);

/** Serious and critical axe findings on the whole page. */
async function seriousOnPage(page: Page, source: string) {
  return (await axeViolations(page, source)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Every required field but photo 1, through the form, as a man in Austin. */
export async function fillRequiredButPhoto(page: Page, weightLb = '170'): Promise<void> {
  await page.getByLabel(/^Date of birth/).fill('1991-04-12');
  await page.locator('#pf-gender').selectOption('Man');
  await page.locator('#pf-native_language').selectOption('English');
  await page.locator('#pf-home_country option[value="Canada"]').waitFor({ state: 'attached' });
  await page.locator('#pf-home_country').selectOption('United States');
  await page.getByLabel(/^State/).selectOption('Texas');
  await page.getByRole('combobox', { name: /^City/ }).fill('Austin');
  await page.getByRole('option', { name: 'Austin', exact: true }).click();
  await page.getByRole('button', { name: 'Imperial (ft, in, lb)' }).waitFor();
  await page.getByLabel('Height, feet').fill('5');
  await page.getByLabel('Height, inches').fill('10');
  await page.getByLabel(/^Weight \(lb\)/).fill(weightLb);
  await page.locator('#pf-relationship_status').selectOption('Single');
  await page.locator('#pf-kids_at_home').selectOption('No kids at home');
  await page.locator('#pf-livelihood').selectOption('Employed');
  await page.locator('#pf-annual_income').selectOption('$50,001-$75,000');
  await page.locator('#pf-education').selectOption('Bachelor');
  await page.locator('#pf-religion').selectOption('Christian - Catholic');
  await page.locator('#pf-reason_to_marry').selectOption('Love and companionship');
  await page.locator('#pf-number_of_kids_wanted').selectOption('1-2');
}

t.test('completing the profile opens discovery with cards, with no discovery read before', async (t) => {
  const { app, db, baseUrl } = await listenTestApp(t);
  // Two complete women for the new man to discover.
  // The longest answers of the list view's facts, which a phone's narrow columns used to break.
  const answers: Record<string, Record<string, unknown>> = {
    ada_first: { education: 'Associate', religion: 'Christian - Protestant', livelihood: 'Self-Employed', relationship_status: 'Engaged' },
    bea_first: {
      education: 'No formal education',
      religion: 'Christian - Orthodox',
      livelihood: 'Employed',
      number_of_kids_wanted: 'No limit',
    },
  };
  for (const name of ['ada_first', 'bea_first']) {
    const member = await woman(app, db, answers[name], name);
    // A photo the server really serves, so the cards load without a 404.
    await db.update(profiles).set({ photo1Url: '/placeholder-profile.svg' }).where(eq(profiles.userId, member.userId));
  }
  const browser = await launchBrowser(t);
  const { context, page } = await newPhonePage(browser, baseUrl);
  t.teardown(() => context.close());
  const source = await axeSource();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  /** Discovery reads, with the moment they were asked (before or after the profile was complete). */
  const discoveryReads: { complete: boolean; status?: number }[] = [];
  let complete = false;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/v1/profiles/') discoveryReads.push({ complete });
  });
  page.on('response', (response) => {
    if (new URL(response.url()).pathname !== '/api/v1/profiles/') return;
    const read = discoveryReads.find((r) => r.status === undefined);
    if (read) read.status = response.status();
  });
  const username = `newman_${Date.now().toString(36)}`;

  await t.test('an incomplete member is never sent a discovery read, on the edit screen or /home', async (t) => {
    await signUpInBrowser(page, username);
    // The edit screen has fully loaded (its own reads are in) before anything is judged.
    await page.locator('#pf-home_country option[value="Canada"]').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    // A fresh load straight onto /home (the boot script's early reads) while incomplete.
    await page.goto('/home');
    await page.getByRole('heading', { name: 'Complete Your Profile' }).waitFor();
    await page.waitForLoadState('networkidle');
    t.same(await seriousOnPage(page, source), [], 'axe: /home while incomplete');
    await page.goto('/profile/edit');
    await page.getByRole('heading', { name: 'Complete Your Profile', level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    t.same(discoveryReads, [], 'no GET /api/v1/profiles/ while incomplete');
    t.same(consoleErrors, [], 'no 400/403 (or any) console error');
  });

  await t.test('the save that completes the profile shows cards on /home without a reload', async (t) => {
    await fillRequiredButPhoto(page, '135');
    // Photo 1 through the upload flow is the next test's; here it is written directly.
    await db
      .update(profiles)
      .set({ photo1Url: '/placeholder-profile.svg' })
      .where(eq(profiles.userId, await userIdOf(page)));
    complete = true;
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toastWith(page, 'Profile completed successfully! Welcome to Betroth!').waitFor();
    await waitForPath(page, '/home');
    const card = page.getByRole('heading', { name: /^(ada_first|bea_first), \d+$/ });
    await card.first().waitFor();
    t.equal(await page.getByRole('heading', { name: 'No Profiles Found' }).count(), 0, 'no empty state');
    t.equal(await page.getByText('You do not have permission to perform this action.').count(), 0, 'no permission toast');
    t.ok(discoveryReads.length >= 1, 'discovery was read once complete');
    t.ok(
      discoveryReads.every((r) => r.complete && r.status === 200),
      `every discovery read was made once complete, and answered 200: ${JSON.stringify(discoveryReads)}`,
    );
    t.same(consoleErrors, [], 'no console error');
    t.same(pageErrors, [], 'no uncaught error');
  });

  await t.test('a typed 135 lb comes back as 135 lb, on the form and on the profile', async (t) => {
    await page.goto('/profile/edit');
    await page.getByRole('heading', { name: 'Edit Profile', level: 1 }).waitFor();
    const weight = page.getByLabel(/^Weight \(lb\)/);
    // The heading comes before the form is filled from the profile read; on a busy machine the
    // field can still be empty at this instant, so wait (bounded) for the read to arrive.
    await until(async () => (await weight.inputValue()) !== '', 10_000, 'the form filled from the profile');
    t.equal(await weight.inputValue(), '135', 'the form shows the pounds typed');
    await page.getByRole('button', { name: 'Metric (cm, kg)' }).click();
    t.equal(await page.getByLabel(/^Weight \(kg\)/).inputValue(), '61', 'stored as 61 kg');
    await page.getByRole('button', { name: 'Imperial (ft, in, lb)' }).click();
    t.equal(await weight.inputValue(), '135', 'and back: still 135');
    t.ok(await page.getByRole('button', { name: 'Save Changes' }).isDisabled(), 'switching units is not a change');
    await page.goto('/profile');
    const fact = page.locator('.fact', { has: page.getByText('Weight', { exact: true }) });
    await fact.waitFor();
    t.match(await fact.textContent(), /135 lbs/, 'the own profile says 135 lbs');
    await page.goto('/home');
    await page
      .getByRole('heading', { name: /^(ada_first|bea_first), \d+$/ })
      .first()
      .waitFor();
  });

  await t.test('the list view breaks no word at 390 and 360 px', async (t) => {
    await page.getByRole('button', { name: 'List' }).click();
    await page.locator('.profile-list .list-row').nth(1).waitFor();
    for (const width of [390, 360]) {
      await page.setViewportSize({ width, height: 800 });
      await page.waitForFunction((w) => document.documentElement.clientWidth === w, width);
      t.equal(await horizontalOverflow(page), 0, `${width} px: nothing wider than the screen`);
      t.same(
        await brokenWords(page, '.list-row'),
        [],
        `${width} px: no word broken across lines ('Associate', 'Christian - Protestant', 'Self-Employed')`,
      );
      t.same(await offScreen(page, '.list-row button'), [], `${width} px: Pass and Like on screen`);
    }
    t.same(await seriousOnPage(page, source), [], 'axe: the list view');
  });
});

t.test('no camera, still a way in: photo 1 without verification, and Verify now later', async (t) => {
  const { app, db, baseUrl } = await listenTestApp(t);
  const source = await axeSource();
  const username = `nocam_${Date.now().toString(36)}`;

  await t.test('a refused camera offers "Continue without verification"; photo 1 from the gallery completes the profile', async (t) => {
    // A camera, but no prompt that accepts: headless Chromium refuses the request.
    const refusing = await launchBrowser(t, ['--use-fake-device-for-media-stream']);
    const { context, page } = await newPhonePage(refusing, baseUrl);
    t.teardown(() => context.close());
    const section = photosSection(page);
    await signUpInBrowser(page, username);
    await fillRequiredButPhoto(page);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByRole('heading', { name: 'Profile Incomplete - 94% Complete' }).waitFor();

    await section.getByRole('button', { name: 'Photo 1 (primary)', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Face Scan' });
    await dialog.getByRole('button', { name: 'Start Face Scan' }).click();
    await dialog.getByRole('heading', { name: 'Verification Failed' }).waitFor();
    t.equal(await dialog.getByText('Camera access denied.', { exact: true }).count(), 1, 'the reason');
    const skip = dialog.getByRole('button', { name: 'Continue without verification' });
    await skip.waitFor();
    t.ok(await dialog.getByText(/verify it later from your profile/).isVisible(), 'what skipping means');
    t.same(await seriousViolations(page, '[role="dialog"]'), [], 'axe: the error view with the way on');
    const chooser = page.waitForEvent('filechooser');
    await skip.click();
    await (await chooser).setFiles(fixtureImage('astronaut.jpg'));
    await dialog.waitFor({ state: 'detached' });
    await toastWith(page, 'Photo 1 uploaded successfully!').waitFor({ timeout: REVIEW_TIMEOUT });
    await section.getByRole('img', { name: 'Photo 1 (primary)', exact: true }).waitFor();
    await section.getByText('Not verified', { exact: true }).waitFor();
    t.equal(await section.getByText('Verified', { exact: true }).count(), 0, 'no Verified badge');
    t.same(await seriousViolations(page, 'section:has(#section-photos)'), [], 'axe: the Photos section with the unverified photo 1');
    await page.getByRole('heading', { name: /Profile Incomplete/ }).waitFor({ state: 'detached' });
    t.pass('100%: the banner is gone');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toastWith(page, 'Profile completed successfully! Welcome to Betroth!').waitFor();
    await waitForPath(page, '/home');

    await page.goto('/profile');
    await page.getByText('Your photo is not verified').waitFor();
    t.ok(await page.getByRole('button', { name: 'Verify now' }).isVisible(), 'Verify now on the own profile');
    t.same(await seriousOnPage(page, source), [], 'axe: the own profile with Verify now');
  });

  await t.test('a device with no camera at all gets the same way on', async (t) => {
    const cameraless = await launchBrowser(t);
    const { context, page } = await newPhonePage(cameraless, baseUrl);
    t.teardown(() => context.close());
    await signUpInBrowser(page, `nodevice_${Date.now().toString(36)}`);
    await photosSection(page).getByRole('button', { name: 'Photo 1 (primary)', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Face Scan' });
    await dialog.getByRole('button', { name: 'Start Face Scan' }).click();
    await dialog.getByRole('heading', { name: 'Verification Failed' }).waitFor();
    await dialog.getByRole('button', { name: 'Continue without verification' }).waitFor();
    t.pass(`offered after: ${await dialog.getByRole('alert').locator('p').textContent()}`);
  });

  await t.test('later, with a camera: Verify now scans the face and the badge comes', async (t) => {
    const video = await writeFakeCameraVideo(await makeTempDir(t, 'betroth-first-hour-'));
    const withCamera = await launchBrowser(t, fakeCameraArgs(video));
    const { context, page } = await newPhonePage(withCamera, baseUrl);
    t.teardown(() => context.close());
    await signIn(page, { username, password: PASSWORD });
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Verify now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Face Scan' });
    const bound = page.waitForResponse((response) => /\/api\/v1\/uploads\/[^/]+\/liveness\/$/.test(new URL(response.url()).pathname), {
      timeout: SCAN_TIMEOUT,
    });
    await dialog.getByRole('button', { name: 'Start Face Scan' }).click();
    t.equal((await bound).status(), 200, 'the scan is bound to the stored photo 1');
    await toastWith(page, 'Your photo is verified').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Verified', { exact: true }).first().waitFor();
    t.equal(await page.getByRole('button', { name: 'Verify now' }).count(), 0, 'nothing left to verify');
  });

  await t.test('a face verified on another account: the member reads that the badge waits for review', async (t) => {
    // The server's side (the same face on a second account is held) is the liveness tests';
    // here the held state is written as it leaves it, to see what the member is told.
    const twin = await signUp(app, { username: `twin_${Date.now().toString(36)}`, password: PASSWORD });
    t.equal((await patchProfile(app, twin, { ...COMPLETE_FORM, gender: 'Woman' })).statusCode, 200);
    const now = new Date();
    const [scan] = await db
      .insert(faceScans)
      .values({ userId: twin.userId, challenge: [], state: 'passed', expiresAt: now, decidedAt: now })
      .returning({ id: faceScans.id });
    await db.insert(uploads).values({
      userId: twin.userId,
      purpose: 'profile',
      slot: 1,
      contentType: 'image/jpeg',
      contentLength: 1,
      state: 'approved',
      originalKey: `users/${twin.userId}/photo-1`,
      faceScanId: scan.id,
    });
    await db.insert(facePrints).values({ userId: twin.userId, descriptor: new Array(128).fill(0), reviewState: 'needs_review' });
    await db.update(profiles).set({ photo1Url: '/placeholder-profile.svg', isComplete: true }).where(eq(profiles.userId, twin.userId));

    const browser = await launchBrowser(t);
    const { context, page } = await newPhonePage(browser, baseUrl);
    t.teardown(() => context.close());
    await signIn(page, { username: twin.username, password: PASSWORD });
    await page.goto('/profile');
    await page.getByText('Verified badge waiting for review').waitFor();
    t.equal(await page.getByRole('button', { name: 'Verify now' }).count(), 0, 'nothing to do but wait');
    t.same(await seriousOnPage(page, source), [], 'axe: the own profile with the review notice');
    await page.goto('/profile/edit');
    await photosSection(page).getByText('Badge in review', { exact: true }).waitFor();
    t.pass('photo 1 says so on the edit screen too');
    t.same(await seriousViolations(page, 'section:has(#section-photos)'), [], 'axe: the Photos section with the badge in review');
  });
});

t.test('the chat on a phone: one header, an opaque photo viewer, the photo messages; the empty matches', async (t) => {
  // Photo review is left to the test (the moderation worker is off): its outcome is what is looked at.
  const { app, db, baseUrl, media } = await listenTestApp(t, { WORKERS: 'notifications,chat-cleanup' });
  const { a, b, matchId } = await chattingPair(app, db, ['theo_chat', 'iris_chat']);
  // Theo liked first; the "It's a match" moment his app would show on opening is behind him.
  await app.inject({ method: 'POST', url: `/api/v1/match/new_matches/${matchId}/seen/`, headers: a.auth });
  const photo = await approvedChatPhoto(app, db, media, b);
  const sent = await sendMessage(app, b, matchId, { message: 'Hello from Iris', uploadId: photo });
  t.ok(sent.statusCode < 300, `a photo message: ${sent.statusCode}`);
  const loner = await woman(app, db, {}, 'lena_alone');
  const browser = await launchBrowser(t);
  const { context, page } = await newPhonePage(browser, baseUrl);
  t.teardown(() => context.close());
  const source = await axeSource();
  // The app's clock, so the photo check's minute can pass in moments (time flows as usual otherwise).
  await page.clock.install();
  await signIn(page, a);
  await page.goto(`/chat/${matchId}`);
  await page.getByText('Hello from Iris').waitFor();

  await t.test('on a phone the chat has one header: its own, with the way back', async (t) => {
    for (const width of [390, 360]) {
      await page.setViewportSize({ width, height: 780 });
      await page.waitForFunction((w) => document.documentElement.clientWidth === w, width);
      t.notOk(await page.locator('.shell-header').isVisible(), `${width} px: no app header above the chat's`);
      const header = await page.locator('.chat-header').boundingBox();
      const list = await page.getByRole('region', { name: 'Messages' }).boundingBox();
      t.ok(header && header.y <= 1, `${width} px: the chat's header at the top`);
      t.ok(list && list.y <= 72, `${width} px: messages start ${Math.round(list?.y ?? -1)} px from the top`);
      t.ok(await page.getByRole('link', { name: 'Back to matches' }).isVisible(), `${width} px: the way back`);
    }
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.locator('.shell-header').waitFor();
    t.pass('a wide screen keeps the app header');
    await page.setViewportSize({ width: 390, height: 780 });
    t.same(await seriousOnPage(page, source), [], 'axe: the chat');
  });

  await t.test('the photo viewer covers the app entirely, its title over nothing but its own backdrop', async (t) => {
    for (const size of [
      { width: 390, height: 780 },
      { width: 1024, height: 800 },
    ]) {
      await page.setViewportSize(size);
      await page.getByRole('button', { name: 'Open photo from iris_chat' }).click();
      const viewer = page.getByRole('dialog', { name: 'Photo from iris_chat' });
      await viewer.waitFor();
      const backdrop = await page.locator('.photo-viewer-overlay').evaluate((el) => getComputedStyle(el).backgroundColor);
      t.match(backdrop, /^rgb\(/, `${size.width} px: an opaque backdrop (${backdrop})`);
      // Whatever lies where the app header is, is the viewer's own.
      const covered = await page.evaluate(() =>
        [10, 28, 50].every((y) => {
          const hit = document.elementFromPoint(window.innerWidth / 2, y);
          return hit !== null && hit.closest('.photo-viewer, .photo-viewer-overlay') !== null;
        }),
      );
      t.ok(covered, `${size.width} px: the app header is not seen under the viewer`);
      t.same(await seriousViolations(page, '[role="dialog"]'), [], `${size.width} px: axe, the viewer`);
      await page.keyboard.press('Escape');
      await viewer.waitFor({ state: 'detached' });
    }
    await page.setViewportSize({ width: 390, height: 780 });
  });

  await t.test("a photo the review could not process: 'Photo processing failed'", async (t) => {
    const status = '**/api/v1/uploads/*/status';
    // The review's 'error' without a reason (the server usually gives one; the words are for when it does not).
    await page.route(status, (route) =>
      route.fulfill({ json: { state: 'error', rejectionReason: null, thumbnail: null, preview: null, full: null, blob_url: null } }),
    );
    await page.locator('.chat-composer input[type="file"]').setInputFiles(fixtureImage('coffee.jpg'));
    await toastWith(page, 'Photo processing failed').waitFor();
    await page.locator('.chat-attachment').waitFor({ state: 'detached' });
    t.pass('toasted, and the photo is dropped');
    await page.unroute(status);
  });

  await t.test("no verdict within the minute: 'Upload timed out after 60 seconds'", async (t) => {
    const statusRead = () =>
      page.waitForResponse((response) => /\/api\/v1\/uploads\/[^/]+\/status$/.test(new URL(response.url()).pathname));
    const first = statusRead();
    await page.locator('.chat-composer input[type="file"]').setInputFiles(fixtureImage('coffee.jpg'));
    await first;
    const timedOut = toastWith(page, 'Upload timed out after 60 seconds');
    const shown = timedOut.waitFor({ timeout: 120_000 }).then(() => 'shown' as const);
    // Each second of the app's clock is one more status read (always pending: nobody reviews it).
    for (let tick = 0; tick < 70; tick += 1) {
      const next = statusRead().then(
        () => 'read' as const,
        () => 'read' as const,
      );
      await page.clock.fastForward(1000);
      if ((await Promise.race([next, shown])) === 'shown') break;
    }
    await shown;
    t.pass('the wait ends with the words every upload uses');
  });

  await t.test("no match yet: 'No Matches Yet' / 'Start swiping to find your perfect match!'", async (t) => {
    const { context: other, page: lonely } = await newPhonePage(browser, baseUrl);
    t.teardown(() => other.close());
    await signIn(lonely, loner);
    await lonely.goto('/matches');
    await lonely.getByRole('heading', { level: 1, name: 'No Matches Yet', exact: true }).waitFor();
    t.ok(await lonely.getByText('Start swiping to find your perfect match!', { exact: true }).isVisible());
    t.ok(await lonely.getByRole('link', { name: 'Start Swiping' }).isVisible(), 'Start Swiping to /home');
    t.same(await seriousOnPage(lonely, source), [], 'axe: the empty matches');
  });
});

/** The signed-in member's user id, from the API the page itself uses. */
async function userIdOf(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const response = await fetch('/api/v1/my_profile/', { headers: { Authorization: `Token ${localStorage.getItem('auth_token')}` } });
    return ((await response.json()) as { user_id: number }).user_id;
  });
}
