/**
 * demo-likebacks: on the embedded default in development, some demo members like back a member
 * who likes them, a few seconds later, so a fresh `npm start` can show a match and its push.
 *
 * Which demo members: DEMO_LIKE_BACK_PERCENT of them, fixed per member (a hash of the user id),
 * so the same member always answers or never does, as a person would. When: DEMO_LIKE_BACK_DELAY_MS
 * up to twice that after the like (a reply at once would look like a bot). How: through the
 * likes module's own `like`, with its events, so the match, matches.created and the pushes are
 * exactly what a real like-back makes; whatever that path refuses (a block, an incomplete or
 * deleted profile, a like withdrawn meanwhile) is dropped without a word.
 *
 * An ordinary handler on the shared consume loop. The registry adds it to the in-process
 * handlers when config turns it on, so it runs only where those run (no NATS_URL), shares their
 * start-up and shutdown order, and a like-back still waiting when the server stops is delivered
 * again at the next start. Never in production: config refuses a share there, and the switch
 * below checks the environment again.
 */
import { setTimeout as pause } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../server/kernel/config.ts';
import type { Db } from '../../server/kernel/db/client.ts';
import { likes, users } from '../../server/kernel/db/schema/index.ts';
import { AppError } from '../../server/kernel/errors.ts';
import type { EventPayload } from '../../server/kernel/events/contracts.ts';
import { like } from '../../server/modules/likes/index.ts';
import { defineHandler, type EventHandler, HANDLER_DEFAULTS, JobStopped } from '../runtime/handler.ts';

/** The durable consumer's name: its settlements in event_deliveries carry it. */
export const DEMO_LIKE_BACKS = 'demo-likebacks';
/** Like-backs waiting or running at once; past it the queue waits, it never drops one. */
const MAX_IN_FLIGHT = 64;

type LikeCreated = EventPayload<'likes.created'>;

export function demoLikeBacksOn(config: Config): boolean {
  return config.env !== 'production' && config.demoLikeBacks.percent > 0;
}

/** Whether this demo member likes back: the same answer for the same member, for `percent` of members. */
export function likesBack(userId: number, percent: number): boolean {
  // A 32-bit mix of the id, so neighbouring ids land far apart and the share holds for any run of ids.
  let h = Math.imul(userId ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) % 100 < percent;
}

async function isDemoWhoLikesBack(db: Db, userId: number, percent: number): Promise<boolean> {
  if (!likesBack(userId, percent)) return false;
  const [row] = await db.select({ isDemo: users.isDemo }).from(users).where(eq(users.id, userId));
  return row?.isDemo === true;
}

/** The like is still there after the pause (not withdrawn, not turned into a pass). */
async function stillLiked(db: Db, event: LikeCreated): Promise<boolean> {
  const [row] = await db
    .select({ liked: likes.liked })
    .from(likes)
    .where(and(eq(likes.fromProfileId, event.fromProfileId), eq(likes.toProfileId, event.toProfileId)));
  return row?.liked === true;
}

/** Waits like a person deciding; gives the event back when the process stops meanwhile. */
async function humanPause(delayMs: number, stopping: AbortSignal): Promise<void> {
  if (stopping.aborted) throw new JobStopped();
  if (delayMs <= 0) return;
  try {
    await pause(delayMs * (1 + Math.random()), undefined, { signal: stopping, ref: false });
  } catch {
    throw new JobStopped();
  }
}

export function demoLikeBacksHandler(deps: { db: Db; config: Config }): EventHandler<'likes.created'> {
  const { percent, delayMs } = deps.config.demoLikeBacks;
  const on = demoLikeBacksOn(deps.config);
  return defineHandler({
    name: DEMO_LIKE_BACKS,
    subjects: ['likes.created'] as const,
    concurrency: MAX_IN_FLIGHT,
    maxDeliver: 5,
    // The pause lasts up to twice the delay; the broker must not hand the event on meanwhile.
    ackWaitMs: Math.max(HANDLER_DEFAULTS.ackWaitMs, 2 * delayMs + HANDLER_DEFAULTS.ackWaitMs),
    retryBackoff: { baseMs: 1000, maxMs: 60_000 },
    async handle(event, { log, stopping }) {
      const liked = event.payload;
      if (!on || !liked.liked || !(await isDemoWhoLikesBack(deps.db, liked.toUserId, percent))) return;
      await humanPause(delayMs, stopping);
      try {
        if (await stillLiked(deps.db, liked)) await like({ db: deps.db }, liked.toUserId, liked.fromProfileId, true);
      } catch (error) {
        if (!(error instanceof AppError && error.statusCode < 500)) throw error;
        // Refused by the like path (blocked, incomplete, deleted): a person would not like back either.
        log.debug({ eventId: event.id, refused: error.message }, 'demo like-back dropped');
      }
    },
  });
}
