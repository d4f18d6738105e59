/**
 * Latency statistics for benchmarks. These machines are noisy, so every result is reported
 * beside a baseline measured in the same run, as a ratio.
 */

export interface LatencySummary {
  samples: number;
  p50: number;
  p95: number;
  p99: number;
  mean: number;
}

export function percentile(sortedMs: number[], p: number): number {
  if (sortedMs.length === 0) return Number.NaN;
  const rank = Math.min(sortedMs.length - 1, Math.max(0, Math.ceil((p / 100) * sortedMs.length) - 1));
  return sortedMs[rank];
}

export function summarize(durationsMs: number[]): LatencySummary {
  const sorted = [...durationsMs].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, value) => sum + value, 0) / Math.max(1, sorted.length);
  return { samples: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), mean };
}

/** Runs `fn` `iterations` times after `warmup` unmeasured runs; returns per-call milliseconds. */
export async function measure(
  fn: (i: number) => Promise<unknown>,
  iterations: number,
  warmup = Math.ceil(iterations / 10),
): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn(i);
  const durations: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = process.hrtime.bigint();
    await fn(i);
    durations.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return durations;
}

export const ms = (value: number) => `${value.toFixed(2)} ms`;
export const ratio = (value: number, baseline: number) => `${(value / baseline).toFixed(1)}x`;
