/**
 * Load generation for benchmarks: an open-loop driver that offers a fixed rate with a bounded
 * number of operations in flight, a bounded-concurrency loop, and what the process and the
 * machine spent meanwhile (CPU, event-loop delay), so a section can say what limited it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

export interface OpenLoopOptions {
  /** Operations started per second, on schedule (operation i is due at i / rate seconds). */
  rate: number;
  total: number;
  /** At most this many unfinished at once; a due operation waits for a slot (and counts as late). */
  maxInFlight: number;
  /**
   * No operation starts later than this after its due time: an overloaded target gets the same
   * wall-clock run as a fast one, and what it could not take in time is left unstarted.
   */
  graceMs: number;
  /** Operation i; its own failures are the caller's to record (a rejection is counted, not thrown). */
  fire: (i: number) => Promise<unknown>;
}

export interface OpenLoopResult {
  /** From the first start to the last completion. */
  elapsedMs: number;
  started: number;
  /** Given up: not started within `graceMs` of their due time. */
  skipped: number;
  /** Started more than 5 ms after they were due: the in-flight bound held them back. */
  late: number;
  rejected: number;
}

/**
 * Starts operations on a fixed schedule whatever the answers do (so a slow target shows up as
 * late starts, operations never started and a lower achieved rate, never as politely spaced
 * requests), bounded in flight.
 */
export function openLoop({ rate, total, maxInFlight, graceMs, fire }: OpenLoopOptions): Promise<OpenLoopResult> {
  return new Promise((resolve) => {
    const start = performance.now();
    const dueAt = (i: number) => (i * 1000) / rate;
    let next = 0;
    let started = 0;
    let skipped = 0;
    let inFlight = 0;
    let late = 0;
    let rejected = 0;
    let done = false;
    let timer: NodeJS.Timeout | null = null;
    const finish = () => {
      if (done) return;
      done = true;
      resolve({ elapsedMs: performance.now() - start, started, skipped, late, rejected });
    };
    const pump = () => {
      const now = performance.now() - start;
      for (; next < total && now - dueAt(next) > graceMs; next++) skipped++;
      const due = Math.min(total, Math.floor((now * rate) / 1000) + 1);
      while (next < due && inFlight < maxInFlight) {
        const i = next++;
        started++;
        if (now - dueAt(i) > 5) late++;
        inFlight++;
        fire(i)
          .catch(() => {
            rejected++;
          })
          .finally(() => {
            inFlight--;
            pump();
          });
      }
      if (next >= total) {
        if (inFlight === 0) finish();
        return;
      }
      // One timer at a time for the next due start; a completion frees a slot and pumps too.
      if (inFlight < maxInFlight && timer === null) {
        timer = setTimeout(
          () => {
            timer = null;
            pump();
          },
          Math.max(0, dueAt(next) - (performance.now() - start)),
        );
      }
    };
    pump();
  });
}

/** Runs fn(0..total-1) with at most `concurrency` at once. */
export async function concurrently(total: number, concurrency: number, fn: (i: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, total) }, async () => {
      while (next < total) await fn(next++);
    }),
  );
}

/** Runs fn(0..total-1) with `concurrency` in flight; answers each call's milliseconds and the wall seconds for all. */
export async function timedConcurrently(
  total: number,
  concurrency: number,
  fn: (i: number) => Promise<unknown>,
): Promise<{ durations: number[]; seconds: number }> {
  const durations: number[] = [];
  const start = performance.now();
  await concurrently(total, concurrency, async (i) => {
    const began = performance.now();
    await fn(i);
    durations.push(performance.now() - began);
  });
  return { durations, seconds: (performance.now() - start) / 1000 };
}

/** The soft limit on open files of this process (RLIMIT_NOFILE), or null where /proc is absent. */
export function openFilesLimit(): number | null {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line?.trim().split(/\s+/)[3];
    return soft === undefined || soft === 'unlimited' ? null : Number(soft);
  } catch {
    return null;
  }
}

function machineTicks(): { busy: number; total: number } | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const total = fields.reduce((sum, value) => sum + value, 0);
    // idle + iowait
    return { busy: total - fields[3] - (fields[4] ?? 0), total };
  } catch {
    return null;
  }
}

/** CPU seconds so far of each PostgreSQL process, and whether it serves `database`. */
function postgresSeconds(database: string | undefined): Map<string, { seconds: number; mine: boolean }> | null {
  const processes = new Map<string, { seconds: number; mine: boolean }>();
  try {
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
        if (!command.startsWith('postgres')) continue;
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        // utime and stime: fields 14 and 15, counted after the parenthesised command name.
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const seconds = (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
        processes.set(pid, { seconds, mine: database !== undefined && command.includes(` ${database} `) });
      } catch {
        // The process ended meanwhile.
      }
    }
    return processes;
  } catch {
    return null;
  }
}

/** CPU seconds spent between two snapshots by the processes alive at the second (new ones in full). */
function postgresSpent(before: ReturnType<typeof postgresSeconds>, after: ReturnType<typeof postgresSeconds>) {
  if (!before || !after || after.size === 0) return null;
  let mine = 0;
  let all = 0;
  let found = false;
  for (const [pid, now] of after) {
    const spent = now.seconds - (before.get(pid)?.seconds ?? 0);
    all += spent;
    if (now.mine) {
      mine += spent;
      found = true;
    }
  }
  // No backend of that database here: PostgreSQL runs elsewhere.
  return { mine: found ? mine : Number.NaN, all };
}

/** USER_HZ: 100 on every Linux this runs on. */
const CLOCK_TICKS = 100;

export interface Usage {
  /** How long it was watched. */
  wallMs: number;
  /** CPU time of this process over wall time: 1.0 is one core kept busy. */
  processCores: number;
  /** Share of all the machine's cores busy (every process), 0..1; NaN without /proc. */
  machineBusy: number;
  /** Event-loop delay of this process: how late timers and I/O callbacks ran. */
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  /** CPU of the PostgreSQL backends serving the watched database, in cores; NaN without /proc. */
  postgresCores: number;
  /** CPU of every PostgreSQL process (other databases' clients included), in cores. */
  postgresAllCores: number;
  /** CPU of the watched server process (the API under test in a process of its own), in cores; NaN when none. */
  serverCores: number;
}

const LOOP_RESOLUTION_MS = 10;

/** CPU seconds so far of one process (utime + stime), or null once it is gone. */
function processSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/**
 * Starts watching; `stop()` answers what this process, PostgreSQL, the machine and (given its
 * pid) the server process under test spent since.
 */
export function watchUsage(postgresDatabase?: string, serverPid?: number): { stop(): Usage } {
  const cpu = process.cpuUsage();
  const server = serverPid === undefined ? null : processSeconds(serverPid);
  const postgres = postgresSeconds(postgresDatabase);
  const wall = performance.now();
  const ticks = machineTicks();
  const loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  loop.enable();
  return {
    stop() {
      loop.disable();
      const spent = process.cpuUsage(cpu);
      const after = machineTicks();
      const wallMs = performance.now() - wall;
      const spentByPostgres = postgresSpent(postgres, postgresSeconds(postgresDatabase));
      const serverNow = serverPid === undefined ? null : processSeconds(serverPid);
      const cores = (pick: 'mine' | 'all') => (spentByPostgres ? (spentByPostgres[pick] * 1000) / wallMs : Number.NaN);
      return {
        wallMs,
        postgresCores: cores('mine'),
        postgresAllCores: cores('all'),
        processCores: (spent.user + spent.system) / 1000 / wallMs,
        serverCores: server !== null && serverNow !== null ? ((serverNow - server) * 1000) / wallMs : Number.NaN,
        machineBusy: ticks && after && after.total > ticks.total ? (after.busy - ticks.busy) / (after.total - ticks.total) : Number.NaN,
        // The histogram holds whole sampling intervals: what lies beyond the interval is the delay.
        loopDelayP99Ms: Math.max(0, loop.percentile(99) / 1e6 - LOOP_RESOLUTION_MS),
        loopDelayMaxMs: Math.max(0, loop.max / 1e6 - LOOP_RESOLUTION_MS),
      };
    },
  };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Resolves when `check()` holds, or after `timeoutMs` (answering whether it held). */
export async function until(check: () => boolean, timeoutMs: number, stepMs = 20): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > deadline) return false;
    await sleep(stepMs);
  }
  return true;
}

/**
 * Waits until `done()` holds, or `progress()` has not moved for `quietMs`, or `capMs` has passed;
 * answers whether `done()` held. For draining a pipeline that may be seconds behind.
 */
export async function drain(done: () => boolean, progress: () => number, quietMs: number, capMs: number): Promise<boolean> {
  const deadline = performance.now() + capMs;
  let last = progress();
  let movedAt = performance.now();
  while (!done()) {
    const now = performance.now();
    const current = progress();
    if (current !== last) [last, movedAt] = [current, now];
    if (now - movedAt > quietMs || now > deadline) return false;
    await sleep(50);
  }
  return true;
}
