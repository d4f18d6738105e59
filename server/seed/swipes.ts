/**
 * The benchmark population's history: swipes (likes and passes) across genders and a few blocks,
 * copied in (copy-rows.ts) with the likes table's plain indexes built after the load.
 */
import type postgres from 'postgres';
import { copyRows, withUncheckedLoader } from './copy-rows.ts';
import { withIndexesDeferred } from './deferred-indexes.ts';
import { randomSource } from './random.ts';

export interface SwipeHistory {
  swipes: number;
  blocks: number;
}

/** Nobody swipes more than this in the generated history. */
const MAX_SWIPES = 200;

/**
 * Heavy-tailed activity: most members swiped a little (about 6 on average), a few a lot; each
 * swipe goes to a random member of the other gender, 55% of them likes. One block per 100 members.
 */
export async function copySwipeHistory(
  sql: postgres.Sql,
  population: { men: readonly number[]; women: readonly number[]; users: readonly number[] },
  seed = 7,
  log?: (line: string) => void,
): Promise<SwipeHistory> {
  const random = randomSource(seed);
  const pick = (list: readonly number[]) => list[Math.floor(random() * list.length)];
  function* swipes() {
    for (const [own, other] of [
      [population.men, population.women],
      [population.women, population.men],
    ] as const) {
      for (const from of own) {
        const count = Math.floor(Math.min(MAX_SWIPES, -Math.log(Math.max(random(), 1e-9)) * 6));
        const seen = new Set<number>();
        for (let i = 0; i < count; i++) {
          const to = pick(other);
          if (seen.has(to)) continue;
          seen.add(to);
          yield [from, to, random() < 0.55] as const;
        }
      }
    }
  }
  const swiped = await withIndexesDeferred(
    sql,
    ['likes'],
    () => withUncheckedLoader(sql, (loader) => copyRows(loader, 'likes', ['from_profile_id', 'to_profile_id', 'liked'], swipes())),
    log,
  );
  const pairs = new Set<string>();
  const blocked: Array<readonly [number, number]> = [];
  for (let i = 0; i < Math.floor(population.users.length / 100); i++) {
    const [a, b] = [pick(population.users), pick(population.users)];
    if (a === b || pairs.has(`${a}:${b}`)) continue;
    pairs.add(`${a}:${b}`);
    blocked.push([a, b]);
  }
  const blocks = await copyRows(sql, 'blocks', ['blocker_user_id', 'blocked_user_id'], blocked);
  return { swipes: swiped, blocks };
}
