/** Signing in through the form, as a member does, for the journeys that start signed in. */
import type { Page } from 'playwright-core';
import { waitForPath } from './browser.ts';
import { noToasts } from './toasts.ts';

/**
 * Signs in on /signin and lands on /home with no toast left up: the welcome toast lies over the
 * top bar for a few seconds, and the journeys tap there next.
 */
export async function signIn(page: Page, member: { username: string; password: string }): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('Phone, Email or Username').fill(member.username);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await waitForPath(page, '/home');
  await noToasts(page);
}
