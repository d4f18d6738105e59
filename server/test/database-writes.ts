/**
 * Counts the writes this process makes to PostgreSQL's socket: each one a round trip that the
 * event loop and a backend both pay for. The round-trip tests count them, not time them, so the
 * shape of a hot path (prepared statements, pipelining) holds on any machine.
 */
import net from 'node:net';
import type { TestContext } from './app.ts';

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
    if (this.remotePort === databasePort) count += 1;
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

/** Lets the relay and the handlers finish with the last request's events before the next one is counted. */
export const settleEvents = () => new Promise((resolve) => setTimeout(resolve, 100));
