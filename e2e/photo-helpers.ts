/**
 * What the photo and face-scan journeys share: signing up in the browser, the Photos section and
 * its slots, the gallery picker, toasts, and axe limited to serious and critical findings.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { type AxeViolation, axeSource, axeViolations } from './axe.ts';
import { waitForPath } from './browser.ts';

export const PASSWORD = 'Betroth2026!';
const IMAGES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/images');
export const fixtureImage = (name: string) => path.join(IMAGES, name);
/** One review by the real moderation worker, on a 2-core machine shared with other suites. */
export const REVIEW_TIMEOUT = 60_000;

/** Signs a new member up through /signup; resolves on 'Complete Your Profile'. */
export async function signUpInBrowser(page: Page, username: string): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(`${username}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await waitForPath(page, '/profile/edit');
  await page.getByRole('heading', { name: 'Complete Your Profile' }).waitFor();
}

export const photosSection = (page: Page) => page.locator('section', { has: page.getByRole('heading', { name: 'Photos', exact: true }) });

/** The slot's add button is named 'Photo 1 (primary)' or 'Photo N'. */
export const slotName = (n: number) => (n === 1 ? 'Photo 1 (primary)' : `Photo ${n}`);

/** A toast (sonner's), not the live region that repeats its words for screen readers. */
export const toastWith = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toaster]').getByText(text);

/** Opens slot `n`'s 'Add Photo' dialog, picks 'Choose from Gallery' and hands the picker `file`. */
export async function chooseFromGallery(page: Page, n: number, file: string): Promise<void> {
  await photosSection(page)
    .getByRole('button', { name: slotName(n), exact: true })
    .click();
  const dialog = page.getByRole('dialog', { name: `Add ${slotName(n)}` });
  await dialog.waitFor();
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Choose from Gallery' }).click();
  await (await chooser).setFiles(file);
}

/** Serious and critical axe findings inside `selector`. */
export async function seriousViolations(page: Page, selector: string): Promise<AxeViolation[]> {
  const violations = await axeViolations(page, await axeSource(), selector);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Records page errors, CSP refusals and requests to any other origin, for the end of a journey. */
export function watchPage(page: Page, baseUrl: string) {
  const seen = { pageErrors: [] as string[], cspRefusals: [] as string[], offOrigin: [] as string[] };
  page.on('pageerror', (error) => seen.pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/.test(message.text())) seen.cspRefusals.push(message.text());
  });
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol !== 'data:' && url.protocol !== 'blob:' && url.origin !== baseUrl) seen.offOrigin.push(request.url());
  });
  return seen;
}
