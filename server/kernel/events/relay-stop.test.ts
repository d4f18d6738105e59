/**
 * A stop must not wait on UNLISTEN: with the database down postgres.js can hold that statement
 * until the database returns, which held the API's SIGTERM past its forced exit.
 */
import type postgres from 'postgres';
import t from 'tap';
import { createTestDatabase } from '../../test/app.ts';
import { memoryLog, waitFor } from '../../test/nats.ts';
import { connectDatabase } from '../db/client.ts';
import { InProcessBus } from './bus-in-process.ts';
import { OutboxRelay } from './relay.ts';

t.test('a stop whose UNLISTEN never answers still ends promptly', async (t) => {
  const database = connectDatabase(await createTestDatabase(t), { max: 2 });
  t.teardown(() => database.close({ timeoutSeconds: 0 }));
  const log = memoryLog();
  let listening = false;
  // The listening side of postgres.js, reduced to what the relay uses: LISTEN answers, UNLISTEN never does.
  const listener = {
    listen: async () => {
      listening = true;
      return { state: {}, unlisten: () => new Promise<void>(() => {}) };
    },
  } as unknown as postgres.Sql;
  const relay = new OutboxRelay({
    db: database.db,
    transport: new InProcessBus(database.db, log),
    log,
    batchSize: 10,
    pollMs: 100,
    listener,
  });
  relay.start();
  await waitFor(() => listening, 5_000, 'the relay to listen');
  // The listen promise settles a turn later than the flag: let it hand over its unlisten.
  await new Promise((resolve) => setImmediate(resolve));

  const started = performance.now();
  await relay.stop({ flush: false });
  const took = performance.now() - started;
  t.ok(took < 2_000, `stopped in ${Math.round(took)} ms`);
});
