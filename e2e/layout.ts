/** Layout checks for the phone-width browser journeys. */
import type { Page } from 'playwright-core';

/** How far the page is wider than the viewport (0: no element makes it scroll sideways). */
export const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Words (split at spaces and hyphens) inside `selector` that the layout broke across two lines. */
export const brokenWords = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((elements) => {
    const broken: string[] = [];
    for (const element of elements) {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const match of (node.textContent ?? '').matchAll(/[^\s-]+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) broken.push(match[0]);
        }
      }
    }
    return broken;
  });

/** Elements of `selector` that reach past the viewport's left or right edge (cut off). */
export const offScreen = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((elements) =>
    elements
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.left < 0 || box.right > document.documentElement.clientWidth + 0.5;
      })
      .map((el) => (el.textContent ?? '').trim()),
  );

/** Resolves after two animation frames from now: a viewport change or a render has been laid out and painted. */
export const framesPainted = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));

/**
 * Resolves once every finite animation and transition on the page has finished (a toast sliding
 * in, a menu opening); endless ones, such as a spinner, are left out. Then the layout is the one
 * that stays.
 */
export const animationsDone = (page: Page) =>
  page.evaluate(async () => {
    const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => {})));
  });
