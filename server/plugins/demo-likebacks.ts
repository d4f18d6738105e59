/**
 * Demo like-backs: on the embedded default in development, some demo members like back a member
 * who likes them, a few seconds later, so a fresh `npm start` can show a match and its push.
 *
 * Which demo members: DEMO_LIKE_BACK_PERCENT of them, fixed per member (a hash of the user id),
 * so the same member always answers or never does, as a person would. When: DEMO_LIKE_BACK_DELAY_MS
 * up to twice that after the like (a reply at once would look like a bot). How: through the
 * likes module's own `like`, with its events, so the match, matches.created and the pushes are
 * exactly what a real like-back makes; whatever that path refuses (a block, an incomplete or
 * deleted profile, a like withdrawn meanwhile) is dropped without a word.
 *
 * Wired as one more in-process handler: `withDemoLikeBacks` wraps the handlers the process entry
 * hands to the event runtime (app.ts), and starts a durable consumer of `likes.created` on the
 * same in-process bus the shipped handlers read. So it runs only where those run (no NATS_URL,
 * WORKERS not `none`), shares their start-up and shutdown order, and a like-back still waiting
 * when the server stops is delivered again at the next start. Never in production: config
 * refuses a share there, and the switch below checks the environment again.
 *
 * A plugin of its own rather than a worker in workers/: it must call the likes module, which
 * only server code may import.
 */
import { setTimeout as pause } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../kernel/config.ts';
import type { Db } from '../kernel/db/client.ts';
import { likes, users } from '../kernel/db/schema/index.ts';
import { AppError } from '../kernel/errors.ts';
import { backoffDelay } from '../kernel/events/backoff.ts';
import { type EventPayload, eventPayloadProblems } from '../kernel/events/contracts.ts';
import type { Delivery } from '../kernel/events/delivery-source.ts';
import type { InProcessHandlerDeps, RunningHandlers, StartInProcessHandlers } from '../kernel/events/in-process-handlers.ts';
import { like } from '../modules/likes/index.ts';

/** The durable consumer's name: its settlements in event_deliveries carry it. */
export const DEMO_LIKE_BACKS = 'demo-likebacks';
const SUBJECT = 'likes.created';
const MAX_DELIVER = 5;
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

/** The handlers to run in-process, plus demo like-backs when config turns them on. */
export function withDemoLikeBacks(start: StartInProcessHandlers | undefined): StartInProcessHandlers | undefined {
  if (!start) return undefined;
  return (deps) => {
    const shipped = start(deps);
    if (!demoLikeBacksOn(deps.config)) return shipped;
    const likeBacks = startDemoLikeBacks(deps);
    return {
      async stop() {
        await Promise.all([shipped.stop(), likeBacks.stop()]);
      },
    };
  };
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

/** Waits like a person deciding; false when the server is stopping (the event stays owed). */
async function humanPause(delayMs: number, stopping: AbortSignal): Promise<boolean> {
  if (stopping.aborted) return false;
  if (delayMs <= 0) return true;
  try {
    await pause(delayMs * (1 + Math.random()), undefined, { signal: stopping, ref: false });
    return true;
  } catch {
    return false;
  }
}

function payloadOf(delivery: Delivery): LikeCreated | null {
  try {
    const payload: unknown = JSON.parse(typeof delivery.body === 'string' ? delivery.body : new TextDecoder().decode(delivery.body));
    return eventPayloadProblems(SUBJECT, payload).length === 0 ? (payload as LikeCreated) : null;
  } catch {
    return null;
  }
}

function startDemoLikeBacks({ db, bus, log, config }: InProcessHandlerDeps): RunningHandlers {
  const { percent, delayMs } = config.demoLikeBacks;
  const queue = bus.consumer(DEMO_LIKE_BACKS, [SUBJECT], MAX_DELIVER);
  const stopping = new AbortController();
  const inFlight = new Set<Promise<void>>();

  async function answer(delivery: Delivery): Promise<void> {
    const event = payloadOf(delivery);
    if (!event) {
      await delivery.term();
      return;
    }
    if (!event.liked || !(await isDemoWhoLikesBack(db, event.toUserId, percent))) {
      await delivery.ack();
      return;
    }
    if (!(await humanPause(delayMs, stopping.signal))) return;
    try {
      if (await stillLiked(db, event)) await like({ db }, event.toUserId, event.fromProfileId, true);
    } catch (error) {
      if (!(error instanceof AppError && error.statusCode < 500)) {
        if (delivery.attempt >= MAX_DELIVER) {
          await delivery.term();
          log.warn({ err: error, eventId: delivery.eventId }, 'demo like-back given up');
        } else {
          delivery.nak(backoffDelay(delivery.attempt, { baseMs: 1000, maxMs: 60_000 }));
        }
        return;
      }
      // Refused by the like path (blocked, incomplete, deleted): a person would not like back either.
      log.debug({ eventId: delivery.eventId, refused: error.message }, 'demo like-back dropped');
    }
    await delivery.ack();
  }

  const loop = (async () => {
    for await (const delivery of queue) {
      if (inFlight.size >= MAX_IN_FLIGHT) await Promise.race(inFlight);
      const job: Promise<void> = answer(delivery)
        .catch((error) => log.error({ err: error, eventId: delivery.eventId }, 'demo like-back failed'))
        .finally(() => inFlight.delete(job));
      inFlight.add(job);
    }
  })();
  log.info({ percent, delayMs }, 'demo members like back');

  return {
    async stop() {
      stopping.abort();
      await queue.stop();
      await loop;
      await Promise.all(inFlight);
      bus.remove(queue);
    },
  };
}
