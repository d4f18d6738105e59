/**
 * A new member reaches 100% entirely in the browser, with a real face scan: Chromium's fake
 * camera plays a video of the astronaut fixture making every movement a challenge can ask for
 * (e2e/fake-camera.ts), the page's face-api guides the scan live, the real face-liveness worker
 * (in-process, as the test app runs it) decides it, and photo 1 from the gallery is reviewed by
 * the real moderation worker and bound to the scan, which makes the member verified.
 */
import path from 'node:path';
import t from 'tap';
import { LIVENESS_BASELINE_PROMPT, LIVENESS_STEP_PROMPTS } from '../server/contract/liveness.ts';
import { listenTestApp, makeTempDir } from '../server/test/app.ts';
import { launchBrowser, newPhonePage, SCREENSHOT_DIR, screenshot, waitForPath } from './browser.ts';
import { fakeCameraArgs, writeFakeCameraVideo } from './fake-camera.ts';
import { fixtureImage, photosSection, REVIEW_TIMEOUT, seriousViolations, signUpInBrowser, toastWith, watchPage } from './photo-helpers.ts';

/** face-api loads in the page, the member makes three movements, then the worker reads every frame. */
const SCAN_TIMEOUT = 120_000;

t.test('a new member completes the profile with a live face scan', async (t) => {
  const { baseUrl } = await listenTestApp(t);
  const video = await writeFakeCameraVideo(await makeTempDir(t, 'betroth-face-scan-'));
  const browser = await launchBrowser(t, fakeCameraArgs(video));
  const { context, page } = await newPhonePage(browser, baseUrl);
  t.teardown(() => context.close());
  const seen = watchPage(page, baseUrl);
  const section = photosSection(page);
  const save = page.getByRole('button', { name: 'Save Changes' });

  await t.test('sign up and fill every required field but the photo', async (t) => {
    await signUpInBrowser(page, `scan_${Date.now().toString(36)}`);
    await page.getByLabel(/^Date of birth/).fill('1992-03-08');
    await page.locator('#pf-gender').selectOption('Man');
    await page.locator('#pf-native_language').selectOption('English');
    await page.locator('#pf-home_country option[value="Canada"]').waitFor({ state: 'attached' });
    await page.locator('#pf-home_country').selectOption('United States');
    await page.getByLabel(/^State/).selectOption('Texas');
    await page.getByLabel(/^City/).fill('Austin');
    await page.getByRole('button', { name: 'Imperial (ft, in, lb)' }).waitFor();
    await page.getByLabel('Height, feet').fill('5');
    await page.getByLabel('Height, inches').fill('10');
    await page.getByLabel(/^Weight \(lb\)/).fill('170');
    await page.locator('#pf-relationship_status').selectOption('Single');
    await page.locator('#pf-kids_at_home').selectOption('No kids at home');
    await page.locator('#pf-livelihood').selectOption('Employed');
    await page.locator('#pf-annual_income').selectOption('$50,001-$75,000');
    await page.locator('#pf-education').selectOption('High school');
    await page.locator('#pf-religion').selectOption('Christian - Catholic');
    await page.locator('#pf-reason_to_marry').selectOption('Love and companionship');
    await page.locator('#pf-number_of_kids_wanted').selectOption('1-2');
    await save.click();
    await toastWith(page, 'Progress saved! 1 required field(s) remaining').waitFor();
    await page.getByRole('heading', { name: 'Profile Incomplete - 94% Complete' }).waitFor();
    t.ok(await page.getByRole('list', { name: 'Missing required fields' }).getByText('photo1 url').isVisible(), 'only photo 1 is missing');
  });

  await t.test('photo 1 starts with the face scan dialog', async (t) => {
    await section.getByRole('button', { name: 'Photo 1 (primary)', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Face Scan' });
    await dialog.getByRole('button', { name: 'Start Face Scan' }).waitFor();
    t.ok(await dialog.getByRole('button', { name: 'Start Face Scan' }).evaluate((el) => el === document.activeElement), 'focus on Start');
    t.same(await seriousViolations(page, '[role="dialog"]'), [], 'axe: the dialog before the scan');
    await screenshot(page, 'photos-face-scan-start', { hideToasts: true });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await toastWith(page, 'Face scan cancelled').waitFor();
    await dialog.waitFor({ state: 'detached' });
    t.pass('Cancel closes it with "Face scan cancelled"');
  });

  await t.test('the live scan guides the movements and passes on the server', async (t) => {
    const faceApiRequests: string[] = [];
    page.on('request', (request) => {
      if (/face-api|\/face-scan\//.test(request.url())) faceApiRequests.push(new URL(request.url()).pathname);
    });
    await section.getByRole('button', { name: 'Photo 1 (primary)', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Face Scan' });
    const verdict = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/v1/facetec/verify/', { timeout: SCAN_TIMEOUT });
    // Watched from the start: the video leaves the dialog as soon as the frames are taken.
    const playing = page.waitForFunction(
      () => {
        const video = document.querySelector<HTMLVideoElement>('[role="dialog"] video');
        return video !== null && video.videoWidth === 480 && !video.paused && video.classList.contains('pp-mirrored');
      },
      undefined,
      { timeout: SCAN_TIMEOUT, polling: 50 },
    );
    await dialog.getByRole('button', { name: 'Start Face Scan' }).click();
    const prompts = Object.values(LIVENESS_STEP_PROMPTS);
    const prompt = dialog.locator('.pp-scan-prompt');
    await prompt.filter({ hasText: new RegExp(`^(${[LIVENESS_BASELINE_PROMPT, ...prompts].join('|')})$`) }).waitFor({ timeout: SCAN_TIMEOUT });
    // Taken at once: the scan can finish within seconds of the first prompt.
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'photos-face-scan-checking.png'), style: '[data-sonner-toaster] { display: none !important; }' });
    await playing;
    t.pass('the fake camera plays in the (mirrored) preview');
    t.same(await seriousViolations(page, '[role="dialog"]'), [], 'axe: the dialog while checking (or verifying)');
    const answer = await verdict;
    const body = (await answer.json()) as { livenessToken?: string; score?: number; mock?: boolean };
    t.equal(answer.status(), 200, `verify answered ${answer.status()}`);
    t.equal(body.mock, false, 'a real scan, not a practice one');
    t.ok((body.score ?? 0) >= 0.5, `score ${body.score}`);
    const sent = JSON.parse(answer.request().postData() ?? '{}') as { frames?: string[] };
    t.ok((sent.frames?.length ?? 0) >= 4, `${sent.frames?.length} frames: neutral and one per step`);
    await dialog.getByText('Face verified').waitFor();
    t.ok(faceApiRequests.some((p) => p.startsWith('/assets/face-api')), 'face-api loaded with the dialog');
    t.ok(faceApiRequests.some((p) => p.endsWith('.wasm')) && faceApiRequests.some((p) => p.endsWith('.bin')), 'wasm and models from this origin');
    t.same(await seriousViolations(page, '[role="dialog"]'), [], 'axe: the success view');
    await screenshot(page, 'photos-face-scan-success', { hideToasts: true });
  });

  await t.test('photo 1 from the gallery is reviewed, bound to the scan, and verified', async (t) => {
    const dialog = page.getByRole('dialog', { name: 'Face Scan' });
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Choose from Gallery' }).click();
    await (await chooser).setFiles(fixtureImage('astronaut.jpg'));
    await toastWith(page, 'Photo 1 uploaded successfully!').waitFor({ timeout: REVIEW_TIMEOUT });
    const photo = section.getByRole('img', { name: 'Photo 1 (primary)', exact: true });
    await photo.waitFor();
    t.match(await photo.getAttribute('src'), /^\/api\/v1\/media\//, 'a signed media URL');
    await section.getByText('Verified', { exact: true }).waitFor();
    t.pass('the verified badge on photo 1');
    await page.getByRole('heading', { name: 'Complete Your Profile' }).waitFor({ state: 'detached' });
    t.pass('the banner is gone: 100%');
  });

  await t.test('Save Changes is enabled by the photo and finishes the profile', async (t) => {
    t.ok(await save.isEnabled(), 'a photo change enables Save Changes');
    await save.click();
    await toastWith(page, 'Profile completed successfully! Welcome to Betroth!').waitFor();
    await waitForPath(page, '/home');
    const completeness = await page.evaluate(async () => {
      const response = await fetch('/api/v1/profile/completeness/', { headers: { Authorization: `Token ${localStorage.getItem('auth_token')}` } });
      return response.json();
    });
    t.equal(completeness.completion_percentage, 100);
    t.equal(completeness.is_complete, true);
  });

  await t.test('the own profile shows the verified badge', async (t) => {
    await page.goto('/profile');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByText('Verified', { exact: true }).waitFor();
    t.pass('Verified beside the name');
  });

  t.same(seen.pageErrors, [], 'no uncaught errors in the page');
  t.same(seen.cspRefusals, [], 'no CSP refusals');
  t.same(seen.offOrigin, [], 'nothing loaded from another origin');
});
