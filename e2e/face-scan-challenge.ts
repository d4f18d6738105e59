/**
 * A known challenge for a browser face scan. The server draws a random one per session, but the
 * fake camera plays a file written beforehand, so a test that wants a member who follows the
 * prompts (rather than one who makes every movement and waits for the right one to come round)
 * sets the session's challenge itself: the page's GET /facetec/config/ goes to the real server,
 * the new session's row gets `challenge`, and the page is answered with the same steps. The
 * server then judges the frames against that row, exactly as for a drawn challenge.
 */
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { LIVENESS_STEP_PROMPTS, type LivenessStepKind } from '../server/contract/liveness.ts';
import type { Db } from '../server/kernel/db/client.ts';
import { faceScans } from '../server/kernel/db/schema/index.ts';

const CONFIG_PATH = '/api/v1/facetec/config/';

/** Every scan session the page opens from now on asks for `challenge`. Answers a function that stops it. */
export async function setChallenge(page: Page, db: Db, challenge: readonly LivenessStepKind[]): Promise<() => Promise<void>> {
  const matcher = (url: URL) => url.pathname === CONFIG_PATH;
  await page.route(matcher, async (route) => {
    const response = await route.fetch();
    if (response.status() !== 200) return route.fulfill({ response });
    const session = (await response.json()) as { sessionToken: string; challenge: unknown };
    await db
      .update(faceScans)
      .set({ challenge: [...challenge] })
      .where(eq(faceScans.id, session.sessionToken));
    await route.fulfill({
      response,
      json: { ...session, challenge: challenge.map((step) => ({ step, prompt: LIVENESS_STEP_PROMPTS[step] })) },
    });
  });
  return () => page.unroute(matcher);
}
