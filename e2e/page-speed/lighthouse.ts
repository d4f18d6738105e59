/**
 * Lighthouse, run programmatically against the local app: the default mobile configuration
 * (simulated throttling, Slow 4G network) with the CPU slowdown calibrated to the host's speed
 * during the run (cpu-calibration.ts), performance and accessibility only. Chromium is the
 * system one, headless, with the same flags as the browser journeys, so it makes no request
 * beyond the app.
 *
 * A run is Lighthouse's own two steps, gather then audit (its -G / -A modes): the page is loaded
 * and traced once, unthrottled as simulated throttling always is; then the host's BenchmarkIndex
 * of that run (Lighthouse's, taken just before the page load, and ours, taken just after the
 * trace, averaged) sets the CPU slowdown the audit step simulates with. A calibration measured
 * before the whole run instead missed by up to a third on this shared machine, whose speed
 * changes within seconds.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result as LighthouseResult } from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../browser.ts';
import { AUTH_TOKEN_KEY } from '../../client/src/lib/auth-storage.ts';
import { measureBenchmarkIndex, midTierMobileCpuMultiplier } from './cpu-calibration.ts';

interface Teardown {
  teardown(fn: () => unknown): void;
}

export interface AuditResult {
  url: string;
  /** Category scores, 0-100. */
  performance: number;
  accessibility: number;
  /** Lantern's simulated metrics, milliseconds (CLS unitless). */
  fcp: number;
  lcp: number;
  tbt: number;
  si: number;
  cls: number;
  /** Audits of the accessibility category that did not pass, to say why when the score drops. */
  failedAccessibility: string[];
  /** Lighthouse's measure of the machine's speed just before the page load (lower: slower or busier). */
  benchmarkIndex: number;
  /** The same benchmark, measured by the test right after the trace. */
  benchmarkIndexAfter: number;
  /** The CPU slowdown the audit simulated: midTierMobileCpuMultiplier of the mean of the two indexes. */
  cpuSlowdownMultiplier: number;
}

/** Lighthouse could not record the page (e.g. NO_NAVSTART): no score, the run says nothing about the page. */
export class LighthouseRuntimeError extends Error {}

/** Set to a folder to keep every run's full Lighthouse report (JSON) for a closer look. */
const REPORT_DIR = process.env.PAGE_SPEED_REPORT_DIR;

/** One headless Chromium for all audits of a test, closed at its end. */
export async function launchAuditChromium(t: Teardown): Promise<number> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
    logLevel: 'silent',
  });
  t.teardown(() => chrome.kill());
  return chrome.port;
}

/**
 * Makes the next audit a first visit: clears the HTTP cache and everything the origin stored
 * (service worker and its precache included; Lighthouse leaves them alone when told to keep
 * storage), then, for a signed-in audit, writes the token where the client keeps it. It goes into
 * the browser's default profile, which the tab Lighthouse opens shares.
 */
export async function prepareVisit(port: number, baseUrl: string, token?: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Storage.clearDataForOrigin', { origin: new URL(baseUrl).origin, storageTypes: 'all' });
    await cdp.send('Network.clearBrowserCache');
    if (token) {
      // A JSON route of the origin: storage is per origin, and the app's own files stay unloaded.
      await page.goto(`${baseUrl}/healthz`);
      await page.evaluate(([key, value]) => localStorage.setItem(key, value), [AUTH_TOKEN_KEY, token] as const);
    }
    await page.close();
  } finally {
    // Connected over CDP, close() only disconnects; the browser stays for the audits.
    await browser.close();
  }
}

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

/** The host's BenchmarkIndex now, measured in a blank tab of the audit browser. */
async function benchmarkHost(port: number): Promise<number> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    const index = await measureBenchmarkIndex(page);
    await page.close();
    return index;
  } finally {
    await browser.close();
  }
}

export async function audit(port: number, url: string): Promise<AuditResult> {
  const flags = {
    port,
    output: 'json' as const,
    logLevel: 'error' as const,
    onlyCategories: ['performance', 'accessibility'],
    // Keep the session prepareVisit stored (Lighthouse would clear it, and skips the cache too
    // when told not to: prepareVisit clears that).
    disableStorageReset: true,
  };
  const artifactsDir = await mkdtemp(path.join(os.tmpdir(), 'betroth-lighthouse-'));
  try {
    // Gather: load and trace the page (default settings: the multiplier plays no part yet).
    await lighthouse(url, { ...flags, gatherMode: artifactsDir });
    const benchmarkIndexAfter = await benchmarkHost(port);
    const artifactsFile = path.join(artifactsDir, 'artifacts.json');
    const artifacts = JSON.parse(await readFile(artifactsFile, 'utf8')) as {
      BenchmarkIndex: number;
      settings: { throttling: { cpuSlowdownMultiplier: number } };
    };
    const benchmarkIndex = Math.round(artifacts.BenchmarkIndex);
    const cpuSlowdownMultiplier = midTierMobileCpuMultiplier((benchmarkIndex + benchmarkIndexAfter) / 2);
    // Audit: the saved run, simulated with the calibrated slowdown (the audit step insists on the
    // gather step's settings, so the saved ones carry the same multiplier).
    const throttlingSettings = { ...throttling.mobileSlow4G, cpuSlowdownMultiplier };
    artifacts.settings.throttling = throttlingSettings;
    await writeFile(artifactsFile, JSON.stringify(artifacts));
    const result = await lighthouse(url, { ...flags, auditMode: artifactsDir, throttling: throttlingSettings });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    // Awaited here, not returned as a promise: a rejection must reach the caller before the
    // finally block runs, or Node reports it as unhandled while the folder is being removed.
    return await summarize(url, result.lhr, benchmarkIndexAfter);
  } finally {
    await rm(artifactsDir, { recursive: true, force: true });
  }
}

async function summarize(url: string, lhr: LighthouseResult, benchmarkIndexAfter: number): Promise<AuditResult> {
  if (REPORT_DIR) {
    await mkdir(REPORT_DIR, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, '-')}-${new Date().toISOString().replace(/\W+/g, '')}.json`;
    await writeFile(path.join(REPORT_DIR, name), JSON.stringify(lhr, null, 1));
  }
  if (lhr.runtimeError)
    throw new LighthouseRuntimeError(`Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failedAccessibility = lhr.categories.accessibility.auditRefs
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && (lhr.audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => ref.id);
  return {
    url: lhr.finalDisplayedUrl,
    performance: score(lhr.categories.performance.score),
    accessibility: score(lhr.categories.accessibility.score),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    si: metric('speed-index'),
    cls: metric('cumulative-layout-shift'),
    failedAccessibility,
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    benchmarkIndexAfter,
    cpuSlowdownMultiplier: lhr.configSettings.throttling.cpuSlowdownMultiplier ?? Number.NaN,
  };
}

/** A run Lighthouse itself could not record is repeated (at most this many times), not scored. */
const RUNTIME_ERROR_RETRIES = 2;

/** One audit of `pathname` from a fresh visit; `note` hears of runs repeated because Lighthouse failed to record them. */
export async function auditWithRetries(
  port: number,
  baseUrl: string,
  pathname: string,
  token: string | undefined,
  note: (message: string) => void,
): Promise<AuditResult> {
  for (let retry = 0; ; retry += 1) {
    await prepareVisit(port, baseUrl, token);
    try {
      return await audit(port, `${baseUrl}${pathname}`);
    } catch (error) {
      if (!(error instanceof LighthouseRuntimeError) || retry === RUNTIME_ERROR_RETRIES) throw error;
      note(`${error.message}; running it again`);
    }
  }
}

/** One line per run: the scores, the metrics and the calibration behind them. */
export const describeAudit = (r: AuditResult) =>
  `performance ${r.performance}, accessibility ${r.accessibility}; FCP ${Math.round(r.fcp)} ms, LCP ${Math.round(r.lcp)} ms, ` +
  `TBT ${Math.round(r.tbt)} ms, SI ${Math.round(r.si)} ms, CLS ${r.cls.toFixed(3)}; ` +
  `benchmark index ${r.benchmarkIndex} before the trace, ${r.benchmarkIndexAfter} after, CPU x${r.cpuSlowdownMultiplier.toFixed(2)}`;
