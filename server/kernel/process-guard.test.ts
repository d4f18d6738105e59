/**
 * The process guard in a process of its own: a database driver error that escapes every query
 * (as postgres.js's closed-socket write did) is logged and the process lives on; anything else
 * still ends it, after one log line.
 */
import { spawn } from 'node:child_process';
import t from 'tap';

function runGuarded(escape: string): Promise<{ code: number | null; output: string }> {
  const script = `
    import { installProcessGuard } from './server/kernel/process-guard.ts';
    installProcessGuard({ error: (d, m) => console.log('error:', m), fatal: (d, m) => console.log('fatal:', m) });
    setImmediate(() => { ${escape} });
    setTimeout(() => { console.log('still running'); process.exit(0); }, 200);
  `;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      cwd: new URL('../..', import.meta.url),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

t.test('a database driver error thrown outside any query is logged; the process lives on', async (t) => {
  const driverLike = `const e = new TypeError("Cannot read properties of null (reading 'write')");
    e.stack = 'TypeError: x\\n    at Immediate.nextWrite (file:///app/node_modules/postgres/src/connection.js:255:22)'; throw e;`;
  const { code, output } = await runGuarded(driverLike);
  t.match(output, /error: database driver uncaught exception caught by the process guard/);
  t.match(output, /still running/);
  t.equal(code, 0);
});

t.test('an unhandled rejection saying the database went away is logged; the process lives on', async (t) => {
  const { code, output } = await runGuarded(
    `Promise.reject(Object.assign(new Error('write CONNECTION_CLOSED'), { code: 'CONNECTION_CLOSED' }));`,
  );
  t.match(output, /database driver unhandled rejection caught/);
  t.equal(code, 0);
});

t.test('any other escape ends the process after one fatal line', async (t) => {
  const { code, output } = await runGuarded(`throw new Error('a defect of our own');`);
  t.match(output, /fatal: uncaught exception: the process ends/);
  t.notMatch(output, /still running/);
  t.equal(code, 1);
});
