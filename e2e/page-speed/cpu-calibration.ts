/**
 * Lighthouse's CPU throttling is relative to the host: simulated throttling multiplies the main
 * thread task times it observed by `cpuSlowdownMultiplier`. The default 4x turns a high-end
 * desktop into a mid-tier phone, but this loaded CI machine measures anywhere between a low-end
 * desktop and a high-end one from one run to the next, so a constant 4x audits a different
 * device each time. Lighthouse's throttling guide (docs/throttling.md, "CPU Throttling":
 * "Benchmarking CPU Power", "Calibrating the CPU slowdown") says to calibrate the multiplier from
 * the host's BenchmarkIndex, with its CPU slowdown calculator
 * (https://lighthouse-cpu-throttling-calculator.vercel.app/) giving the multiplier for a
 * mid-tier mobile target as a continuous, piecewise-linear function of the index:
 *
 *   index >= 1300: 3x at 1300, one more x per 233 (1533 -> 4x, 1766 -> 5x, 2000 -> 6x)
 *   800 .. 1300:   2x at 800 rising linearly to 3x at 1300
 *   150 .. 800:    1x at 150 rising linearly to 2x at 800
 *   below 150:     the host is slower than the target; no slowdown can emulate it (1x here,
 *                  which can only make the scores worse than the target device's)
 *
 * The same numbers agree with the guide's table (high-end desktop 1500-2000 -> 4x, range 2-10;
 * low-end desktop 1000-1500 -> 2x, range 1-5; lower end of a bracket -> lower multiplier).
 */
import type { Page } from 'playwright-core';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';

/** Multiplier for a mid-tier mobile target (Moto G4 class) from the host's BenchmarkIndex. */
export function midTierMobileCpuMultiplier(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) throw new Error(`not a benchmark index: ${benchmarkIndex}`);
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  if (benchmarkIndex >= 150) return 1 + (benchmarkIndex - 150) / 650;
  return 1;
}

/**
 * The host's BenchmarkIndex now, measured in a page of the audit browser with Lighthouse's own
 * benchmark (`computeBenchmarkIndex`, about one second of string building and array copying),
 * exactly as Lighthouse measures it at the start of a run.
 */
export async function measureBenchmarkIndex(page: Page): Promise<number> {
  return Math.round(await page.evaluate(pageFunctions.computeBenchmarkIndex));
}
