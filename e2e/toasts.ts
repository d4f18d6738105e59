/** Toasts in the browser journeys. */
import type { Page } from 'playwright-core';

/**
 * Closes whatever toasts are up (as a member would) and waits until none is left. A toast can
 * sit over a control the journey taps next, and sonner holds a toast while the pointer rests on
 * it, so waiting for it to time out is not enough.
 */
export async function noToasts(page: Page): Promise<void> {
  const close = page.getByRole('button', { name: 'Close toast' });
  while ((await close.count()) > 0)
    await close
      .first()
      .click({ timeout: 2_000 })
      .catch(() => {});
  await page.waitForFunction(() => document.querySelectorAll('[data-sonner-toast]').length === 0, undefined, { timeout: 10_000 });
}
