/**
 * First-load JavaScript of a page, as the server sent it: every script response the page receives
 * from the navigation until the network is idle, counted by its encoded body size (the gzip or
 * brotli bytes on the wire, headers left out) from Chromium's own network accounting.
 * A fresh browser context each time, so nothing comes from the HTTP cache. The API requests are
 * kept too, to show that the reads the boot script starts early are not asked again and that a
 * screen asks for nothing it does not show.
 */
import type { Browser, Page } from 'playwright-core';
import { newPhonePage } from '../browser.ts';
import { AUTH_TOKEN_KEY } from '../../client/src/lib/auth-storage.ts';

export interface ScriptTransfer {
  url: string;
  /** Bytes of the body on the wire. */
  encodedBytes: number;
  /** content-encoding the server chose ('identity' when none). */
  encoding: string;
}

export interface FirstLoad {
  scripts: ScriptTransfer[];
  totalEncodedBytes: number;
  /** Path and query of every API request the page made, in order (a read asked twice shows twice). */
  apiRequests: string[];
  /** Path and query of every other request the page's scripts made with fetch() (e.g. the region list). */
  otherFetches: string[];
}

export interface FirstLoadOptions {
  /** Stored as the client stores a session, before the page's own scripts run. */
  token?: string;
  /** Resolves once the page shows what it is for (e.g. the discovery card). */
  ready?: (page: Page) => Promise<void>;
}

export async function measureFirstLoadJs(
  browser: Browser,
  baseUrl: string,
  pathname: string,
  options: FirstLoadOptions = {},
): Promise<FirstLoad> {
  const { context, page } = await newPhonePage(browser, baseUrl);
  try {
    if (options.token) {
      await context.addInitScript(([key, token]) => localStorage.setItem(key, token), [AUTH_TOKEN_KEY, options.token] as const);
    }
    const pending: Promise<ScriptTransfer>[] = [];
    const apiRequests: string[] = [];
    const otherFetches: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) apiRequests.push(`${url.pathname}${url.search}`);
      else if (request.resourceType() === 'fetch') otherFetches.push(`${url.pathname}${url.search}`);
    });
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      pending.push(
        (async () => {
          const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
          const encoding = (await response?.headerValue('content-encoding')) ?? 'identity';
          return { url: new URL(request.url()).pathname, encodedBytes: sizes.responseBodySize, encoding };
        })(),
      );
    });
    await page.goto(pathname, { waitUntil: 'networkidle' });
    await options.ready?.(page);
    await page.waitForLoadState('networkidle');
    const scripts = await Promise.all(pending);
    return { scripts, totalEncodedBytes: scripts.reduce((sum, s) => sum + s.encodedBytes, 0), apiRequests, otherFetches };
  } finally {
    await context.close();
  }
}
