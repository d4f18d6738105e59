/**
 * Keeps fixed sleeps out of the tests. A pause that decides an outcome ("wait 300 ms, then assert
 * nothing more arrived") passes on a fast machine and fails on a busy one, or passes when it
 * should fail. Tests wait for a condition with a deadline (server/test/nats.ts `waitFor`,
 * e2e/until.ts) or for a sentinel sent after the thing that must not arrive (a pong, a later
 * push, server/test/timer-sentinel.ts, server/test/events-settled.ts).
 *
 * Scanned: every test file, the e2e folder and the test helper folders. Flagged: Playwright's
 * waitForTimeout, a promise resolved by setTimeout, timers/promises, and a `sleep` imported from
 * product code. The allow-list below names each exception with why it decides nothing; an entry
 * that no longer matches fails too, so the list cannot grow stale.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FOLDERS = ['server', 'workers', 'client/src', 'e2e', 'bench', 'scripts'];
/** Test code: test files anywhere, and everything in these folders. */
const TEST_FOLDERS = ['e2e/', 'server/test/', 'workers/test/'];
const isTestCode = (file: string) => /\.test\.tsx?$/.test(file) || TEST_FOLDERS.some((folder) => file.startsWith(folder));

const SLEEPS: Array<[string, RegExp]> = [
  ['waitForTimeout', /\bwaitForTimeout\(/],
  ['a promise resolved by setTimeout', /setTimeout\(\s*(resolve|res|r|done|next)\s*[,)]/],
  ['timers/promises', /['"](node:)?timers\/promises['"]/],
  ['a sleep helper imported', /import\s*\{[^}]*\b(sleep|pause|delay)\b[^}]*\}\s*from/],
];

interface Allowed {
  file: string;
  /** A piece of the flagged line. */
  line: string;
  why: string;
}

const ALLOWED: Allowed[] = [
  // Polling helpers: each waits for a condition up to a deadline; the pause only paces the polls.
  { file: 'server/test/nats.ts', line: 'setTimeout(resolve, 20)', why: 'waitFor: the pace of its polls' },
  { file: 'e2e/until.ts', line: 'setTimeout(resolve, 50)', why: 'until: the pace of its polls' },
  { file: 'server/test/uploads.ts', line: 'setTimeout(resolve, 50)', why: 'waitForVerdict polls the status route up to a deadline' },
  {
    file: 'server/test/server-process.ts',
    line: 'setTimeout(resolve, 100)',
    why: 'polls /readyz until the spawned server answers, up to a limit',
  },
  { file: 'server/main.test.ts', line: 'setTimeout(resolve, 100)', why: 'polls the upload status until moderation decided, up to a limit' },
  {
    file: 'server/realtime/gateway.test.ts',
    line: 'setTimeout(resolve, 50)',
    why: 'inside waitFor: publishes the probe again until it arrives',
  },
  {
    file: 'server/test/pg-cluster.ts',
    line: 'setTimeout(resolve, 250)',
    why: 'spacing between tries of starting PostgreSQL again after a kill',
  },
  // The sentinel itself: ordered behind every timer due sooner, it is not a guess at how long things take.
  { file: 'server/test/timer-sentinel.ts', line: 'setTimeout(resolve, ms + 1)', why: 'the timer sentinel' },
  // Deliberately slow fakes and load pacing: the duration is the setting under test, not a wait for something.
  {
    file: 'server/stripe-emulator/webhooks.test.ts',
    line: 'timers/promises',
    why: 'a slow fake webhook receiver (20 ms per delivery), to catch overlapping attempts',
  },
  {
    file: 'workers/runtime/nats.test.ts',
    line: 'import { sleep }',
    why: 'a slow fake handler that outlives the ack wait unless it reports progress',
  },
  {
    file: 'workers/test/delivery-suite.ts',
    line: 'import { sleep }',
    why: 'a fake handler held a while longer, so a broken concurrency cap would let a fourth job in',
  },
  { file: 'e2e/credits.test.ts', line: 'setTimeout(resolve, 800)', why: 'holds a request, to see the button’s progress state' },
  { file: 'e2e/credits.test.ts', line: 'setTimeout(resolve, 2_500)', why: 'holds a request, to see the wait on screen' },
  { file: 'server/test/outage.ts', line: 'const pause', why: 'paces the load generator’s bursts' },
  { file: 'server/db-outage.test.ts', line: 'const pause', why: 'how long the database stays down in an outage round' },
  // Windows that are themselves the behaviour under test: "no request for 6 s with the socket
  // open" (the fallback poll is every few seconds) and "no reconnect after 4001" (the first
  // backoff is 1 s). A failure shows as a request or socket inside the window.
  { file: 'e2e/chat.test.ts', line: 'waitForTimeout(6_000)', why: 'the window in which an open chat must not poll' },
  { file: 'e2e/matches-realtime.test.ts', line: 'waitForTimeout(2_500)', why: 'the window in which a signed-out tab must not reconnect' },
  // The early read fails either before or after it is taken, and the test passes both ways; the
  // pause only makes "failed before taken" the usual order.
  {
    file: 'client/src/lib/early-reads.test.ts',
    line: 'setTimeout(resolve, 10)',
    why: 'orders the failure before the take; decides no outcome',
  },
];

function* filesUnder(folder: string): Generator<string> {
  for (const entry of readdirSync(path.join(ROOT, folder), { withFileTypes: true })) {
    const relative = `${folder}/${entry.name}`;
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    if (entry.isDirectory()) yield* filesUnder(relative);
    else if (/\.(ts|tsx|mjs|js)$/.test(entry.name)) yield relative;
  }
}

interface Finding {
  file: string;
  lineNumber: number;
  text: string;
  kind: string;
}

function findSleeps(): Finding[] {
  const findings: Finding[] = [];
  for (const folder of FOLDERS) {
    for (const file of filesUnder(folder)) {
      if (!isTestCode(file) || file === 'scripts/no-sleeps.test.ts') continue;
      readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .forEach((text, index) => {
          for (const [kind, pattern] of SLEEPS)
            if (pattern.test(text)) findings.push({ file, lineNumber: index + 1, text: text.trim(), kind });
        });
    }
  }
  return findings;
}

const allows = (entry: Allowed, finding: Finding) => entry.file === finding.file && finding.text.includes(entry.line);

t.test('no test waits a fixed time for an outcome', async (t) => {
  const findings = findSleeps();
  const unexplained = findings.filter((finding) => !ALLOWED.some((entry) => allows(entry, finding)));
  t.same(
    unexplained.map((f) => `${f.file}:${f.lineNumber} (${f.kind}): ${f.text}`),
    [],
    'wait for a condition or a sentinel instead (see the header of scripts/no-sleeps.test.ts)',
  );
  const stale = ALLOWED.filter((entry) => !findings.some((finding) => allows(entry, finding)));
  t.same(stale, [], 'every allow-list entry still matches a line');
});

t.test('the check finds the sleeps it is meant to find', async (t) => {
  const flagged = (line: string) => SLEEPS.some(([, pattern]) => pattern.test(line));
  t.ok(flagged('await page.waitForTimeout(300);'));
  t.ok(flagged('await new Promise((resolve) => setTimeout(resolve, 300));'));
  t.ok(flagged('await new Promise((r) => setTimeout(r, 300));'));
  t.ok(flagged("import { setTimeout as sleep } from 'node:timers/promises';"));
  t.ok(flagged("import { sleep } from '../../server/kernel/events/backoff.ts';"));
  t.notOk(flagged('const timer = setTimeout(() => controller.abort(), 5_000);'), 'a timer that is not a pause');
  t.ok(isTestCode('e2e/browser.ts') && isTestCode('server/app.test.ts') && isTestCode('server/test/app.ts'));
  t.notOk(isTestCode('server/kernel/events/backoff.ts'), 'product code may wait: a backoff is no test');
});
