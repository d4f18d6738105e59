/**
 * Profile photos on /profile/edit in a phone-sized Chromium against the real server, with the
 * real photo-moderation worker (in-process, as the test app runs it): a file that is not an
 * image, a photo moderation refuses with its reason, a photo from the gallery, one from the
 * (fake) camera, deleting a photo, a refused camera falling back to the file picker, axe on the
 * section, and phone-size screenshots at 390 and 360 px. The face scan of photo 1 is
 * e2e/face-scan.test.ts.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import t from 'tap';
import { listenTestApp, makeTempDir } from '../server/test/app.ts';
import { launchBrowser, newPhonePage, PHONE_VIEWPORT, screenshot } from './browser.ts';
import { fakeCameraArgs, writeFakeCameraVideo } from './fake-camera.ts';
import {
  chooseFromGallery,
  fixtureImage,
  photosSection,
  REVIEW_TIMEOUT,
  seriousViolations,
  signUpInBrowser,
  toastWith,
  watchPage,
} from './photo-helpers.ts';

t.test('profile photos in a phone-sized Chromium', async (t) => {
  const { baseUrl } = await listenTestApp(t);
  const temp = await makeTempDir(t, 'betroth-photos-');
  const notAnImage = path.join(temp, 'notes.txt');
  await writeFile(notAnImage, 'not a photo');
  const browser = await launchBrowser(t, fakeCameraArgs(await writeFakeCameraVideo(temp)));
  const { context, page } = await newPhonePage(browser, baseUrl);
  t.teardown(() => context.close());
  const seen = watchPage(page, baseUrl);
  const section = photosSection(page);
  const slot = (n: number) => section.getByRole('listitem').nth(n - 1);

  await t.test('a new member sees five empty slots, the hint and the tip', async (t) => {
    await signUpInBrowser(page, `photo_${Date.now().toString(36)}`);
    t.ok(await section.getByText('Take at least 2 photos. Your first photo will be your primary profile photo.').isVisible());
    t.ok(await section.getByText(/Use JPEG, PNG or HEIC images of at most 10MB/).isVisible(), 'the tip');
    t.equal(await section.getByRole('button', { name: /^Photo \d/ }).count(), 5, 'five empty slots');
    t.ok(await page.getByRole('button', { name: 'Save Changes' }).isDisabled(), 'nothing changed yet');
    t.same(await seriousViolations(page, 'section'), [], 'axe: the empty section');
  });

  await t.test('the gallery picker accepts images only', async (t) => {
    await section.getByRole('button', { name: 'Photo 2', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Photo 2' });
    await dialog.waitFor();
    t.same(await seriousViolations(page, '[role="dialog"]'), [], 'axe: the Add Photo dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    t.ok(
      await section.getByRole('button', { name: 'Photo 2', exact: true }).evaluate((el) => el === document.activeElement),
      'focus back on the slot',
    );
    t.equal(
      await section.locator('input[type="file"]').getAttribute('accept'),
      'image/jpeg,image/jpg,image/png,image/webp,image/heic,image/heif,.jpg,.jpeg,.png,.webp,.heic,.heif',
      "the contract's types, HEIF included",
    );
    await chooseFromGallery(page, 2, notAnImage);
    await toastWith(page, 'Please select an image file').waitFor();
    t.equal(await section.getByRole('button', { name: 'Photo 2', exact: true }).count(), 1, 'the slot is still empty');
  });

  await t.test('a photo without a face is refused by moderation, with its reason', async (t) => {
    const statusReads: string[] = [];
    const countStatus = (request: { url(): string }) => {
      if (/\/api\/v1\/uploads\/[^/]+\/status$/.test(new URL(request.url()).pathname)) statusReads.push(request.url());
    };
    page.on('request', countStatus);
    const started = Date.now();
    await chooseFromGallery(page, 2, fixtureImage('rocket.jpg'));
    await slot(2)
      .getByText(/^(Uploading\.\.\.|Analyzing image\.\.\.)$/)
      .waitFor();
    t.equal(await slot(2).getAttribute('aria-busy'), 'true', 'the slot is busy');
    await toastWith(page, /^We could not find a face in this photo\./).waitFor({ timeout: REVIEW_TIMEOUT });
    await section.getByRole('button', { name: 'Photo 2', exact: true }).waitFor();
    page.off('request', countStatus);
    t.pass('rejected with the reason; the slot is empty again');
    // The first review loads the moderation models (seconds): a once-a-second poll would read many times.
    t.ok(
      statusReads.length <= 2,
      `the upload.status push ended the wait: ${statusReads.length} status reads in ${Date.now() - started} ms`,
    );
  });

  await t.test('photo 2 from the gallery is reviewed and shown', async (t) => {
    await chooseFromGallery(page, 2, fixtureImage('camera.png'));
    await slot(2).getByText('Analyzing image...').waitFor({ timeout: REVIEW_TIMEOUT });
    await section.getByRole('status').filter({ hasText: 'Photo 2: Analyzing image...' }).waitFor({ state: 'attached' });
    t.pass('"Analyzing image..." on the slot and in the live region');
    await toastWith(page, 'Photo 2 uploaded successfully!').waitFor({ timeout: REVIEW_TIMEOUT });
    const photo = section.getByRole('img', { name: 'Photo 2', exact: true });
    await photo.waitFor();
    t.match(await photo.getAttribute('src'), /^\/api\/v1\/media\//, 'a signed media URL');
    await photo.evaluate((img: HTMLImageElement) =>
      img.complete ? null : new Promise((resolve) => img.addEventListener('load', resolve, { once: true })),
    );
    t.ok(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth > 0), 'the photo loads');
    t.ok(await page.getByRole('button', { name: 'Save Changes' }).isEnabled(), 'a photo change enables Save Changes');
  });

  await t.test('photo 3 from the camera', async (t) => {
    await section.getByRole('button', { name: 'Photo 3', exact: true }).click();
    await page.getByRole('dialog', { name: 'Add Photo 3' }).getByRole('button', { name: 'Take Photo' }).click();
    const camera = page.getByRole('dialog', { name: 'Take Photo 3' });
    await camera.waitFor();
    const shutter = camera.getByRole('button', { name: 'Capture photo 3' });
    await shutter.waitFor();
    await page.waitForFunction(() => {
      const video = document.querySelector<HTMLVideoElement>('[role="dialog"] video');
      return video !== null && video.videoWidth > 0 && !video.paused;
    });
    t.equal(
      await camera.locator('video').evaluate((v: HTMLVideoElement) => `${v.videoWidth}x${v.videoHeight}`),
      '480x480',
      'the fake camera plays',
    );
    t.same(await seriousViolations(page, '[role="dialog"]'), [], 'axe: the camera');
    await screenshot(page, 'photos-camera', { hideToasts: true });
    await camera.getByRole('button', { name: 'Switch camera' }).click();
    await shutter.waitFor();
    await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('[aria-label="Capture photo 3"]')?.disabled);
    const upload = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/v1/uploads/' && request.method() === 'POST');
    await shutter.click();
    const created = JSON.parse((await upload).postData() ?? '{}');
    t.same(
      { fieldName: created.fieldName, contentType: created.contentType, cameraMetadata: created.cameraMetadata },
      { fieldName: 'photo3', contentType: 'image/jpeg', cameraMetadata: { takenWithCamera: true } },
      'a JPEG from the camera',
    );
    await toastWith(page, 'Photo 3 captured successfully!').waitFor({ timeout: REVIEW_TIMEOUT });
    await section.getByRole('img', { name: 'Photo 3', exact: true }).waitFor();
    t.pass('captured, reviewed and shown');
  });

  await t.test('phone-size screenshots of the section, 390 and 360 wide', async (t) => {
    await section.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    t.same(await seriousViolations(page, 'section'), [], 'axe: the section with photos');
    await screenshot(page, 'photos-section', { hideToasts: true });
    await page.setViewportSize({ width: 360, height: 780 });
    await section.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await screenshot(page, 'photos-section-360', { hideToasts: true });
    await page.setViewportSize(PHONE_VIEWPORT);
  });

  await t.test('deleting a photo', async (t) => {
    await section.getByRole('button', { name: 'Delete photo 3' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete photo 3?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toastWith(page, 'Photo 3 deleted').waitFor();
    await section.getByRole('button', { name: 'Photo 3', exact: true }).waitFor();
    t.equal(await section.getByRole('img', { name: 'Photo 3', exact: true }).count(), 0, 'the slot is empty');
    const stored = await page.evaluate(async () => {
      const response = await fetch('/api/v1/my_profile/', { headers: { Authorization: `Token ${localStorage.getItem('auth_token')}` } });
      const body = await response.json();
      return { photo2: Boolean(body.photo2_url), photo3: body.photo3_url ?? null };
    });
    t.same(stored, { photo2: true, photo3: null }, 'the server cleared slot 3 only');
  });

  await t.test('a refused camera falls back to the file picker', async (t) => {
    // A browser with a camera but no auto-accepting prompt: headless Chromium refuses the request.
    const refusing = await launchBrowser(t, ['--use-fake-device-for-media-stream']);
    const { context: other, page: second } = await newPhonePage(refusing, baseUrl);
    t.teardown(() => other.close());
    await signUpInBrowser(second, `nocam_${Date.now().toString(36)}`);
    await photosSection(second).getByRole('button', { name: 'Photo 4', exact: true }).click();
    const [chooser] = await Promise.all([
      second.waitForEvent('filechooser'),
      second.getByRole('dialog', { name: 'Add Photo 4' }).getByRole('button', { name: 'Take Photo' }).click(),
      toastWith(second, 'Camera access denied. Using file picker instead.').waitFor(),
    ]);
    t.ok(chooser, 'the file picker opened');
    await second.getByRole('dialog', { name: 'Take Photo 4' }).waitFor({ state: 'detached' });
    await chooser.setFiles(fixtureImage('camera.png'));
    await toastWith(second, 'Photo 4 uploaded successfully!').waitFor({ timeout: REVIEW_TIMEOUT });
    t.pass('and the picked photo is stored');

    // The face scan's error view says why, with Try Again (going on without a scan: first-hour.test.ts).
    await photosSection(second).getByRole('button', { name: 'Photo 1 (primary)', exact: true }).click();
    const dialog = second.getByRole('dialog', { name: 'Face Scan' });
    await dialog.getByRole('button', { name: 'Start Face Scan' }).click();
    const failed = dialog.getByRole('alert');
    await failed.getByRole('heading', { name: 'Verification Failed' }).waitFor();
    t.equal(await failed.getByText('Camera access denied.', { exact: true }).count(), 1, 'the reason');
    t.same(await seriousViolations(second, '[role="dialog"]'), [], 'axe: the error view');
    await screenshot(second, 'photos-face-scan-error', { hideToasts: true });
    await dialog.getByRole('button', { name: 'Try Again' }).click();
    await failed.getByRole('heading', { name: 'Verification Failed' }).waitFor();
    t.pass('Try Again starts a new scan (refused again)');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await toastWith(second, 'Face scan cancelled').waitFor();
    await dialog.waitFor({ state: 'detached' });
  });

  t.same(seen.pageErrors, [], 'no uncaught errors in the page');
  t.same(seen.cspRefusals, [], 'no CSP refusals');
  t.same(seen.offOrigin, [], 'nothing loaded from another origin');
});
