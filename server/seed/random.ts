/**
 * The seedable randomness every generated member is drawn from. One stream per population, so a
 * seed always gives the same members; small helpers so the generator reads as weighted choices.
 */

export type Random = () => number;

/** Small, fast, seedable PRNG (mulberry32). */
export function randomSource(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Weighted<T> = ReadonlyArray<readonly [T, number]>;

export function weighted<T>(random: Random, choices: Weighted<T>): T {
  let total = 0;
  for (const [, w] of choices) total += w;
  let pick = random() * total;
  for (const [value, w] of choices) {
    pick -= w;
    if (pick < 0) return value;
  }
  return choices[choices.length - 1][0];
}

export function chance(random: Random, probability: number): boolean {
  return random() < probability;
}

export function normal(random: Random, mean: number, sd: number): number {
  const u = Math.max(random(), 1e-12);
  return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

export const clamp = (n: number, min: number, max: number): number => Math.min(max, Math.max(min, Math.round(n)));

export function pickOne<T>(random: Random, options: readonly T[]): T {
  return options[Math.floor(random() * options.length)];
}

const skewedTables = new WeakMap<readonly unknown[], Weighted<unknown>>();

/** Earlier options likelier (weights 1, 0.75, 0.56, ...): lists ordered from the most common answer. */
export function skewed<T>(random: Random, options: readonly T[]): T {
  let table = skewedTables.get(options) as Weighted<T> | undefined;
  if (!table) skewedTables.set(options, (table = options.map((o, i) => [o, 0.75 ** i] as const)));
  return weighted(random, table);
}

/** A stable 32-bit hash of a string, for choices that must not depend on the order members are drawn in. */
export function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
