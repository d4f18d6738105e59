/**
 * Every screen a signed-in member reaches, as the budget test and the bench audit them: the seeded
 * member (seed-screens.ts) on /home, /likes, /matches, /credits, /profile, /profile/edit, another
 * member's profile and a chat. `ready` resolves once the screen shows what it is for, so a
 * first-load measurement counts the scripts the screen needs, not those of its spinner.
 */
import type { Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { AUTH_TOKEN_KEY } from '../../client/src/lib/auth-storage.ts';
import type { SeededScreens } from './seed-screens.ts';

export interface MemberScreen {
  /** The path audited. */
  path: string;
  /** The path as it is reported (a member's profile and a chat under their pattern, not their ids). */
  name: string;
  ready: (page: Page) => Promise<void>;
}

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { level: 1, name }).waitFor();

/** The screens after /home (whose first load waits for its card photo, see e2e/page-speed.test.ts). */
export function memberScreens(seed: SeededScreens): MemberScreen[] {
  return [
    { path: '/likes', name: '/likes', ready: async (page) => page.locator('.like-card').first().waitFor() },
    { path: '/matches', name: '/matches', ready: async (page) => page.locator('.match-name').first().waitFor() },
    { path: '/credits', name: '/credits', ready: heading('Buy Credits') },
    { path: '/profile', name: '/profile', ready: async (page) => page.getByRole('button', { name: 'Sign Out' }).first().waitFor() },
    { path: '/profile/edit', name: '/profile/edit', ready: heading('Edit Profile') },
    {
      path: `/profile/${seed.otherProfileId}`,
      name: '/profile/:id',
      ready: async (page) => page.getByRole('button', { name: 'Like' }).waitFor(),
    },
    { path: `/chat/${seed.matchId}`, name: '/chat/:id', ready: async (page) => page.getByText('Hello from Round Rock 6').waitFor() },
  ];
}

/**
 * Opens each screen once as the member, unscored, so the audits meet a server that has answered
 * its reads before (routes, statements and connections warm), as a running service always has.
 * prepareVisit (lighthouse.ts) clears whatever this leaves in the browser before each audit.
 */
export async function warmScreens(port: number, baseUrl: string, token: string, screens: readonly MemberScreen[]): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    await page.goto(`${baseUrl}/healthz`);
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [AUTH_TOKEN_KEY, token] as const);
    for (const screen of screens) {
      await page.goto(`${baseUrl}${screen.path}`);
      await screen.ready(page);
      await page.waitForLoadState('networkidle');
    }
    await page.close();
  } finally {
    await browser.close();
  }
}
