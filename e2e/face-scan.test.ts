/**
 * A new member reaches 100% entirely in the browser, with a real face scan: Chromium's fake
 * camera plays a video of the astronaut fixture (e2e/fake-camera.ts), the face reader worker
 * runs face-api on it live, the real face-liveness worker (in-process, as the test app runs it)
 * decides the frames, and photo 1 from the gallery is reviewed by the real moderation worker and
 * bound to the scan, which makes the member verified. On the way: Cancel while the scan prepares
 * releases the camera (even one that answers after the Cancel) and the next scan still starts;
 * face models that never load end in an error after MODEL_LOAD_LIMIT_MS with Try Again, which
 * loads them afresh; Cancel in the middle of a scan ends the camera and the worker; a member who
 * holds still is nudged (the page's clock is moved on, so no test waits out either delay); and
 * face-api never loads on the page's main thread.
 *
 * The session's challenge is set by the test (face-scan-challenge.ts) so that the video, written
 * before each scan starts its camera, can follow the prompts in their order.
 */
import path from 'node:path';
import t from 'tap';
import type { Worker } from 'playwright-core';
import type { LivenessStepKind } from '../server/contract/liveness.ts';
import { LIVENESS_BASELINE_PROMPT, LIVENESS_STEP_PROMPTS } from '../server/contract/liveness.ts';
import { MODEL_LOAD_LIMIT_MS } from '../client/src/features/photos/face-reader/reader-slot.ts';
import { PHOTO_MESSAGES } from '../client/src/features/photos/hooks/photo-rules.ts';
import { NUDGE_AFTER_MS, SCAN_NUDGES } from '../client/src/features/photos/hooks/scan-guide.ts';
import { listenTestApp, makeTempDir } from '../server/test/app.ts';
import { launchBrowser, newPhonePage, screenshot, screenshotDir, waitForPath } from './browser.ts';
import { setChallenge } from './face-scan-challenge.ts';
import { fakeCameraArgs, following, HOLDING_STILL, writeCameraVideo } from './fake-camera.ts';
import { fixtureImage, photosSection, REVIEW_TIMEOUT, seriousViolations, signUpInBrowser, toastWith, watchPage } from './photo-helpers.ts';
import { until } from './until.ts';

/** The face reader loads in the worker, the member makes three movements, then the server reads every frame. */
const SCAN_TIMEOUT = 120_000;
/** The first step is a turn, so a member who does not move is told to turn more. */
const CHALLENGE: LivenessStepKind[] = ['turn_left', 'tilt_right', 'closer'];
/** Held long enough for a few readings each on a busy machine. */
const FOLLOWING = following(CHALLENGE, { neutralSeconds: 4, stepSeconds: 2.5 });

/**
 * Keeps every camera stream the page opens (the real getUserMedia still opens it), to see that it
 * was stopped, and counts the requests still waiting for the browser's answer.
 */
function recordCameraStreams() {
  const devices = navigator.mediaDevices;
  const open = devices.getUserMedia.bind(devices);
  const streams: MediaStream[] = [];
  const record = { cameraStreams: streams, cameraRequestsPending: 0 };
  Object.assign(window, record);
  devices.getUserMedia = async (constraints) => {
    Object.assign(window, { cameraRequestsPending: ++record.cameraRequestsPending });
    try {
      const stream = await open(constraints);
      streams.push(stream);
      return stream;
    } finally {
      Object.assign(window, { cameraRequestsPending: --record.cameraRequestsPending });
    }
  };
}

/**
 * While `window.holdFaceModels` is true, the page never hears that a face reader's models are
 * ready (the worker loads them as usual and reports its progress): models that never load, for
 * as long as the test wants.
 */
function holdFaceModels() {
  const RealWorker = window.Worker;
  Object.assign(window, { holdFaceModels: false });
  window.Worker = class extends RealWorker {
    override set onmessage(handler: ((event: MessageEvent) => void) | null) {
      super.onmessage = handler
        ? (event: MessageEvent) => {
            const held = (window as unknown as { holdFaceModels: boolean }).holdFaceModels;
            if (!(held && (event.data as { type?: string } | null)?.type === 'ready')) handler.call(this, event);
          }
        : null;
    }
    override get onmessage() {
      return super.onmessage;
    }
  };
}

/** Where a scan stands, from the page: the dialog's words, the camera requests and tracks, the video. */
const scanSnapshot = () => {
  const record = window as unknown as { cameraRequestsPending: number; cameraStreams: MediaStream[] };
  const video = document.querySelector<HTMLVideoElement>('[role="dialog"] video');
  return {
    dialog: document.querySelector<HTMLElement>('[role="dialog"]')?.innerText.replace(/\s+/g, ' ').slice(0, 400) ?? null,
    cameraRequestsPending: record.cameraRequestsPending,
    tracks: record.cameraStreams.flatMap((stream) => stream.getTracks()).map((track) => track.readyState),
    video: video && { readyState: video.readyState, paused: video.paused, width: video.videoWidth, hasStream: video.srcObject !== null },
  };
};

const liveCameraTracks = () =>
  (window as unknown as { cameraStreams: MediaStream[] }).cameraStreams
    .flatMap((stream) => stream.getTracks())
    .filter((track) => track.readyState === 'live').length;

/** Every camera request answered and every track stopped (a stream answered after Cancel is stopped as it arrives). */
const cameraReleased = () =>
  (window as unknown as { cameraRequestsPending: number }).cameraRequestsPending === 0 &&
  (window as unknown as { cameraStreams: MediaStream[] }).cameraStreams
    .flatMap((stream) => stream.getTracks())
    .every((track) => track.readyState === 'ended');

/** What the page's main thread fetched, and what face-reading code would come as. */
const mainThreadFetches = () => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname);
const isFaceCode = (pathname: string) => /face-api|\.wasm$|\/face-scan\/models\//.test(pathname);

// Five scans with real face-api in the browser, model loads included: over two minutes on a busy machine.
t.setTimeout(360_000);

t.test('a new member completes the profile with a live face scan', async (t) => {
  const { baseUrl, db } = await listenTestApp(t);
  const video = path.join(await makeTempDir(t, 'betroth-face-scan-'), 'camera.mjpeg');
  await writeCameraVideo(video, FOLLOWING);
  const browser = await launchBrowser(t, fakeCameraArgs(video));
  const { context, page } = await newPhonePage(browser, baseUrl);
  t.teardown(() => context.close());
  await context.addInitScript(recordCameraStreams);
  await context.addInitScript(holdFaceModels);
  // A clock the test can move on; until then it runs as the real one does.
  await page.clock.install();
  await setChallenge(page, db, CHALLENGE);
  const workers: Worker[] = [];
  page.on('worker', (worker) => workers.push(worker));
  const seen = watchPage(page, baseUrl);
  const section = photosSection(page);
  const save = page.getByRole('button', { name: 'Save Changes' });
  const dialog = page.getByRole('dialog', { name: 'Face Scan' });
  const prompt = dialog.locator('.pp-scan-prompt');
  const nudge = dialog.locator('.pp-scan-nudge');
  const preparing = dialog.locator('.pp-scan-prompt').filter({ hasText: 'Preparing the face scan...' });
  const failure = dialog.locator('.pp-scan-error');
  /** The first prompt, or the error that came instead (said, rather than waited out). */
  /** A guided prompt: the baseline, or the first step's when the baseline passed before the test looked. */
  const guided = prompt.filter({ hasText: new RegExp(`^(${LIVENESS_BASELINE_PROMPT}|${LIVENESS_STEP_PROMPTS[CHALLENGE[0]]})$`) });
  const firstPrompt = async () => {
    try {
      await guided.or(failure).waitFor({ timeout: SCAN_TIMEOUT });
    } catch (error) {
      // Neither came: say where the scan stood, so a failure in CI names its cause.
      throw new Error(`${(error as Error).message.split('\n')[0]}; the page then: ${JSON.stringify(await page.evaluate(scanSnapshot))}`, {
        cause: error,
      });
    }
    if (await failure.isVisible()) throw new Error(`the scan failed instead: ${await failure.textContent()}`);
  };
  const openScan = async () => {
    const opened = page.waitForEvent('worker');
    await section.getByRole('button', { name: 'Photo 1 (primary)', exact: true }).click();
    await dialog.getByRole('button', { name: 'Start Face Scan' }).waitFor();
    return opened;
  };

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

  await t.test('photo 1 starts with the face scan dialog, and Cancel while it prepares closes it', async (t) => {
    const reader = await openScan();
    t.ok(await dialog.getByRole('button', { name: 'Start Face Scan' }).evaluate((el) => el === document.activeElement), 'focus on Start');
    t.same(await seriousViolations(page, '[role="dialog"]'), [], 'axe: the dialog before the scan');
    await screenshot(page, 'photos-face-scan-start', { hideToasts: true });
    // Models that never arrive: Cancel is sure to come while they load and the camera starts.
    await page.evaluate(() => Object.assign(window, { holdFaceModels: true }));
    await dialog.getByRole('button', { name: 'Start Face Scan' }).click();
    await preparing.waitFor();
    const ended = reader.waitForEvent('close');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await toastWith(page, 'Face scan cancelled').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await ended;
    t.pass('Cancel closes it with "Face scan cancelled" and ends the face reader that was loading');
    await until(() => page.evaluate(cameraReleased), SCAN_TIMEOUT, 'the camera to be released after Cancel');
    t.pass('a camera answered after Cancel is stopped as it arrives');
  });

  await t.test('models that never load: a time limit, then Try Again loads them afresh', async (t) => {
    // Not moving: the scan waits on its steps, so the prompt is there to be seen (see below).
    await writeCameraVideo(video, HOLDING_STILL);
    // Still held from the Cancel above.
    const stalled = await openScan();
    await dialog.getByRole('button', { name: 'Start Face Scan' }).click();
    await dialog.getByText('Loading the face check: 4 of 4').waitFor({ timeout: SCAN_TIMEOUT });
    t.ok(await preparing.isVisible(), 'still preparing: the page never heard the models were ready');
    const ended = stalled.waitForEvent('close');
    await page.clock.fastForward(MODEL_LOAD_LIMIT_MS);
    await failure.getByText(PHOTO_MESSAGES.scanSlow).waitFor();
    await ended;
    t.pass('after the limit: the reason, and the stuck face reader is ended');
    t.ok(await dialog.getByRole('button', { name: 'Continue without verification' }).isVisible(), 'the way on without a scan');
    t.same(await seriousViolations(page, '[role="dialog"]'), [], 'axe: the error view');
    await page.evaluate(() => Object.assign(window, { holdFaceModels: false }));
    const retried = page.waitForEvent('worker');
    await dialog.getByRole('button', { name: 'Try Again' }).click();
    await retried;
    await firstPrompt();
    t.pass('Try Again starts a new face reader and the scan goes on');
    const closed = (await retried).waitForEvent('close');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await closed;
    await until(() => page.evaluate(cameraReleased), SCAN_TIMEOUT, 'the camera to be released after Escape');
  });

  await t.test('Cancel during a scan closes the dialog and stops the camera and the face reader', async (t) => {
    // A member who does not move stays on the guided steps: with a camera that follows the
    // prompts, the whole scan passed (measured: "Face verified") before the test saw a prompt,
    // and there was nothing left to cancel.
    await writeCameraVideo(video, HOLDING_STILL);
    const reader = await openScan();
    await dialog.getByRole('button', { name: 'Start Face Scan' }).click();
    await firstPrompt();
    t.equal(await page.evaluate(liveCameraTracks), 1, 'the camera is on while the scan is guided');
    // The last Cancel's toast has gone, so the one this Cancel brings is told apart.
    await toastWith(page, 'Face scan cancelled').waitFor({ state: 'detached' });
    const ended = reader.waitForEvent('close');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await toastWith(page, 'Face scan cancelled').waitFor();
    t.equal(await page.evaluate(liveCameraTracks), 0, 'every camera track is stopped');
    await ended;
    t.pass('the face reader worker is ended');
  });

  await t.test('a member who holds still is nudged once a prompt waited five seconds', async (t) => {
    await writeCameraVideo(video, HOLDING_STILL);
    const reader = await openScan();
    await dialog.getByRole('button', { name: 'Start Face Scan' }).click();
    await prompt.filter({ hasText: LIVENESS_STEP_PROMPTS[CHALLENGE[0]] }).waitFor({ timeout: SCAN_TIMEOUT });
    t.equal(await nudge.getAttribute('aria-live'), 'polite', 'nudges are announced politely');
    t.equal((await nudge.textContent())?.trim(), '', 'no nudge as the prompt appears');
    await page.clock.fastForward(NUDGE_AFTER_MS);
    await nudge.filter({ hasText: SCAN_NUDGES.turn }).waitFor({ timeout: SCAN_TIMEOUT });
    t.equal((await nudge.textContent())?.trim(), 'Turn a little more');
    t.same(await seriousViolations(page, '[role="dialog"]'), [], 'axe: the dialog with a nudge');
    await screenshot(page, 'photos-face-scan-nudge', { hideToasts: true });
    const ended = reader.waitForEvent('close');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await ended;
    t.equal(await page.evaluate(liveCameraTracks), 0, 'Escape stops the camera too');
  });

  await t.test('the member follows the prompts and passes on the server, with face-api only in the worker', async (t) => {
    await writeCameraVideo(video, FOLLOWING);
    const reader = await openScan();
    const verdict = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/v1/facetec/verify/', {
      timeout: SCAN_TIMEOUT,
    });
    // Watched from the start: the video leaves the dialog as soon as the frames are taken.
    const playing = page.waitForFunction(
      () => {
        const video = document.querySelector<HTMLVideoElement>('[role="dialog"] video');
        return video !== null && video.videoWidth === 480 && !video.paused && video.classList.contains('pp-mirrored');
      },
      undefined,
      { timeout: SCAN_TIMEOUT, polling: 50 },
    );
    const ended = reader.waitForEvent('close');
    await dialog.getByRole('button', { name: 'Start Face Scan' }).click();
    await prompt
      .filter({
        hasText: new RegExp(`^(${[LIVENESS_BASELINE_PROMPT, ...CHALLENGE.map((step) => LIVENESS_STEP_PROMPTS[step])].join('|')})$`),
      })
      .waitFor({ timeout: SCAN_TIMEOUT });
    // The worker's own fetches, read while it lives (it ends once the frames are taken).
    const readerFetches = await reader
      .evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname))
      .catch(() => null);
    // Taken at once: the scan can finish within seconds of the first prompt.
    await page.screenshot({
      path: path.join(await screenshotDir(), 'photos-face-scan-checking.png'),
      style: '[data-sonner-toaster] { display: none !important; }',
    });
    await playing;
    t.pass('the fake camera plays in the (mirrored) preview');
    t.same(await seriousViolations(page, '[role="dialog"]'), [], 'axe: the dialog while checking (or verifying)');
    const answer = await verdict;
    const body = (await answer.json()) as { livenessToken?: string; score?: number; mock?: boolean };
    t.equal(answer.status(), 200, `verify answered ${answer.status()}`);
    t.equal(body.mock, false, 'a real scan, not a practice one');
    t.ok((body.score ?? 0) >= 0.5, `score ${body.score}`);
    const sent = JSON.parse(answer.request().postData() ?? '{}') as { frames?: string[] };
    t.equal(sent.frames?.length, 4, 'the neutral frame and one per step');
    await dialog.getByText('Face verified').waitFor();
    await ended;
    t.pass('the face reader is ended once the frames are taken');
    t.match(reader.url(), /\/assets\/face-reader\.worker-[\w-]+\.js$/, 'the face reader is the built module worker');
    const pageFetches = await page.evaluate(mainThreadFetches);
    t.same(pageFetches.filter(isFaceCode), [], 'the page itself never fetched face-api, TensorFlow.js wasm or a model');
    if (readerFetches === null) t.fail('the worker ended before its fetches could be read');
    else
      t.ok(
        readerFetches.some((p) => p.endsWith('.wasm')) && readerFetches.some((p) => p.endsWith('.bin')),
        'the worker fetched the wasm and the models, from this origin',
      );
    t.same(await seriousViolations(page, '[role="dialog"]'), [], 'axe: the success view');
    await screenshot(page, 'photos-face-scan-success', { hideToasts: true });
  });

  await t.test('photo 1 from the gallery is reviewed, bound to the scan, and verified', async (t) => {
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
      const response = await fetch('/api/v1/profile/completeness/', {
        headers: { Authorization: `Token ${localStorage.getItem('auth_token')}` },
      });
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

  t.equal(workers.length, 6, 'one face reader per opening of the dialog, and one per Try Again after models that did not load');
  t.same(seen.pageErrors, [], 'no uncaught errors in the page');
  t.same(seen.cspRefusals, [], 'no CSP refusals');
  t.same(seen.offOrigin, [], 'nothing loaded from another origin');
});
