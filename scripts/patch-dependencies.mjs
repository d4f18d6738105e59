#!/usr/bin/env node
/**
 * Mends a defect in an installed dependency that no released version fixes yet; run by npm after
 * every install (`postinstall`), and by a test with `--check`, which fails when the mend is absent.
 *
 * postgres.js 3.4.9 (the latest release) writes into a connection's socket after the connection
 * has closed:
 * - Small writes are gathered and sent on the next turn of the event loop (setImmediate). When the
 *   database goes away, `closed()` cancels that timer but leaves it and the gathered bytes in
 *   place. A query later run on the same connection object (a transaction's ROLLBACK on its
 *   reserved connection, for instance) either schedules a write that finds `socket === null` and
 *   throws outside any query, which ends the process (`TypeError: Cannot read properties of null
 *   (reading 'write')`), or finds the stale timer and waits for ever; and the stale bytes are sent
 *   in front of the next connection's start-up message.
 * The mend, the same as the one proposed upstream (porsager/postgres pull requests 1168 and 1209):
 * closing or terminating forgets the gathered write, and a write with no socket fails the queries
 * waiting on it with CONNECTION_CLOSED instead of throwing.
 *
 * And it drops the promise of the array-type fetch each new connection makes (porsager/postgres
 * issues 1192 and 1223, open): when the connection closes or is ended during that fetch, the
 * fetch's rejection has no handler and surfaces as an unhandled rejection. The queries waiting on
 * the connection already fail (or retry) through the close itself, and `connected()` asks for the
 * types again on the next connect, so the mend only gives the rejection a handler.
 *
 * Each mend names the exact text it replaces. When an upgrade changes that text the script stops
 * with an error, so whoever upgrades checks whether the new release still needs it.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MARK = 'betroth: mended';

const POSTGRES_MENDS = [
  {
    what: 'a write with no socket settles its queries',
    from: `  function nextWrite(fn) {
    const x = socket.write(chunk, fn)`,
    to: `  function nextWrite(fn) {
    if (!socket) { // ${MARK}: the connection closed; fail its queries instead of throwing
      nextWriteTimer !== null && clearImmediate(nextWriteTimer)
      chunk = nextWriteTimer = null
      error(Errors.connection('CONNECTION_CLOSED', options))
      return false
    }
    const x = socket.write(chunk, fn)`,
  },
  {
    what: 'terminating forgets the gathered write',
    from: `    clearImmediate(nextWriteTimer)
    if (socket) {`,
    to: `    clearImmediate(nextWriteTimer)
    chunk = nextWriteTimer = null // ${MARK}
    if (socket) {`,
  },
  {
    what: 'closing forgets the gathered write',
    from: `    clearImmediate(nextWriteTimer)
    socket.removeListener('data', data)`,
    to: `    clearImmediate(nextWriteTimer)
    chunk = nextWriteTimer = null // ${MARK}
    socket.removeListener('data', data)`,
  },
  {
    what: 'a failed fetch of the array types is not left unhandled',
    from: `      if (needsTypes) {
        initial.reserve && (initial = null)
        return fetchArrayTypes()
      }`,
    to: `      if (needsTypes) {
        initial.reserve && (initial = null)
        return fetchArrayTypes().catch(() => { /* ${MARK}: a close fails the waiting queries itself; the next connect fetches the types again */ })
      }`,
  },
];

/**
 * A reserved connection (`sql.reserve()`, which every pipelined transaction starts with) that
 * closed left the reservation half alive: statements waiting in the reservation's own queue (a
 * statement described first fills the connection, and what follows waits there) were neither sent
 * nor failed, so the request hung for ever; statements sent after the close could join that queue
 * too; and the release handed the closed connection back to the pool as open. Now the close ends
 * the reservation: its queue fails with the close's error, later statements fail at once with
 * CONNECTION_CLOSED, and the release leaves the connection to the pool's own close handling.
 *
 * A reservation (`sql.reserve()`, as a pipelined transaction makes) that waits while its
 * connection closes during start-up was lost: the pool took it off its queue to start the
 * connection again, but a starting connection hands itself to a reservation only through the
 * queue, so `reserve()` never settled and its request hung. The reservation now stays queued
 * while the connection starts for it (a peek instead of a shift).
 */
const POOL_MENDS = [
  {
    what: 'a reservation ends with its connection',
    from: `    move(c, reserved)
    c.reserved = () => queue.length
      ? c.execute(queue.shift())
      : move(c, reserved)
    c.reserved.release = true

    const sql = Sql(handler)
    sql.release = () => {
      c.reserved = null
      onopen(c)
    }

    return sql

    function handler(q) {
      c.queue === full
        ? queue.push(q)
        : c.execute(q) || move(c, full)
    }`,
    to: `    move(c, reserved)
    const reservation = c.reserved = () => queue.length
      ? c.execute(queue.shift())
      : move(c, reserved)
    c.reserved.release = true
    // ${MARK}: a close ends the reservation: what waits in its queue fails, as what follows will
    c.onclose = e => { while (queue.length) queue.shift().reject(e) }

    const sql = Sql(handler)
    sql.release = () => {
      if (c.reserved !== reservation) return // ${MARK}: closed meanwhile; the pool has it back
      c.reserved = null
      onopen(c)
    }

    return sql

    function handler(q) {
      c.reserved !== reservation // ${MARK}
        ? q.reject(Errors.connection('CONNECTION_CLOSED', options))
        : c.queue === full
        ? queue.push(q)
        : c.execute(q) || move(c, full)
    }`,
  },
  {
    what: 'a reservation stays queued while a closed connection starts again for it',
    from: `    queries.length && connect(c, queries.shift())`,
    to: `    queries.length && connect(c, queries.peek().reserve ? queries.peek() : queries.shift()) // ${MARK}`,
  },
];
const QUEUE_MENDS = [
  {
    what: 'the queue can show its first entry',
    from: `    push: (x) => (xs.push(x), x),`,
    to: `    push: (x) => (xs.push(x), x),
    peek: () => xs[index], // ${MARK}`,
  },
];

const TARGETS = ['src', 'cjs/src'].flatMap((folder) => [
  { file: `node_modules/postgres/${folder}/connection.js`, mends: POSTGRES_MENDS },
  { file: `node_modules/postgres/${folder}/index.js`, mends: POOL_MENDS },
  { file: `node_modules/postgres/${folder}/queue.js`, mends: QUEUE_MENDS },
]);

const checkOnly = process.argv.includes('--check');
const problems = [];

for (const target of TARGETS) {
  const file = path.join(root, target.file);
  if (!existsSync(file)) {
    problems.push(`${target.file} is not installed`);
    continue;
  }
  let text = readFileSync(file, 'utf8');
  let changed = false;
  for (const mend of target.mends) {
    if (text.includes(mend.to)) continue;
    if (checkOnly) {
      problems.push(`${target.file}: not mended (${mend.what})`);
      continue;
    }
    const at = text.indexOf(mend.from);
    if (at === -1 || text.indexOf(mend.from, at + 1) !== -1) {
      problems.push(
        `${target.file}: the text to mend (${mend.what}) is not there exactly once; check whether this release still needs the mend`,
      );
      continue;
    }
    text = text.replace(mend.from, mend.to);
    changed = true;
  }
  if (changed) writeFileSync(file, text);
}

if (problems.length > 0) {
  console.error(`[patch-dependencies] ${problems.join('\n[patch-dependencies] ')}`);
  process.exit(1);
}
if (!checkOnly) console.log('[patch-dependencies] postgres.js: closed connections and lost reservations mended');
