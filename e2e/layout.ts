/** Layout checks for the phone-width browser journeys. */
import type { Page } from 'playwright-core';

/** How far the page is wider than the viewport (0: no element makes it scroll sideways). */
export const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
