/**
 * `npm start` as root from a clone in a private (0700) folder: PostgreSQL runs as the 'postgres'
 * system user, which cannot enter it, so the embedded cluster must go where that user can reach
 * it, and the app must work on it as usual.
 */
import { existsSync } from 'node:fs';
import { chmod } from 'node:fs/promises';
import path from 'node:path';
import t from 'tap';
import { makeTempDir } from './test/app.ts';
import { assertAllGone, npmStart } from './test/npm-start.ts';

// A full start on a fresh cluster with its demo members: a minute or more on a busy machine.
t.setTimeout(300_000);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

t.test(
  'as root with DATA_DIR in a folder closed to the postgres user, the cluster goes where that user can reach it',
  { skip: isRoot ? false : 'only root runs PostgreSQL as another user' },
  async (t) => {
    const outsideRoot = await makeTempDir(t, 'betroth-outside-');
    await chmod(outsideRoot, 0o755);
    const started = await npmStart(t, { closed: true, outsideRoot });
    t.match(started.output(), /cannot enter .*data, so its cluster is kept in /, 'the log says once where and why');
    t.notOk(existsSync(path.join(started.dataDir, 'pg')), 'nothing half-made is left in DATA_DIR');
    const signup = await fetch(`${started.base}/api/v1/signup/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'closed_1', email: 'closed@example.com', password1: 'Embedded-1', password2: 'Embedded-1' }),
    });
    t.equal(signup.status, 201, 'the app works on it');
    process.kill(started.child.pid!, 'SIGTERM');
    await started.exited;
    await assertAllGone(t, started);
  },
);
