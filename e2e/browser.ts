/**
 * Shared Chromium launcher for the browser journeys (playwright-core drives the system Chromium).
 * Each test gets a phone-sized context (390x844) pointed at a listening test app.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { animationsDone } from './layout.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const PHONE_VIEWPORT = { width: 390, height: 844 } as const;
/** No sandbox (root in CI), no GPU, and nothing that calls home: the browser talks only to the test app. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
/**
 * Where journeys put their screenshots: an ignored folder (`.screenshots/`), so a test run never
 * changes a tracked file. `npm run screenshots` points it at docs/screenshots to refresh the
 * pictures the README shows.
 */
export const SCREENSHOT_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  process.env.BETROTH_SCREENSHOT_DIR ?? '.screenshots',
);

interface Teardown {
  teardown(fn: () => unknown): void;
}

/** `extraArgs` add Chromium switches (for example a fake camera) to the shared ones. */
export async function launchBrowser(t: Teardown, extraArgs: readonly string[] = []): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
  t.teardown(() => browser.close());
  return browser;
}

/** A fresh phone-sized context; service workers are blocked so every run sees the server's files. */
export async function newPhonePage(browser: Browser, baseUrl: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: PHONE_VIEWPORT,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
    locale: 'en-US',
  });
  const page = await context.newPage();
  return { context, page };
}

export interface ScreenshotOptions {
  /** Leave toasts out of the picture (they sit over the top bar for a few seconds). */
  hideToasts?: boolean;
}

/** The screenshot folder, made when missing (the ignored default is absent on a fresh clone). */
export async function screenshotDir(): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  return SCREENSHOT_DIR;
}

export async function screenshot(page: Page, name: string, options: ScreenshotOptions = {}): Promise<string> {
  const file = path.join(await screenshotDir(), `${name}.png`);
  // Toasts and the menu have finished moving.
  await animationsDone(page);
  await page.screenshot({
    path: file,
    fullPage: false,
    style: options.hideToasts ? '[data-sonner-toaster] { display: none !important; }' : undefined,
  });
  return file;
}

/** Resolves once the URL path equals `pathname`. */
export async function waitForPath(page: Page, pathname: string, timeout = 10_000): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname, { timeout });
}

/**
 * Opens the phone menu and follows one of its links. A tap that lands while the header
 * re-renders (a live update arriving) can be lost, as on a real phone; the member taps again,
 * and so does this, up to three times.
 */
export async function navigateByMenu(page: Page, linkName: string): Promise<void> {
  const link = page.getByRole('dialog').getByRole('link', { name: linkName, exact: true });
  for (let attempt = 1; ; attempt += 1) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    try {
      await link.waitFor({ timeout: 5_000 });
      break;
    } catch (error) {
      if (attempt === 3) throw error;
      await page.keyboard.press('Escape');
    }
  }
  await link.click();
}
