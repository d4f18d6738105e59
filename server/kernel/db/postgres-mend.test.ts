/**
 * The mend scripts/patch-dependencies.mjs applies to postgres.js after install: a connection that
 * closed must neither throw outside its queries (which ends the process) nor keep a stale write
 * that blocks or corrupts its next start. Each case fails on the unmended 3.4.9.
 */
import { execFile } from 'node:child_process';
import net from 'node:net';
import { promisify } from 'node:util';
import postgres from 'postgres';
import t, { type Test } from 'tap';
import { createTestDatabase } from '../../test/app.ts';
import { waitFor } from '../../test/nats.ts';
import { socketFromUrl } from './client.ts';

const run = promisify(execFile);

/** Fails the test if anything escapes to the process (thrown or rejected unhandled) while `work` runs. */
async function nothingEscapes(t: Test, work: () => Promise<void>): Promise<void> {
  const escaped: unknown[] = [];
  const catcher = (error: unknown) => escaped.push(error);
  process.on('uncaughtException', catcher);
  process.on('unhandledRejection', catcher);
  try {
    await work();
    // A sentinel: immediates run in the order queued, so the connection's own have run by then.
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.off('uncaughtException', catcher);
    process.off('unhandledRejection', catcher);
  }
  t.same(escaped.map(String), [], 'nothing was thrown or left rejected outside a query');
}

/**
 * Connects like postgres.js would, but hands the test each socket so it can cut one; `onWrite`
 * sees each write first (after it was handed to the socket).
 */
function cuttableClient(url: string, sockets: net.Socket[], onWrite?: (socket: net.Socket, chunk: Buffer) => void) {
  const { url: plain } = socketFromUrl(url);
  const { hostname, port } = new URL(plain);
  // `socket` (a factory for the connection's socket) is a postgres.js option its types leave out.
  const options = {
    max: 1,
    onnotice: () => {},
    connect_timeout: 3,
    socket: () =>
      new Promise<net.Socket>((resolve, reject) => {
        const socket = net.connect(Number(port || 5432), hostname);
        socket.once('connect', () => {
          sockets.push(socket);
          if (onWrite) {
            const write = socket.write.bind(socket) as (chunk: Buffer, callback?: () => void) => boolean;
            socket.write = ((chunk: Buffer, callback?: () => void) => {
              const accepted = write(chunk, callback);
              onWrite(socket, chunk);
              return accepted;
            }) as typeof socket.write;
          }
          resolve(socket);
        });
        socket.once('error', reject);
      }),
  };
  return postgres(plain, options as postgres.Options<Record<string, postgres.PostgresType>>);
}

t.test('the installed postgres.js carries the mend', async (t) => {
  const { stderr } = await run(process.execPath, ['scripts/patch-dependencies.mjs', '--check'], {
    cwd: new URL('../../..', import.meta.url),
  }).catch((error: { stderr: string }) => ({ stderr: error.stderr }));
  t.equal(stderr, '', 'patch-dependencies --check passes');
});

t.test('a query on a reserved connection whose server went away fails instead of ending the process', async (t) => {
  const url = await createTestDatabase(t);
  let closes = 0;
  const sql = postgres(url, { max: 2, onnotice: () => {}, onclose: () => void (closes += 1) });
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  t.teardown(() => Promise.all([sql.end({ timeout: 1 }), admin.end({ timeout: 1 })]));

  const reserved = await sql.reserve();
  const [{ pid }] = await reserved<[{ pid: number }]>`select pg_backend_pid() as pid`;
  await admin`select pg_terminate_backend(${pid})`;
  // The server closes the socket; wait until the client has seen it.
  await waitFor(() => closes === 1, 5_000, 'the client to see the close');

  await nothingEscapes(t, async () => {
    const failure = await reserved`select 1`.then(
      () => null,
      (error: { code?: string }) => error,
    );
    t.ok(failure, 'the query fails');
    t.match(failure?.code, /CONNECTION_CLOSED|57P01/, 'as a closed connection');
  });
  // What the pool does with the dead connection after release is not mended here: the app
  // replaces a pool whose connections broke once the database answers (health.test.ts).
  reserved.release();
});

t.test('a small write cut off by a close does not block the connection’s next start', async (t) => {
  const url = await createTestDatabase(t);
  const sockets: net.Socket[] = [];
  const sql = cuttableClient(url, sockets);
  t.teardown(() => sql.end({ timeout: 1 }));
  t.same(await sql`select 1 as one`, [{ one: 1 }]);

  await nothingEscapes(t, async () => {
    // A small write waits for the next turn of the event loop. The close is handled before that
    // turn, as when it arrives in the same batch of I/O as the write: its event, then the socket gone.
    const cut = sql`select 2`.execute();
    // postgres.js hands a query to its connection one microtask after execute(), which writes it.
    await null;
    await null;
    sockets[0].emit('close', false);
    sockets[0].destroy();
    await cut.then(
      () => t.fail('the cut query cannot answer'),
      (error: { code?: string }) => t.equal(error.code, 'CONNECTION_CLOSED', 'the cut query fails as closed'),
    );
  });

  const started = performance.now();
  t.same(await sql`select 3 as three`, [{ three: 3 }], 'the next query runs on a fresh connection');
  t.ok(performance.now() - started < 2_000, 'without waiting for the connect timeout');
  t.equal(sockets.length, 2, 'on a second socket');
});

t.test('a reservation whose connection is cut while it fetches the array types is answered, and nothing escapes', async (t) => {
  t.setTimeout(30_000);
  const url = await createTestDatabase(t);
  const sockets: net.Socket[] = [];
  // Every new connection first asks for the array types (pg_type); the first one is cut right then.
  let cut = false;
  const sql = cuttableClient(url, sockets, (socket, chunk) => {
    if (cut || !chunk.includes('pg_catalog.pg_type')) return;
    cut = true;
    socket.destroy();
  });
  t.teardown(() => sql.end({ timeout: 1 }));

  await nothingEscapes(t, async () => {
    // A pipelined transaction starts with a reservation: unmended, it never settled.
    const reserved = await sql.reserve();
    t.same(await reserved`select array[1, 2]::int[] as xs`, [{ xs: [1, 2] }], 'the reservation is served, arrays parsed');
    reserved.release();
  });
  t.ok(cut, 'the first type fetch was cut');
  t.equal(sockets.length, 2, 'on a second socket');
});

t.test('queries queued on a reserved connection fail when it closes, instead of waiting for ever', async (t) => {
  t.setTimeout(30_000);
  const url = await createTestDatabase(t);
  const sql = postgres(url, { max: 2, onnotice: () => {} });
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  t.teardown(() => Promise.all([sql.end({ timeout: 1 }), admin.end({ timeout: 1 })]));

  const reserved = await sql.reserve();
  const [{ pid }] = await reserved<[{ pid: number }]>`select pg_backend_pid() as pid`;
  const settled = (query: Promise<unknown>) =>
    query.then(
      () => 'answered',
      (error: { code?: string }) => error.code ?? 'failed',
    );
  await nothingEscapes(t, async () => {
    // A statement with parameters not yet prepared is described first, which fills the connection:
    // what is sent behind it waits in the reservation's own queue (as in a pipelined transaction).
    const running = settled(reserved`select pg_sleep(${2})`.execute());
    const queued = settled(reserved`select ${1}::int as one`.execute());
    await waitFor(
      async () => (await admin`select 1 from pg_stat_activity where pid = ${pid} and query like 'select pg_sleep%'`).length > 0,
      5_000,
      'the first statement to run',
    );
    await admin`select pg_terminate_backend(${pid})`;
    const outcomes = await Promise.race([
      Promise.all([running, queued]),
      new Promise((resolve) => setTimeout(() => resolve('still waiting after 5 s'), 5_000)),
    ]);
    t.match(outcomes, [/^(57P01|CONNECTION_CLOSED)$/, 'CONNECTION_CLOSED'], 'both fail: the running one and the queued one');
    t.equal(await settled(reserved`select 1`.execute()), 'CONNECTION_CLOSED', 'a query sent after the close fails at once too');
  });
  reserved.release();
  t.same(await sql`select 2 as two`, [{ two: 2 }], 'the pool serves again after the release');
});
