/**
 * Counts the writes this process makes to PostgreSQL's socket: each one a round trip that the
 * event loop and a backend both pay for. The round-trip tests count them, not time them, so the
 * shape of a hot path (prepared statements, pipelining) holds on any machine.
 */
import net from 'node:net';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import * as schema from '../kernel/db/schema/index.ts';
import type { ConsumerSubjects } from '../kernel/events/delivery-records.ts';
import type { TestContext } from './app.ts';
import { inProcessEventsSettled } from './events-settled.ts';

/** The test's own look-out connections: what they write is the test's cost, not the product's. */
const uncounted = new WeakSet<net.Socket>();

export interface WriteCounter {
  /** Writes so far. */
  readonly count: number;
  /** Stops counting (also done when the test ends). */
  stop(): void;
}

export function countDatabaseWrites(t: TestContext): WriteCounter {
  const databasePort = Number(new URL(process.env.DATABASE_URL!).port || 5432);
  let count = 0;
  const write = net.Socket.prototype.write;
  net.Socket.prototype.write = function countedWrite(this: net.Socket, ...args: unknown[]) {
    if (this.remotePort === databasePort && !uncounted.has(this)) count += 1;
    return (write as (...a: unknown[]) => boolean).apply(this, args);
  } as typeof write;
  const stop = () => {
    net.Socket.prototype.write = write;
  };
  t.teardown(stop);
  return {
    get count() {
      return count;
    },
    stop,
  };
}

/**
 * Waits until the relay and the handlers are done with every event so far: no outbox row is left
 * unpublished and each consumer has settled every published row it accepts. Handlers record a
 * settlement only after their work, so the next request counted starts on a quiet database.
 * It asks over a connection of its own that the write counter leaves out.
 */
export async function eventsSettled(t: TestContext, databaseUrl: string, consumers: readonly ConsumerSubjects[]): Promise<void> {
  const lookout = uncountedClient(t, databaseUrl);
  await inProcessEventsSettled(drizzle(lookout, { schema }), consumers);
}

const lookouts = new WeakMap<TestContext, postgres.Sql>();

/** One connection per test, on a socket the counter skips; ended with the test. */
function uncountedClient(t: TestContext, databaseUrl: string): postgres.Sql {
  const known = lookouts.get(t);
  if (known) return known;
  const { hostname, port } = new URL(databaseUrl);
  // postgres.js reads a `socket` option its types leave out: a function giving it a connected socket.
  const options = {
    max: 1,
    onnotice: () => {},
    socket: () =>
      new Promise<net.Socket>((resolve, reject) => {
        const socket = net.connect(Number(port || 5432), hostname);
        uncounted.add(socket);
        socket.once('connect', () => resolve(socket));
        socket.once('error', reject);
      }),
  };
  const client = postgres(databaseUrl, options as postgres.Options<Record<string, never>>);
  lookouts.set(t, client);
  t.teardown(() => client.end());
  return client;
}
