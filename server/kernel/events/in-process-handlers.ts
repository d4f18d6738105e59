/**
 * How the event handlers get into the server process on the in-process default (no NATS_URL),
 * without the server knowing which handlers exist. The server builds the bus and the push bus and
 * calls this; the process entry (server/main.ts, the test harness) hands in an implementation
 * from workers/. Here, in the kernel, because both sides type against it and the kernel is the
 * one place both may import.
 */
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Log } from '../logging.ts';
import type { Mailer } from '../mailer/mailer.ts';
import type { MediaStore } from '../media/index.ts';
import type { Metrics } from '../metrics.ts';
import type { InProcessBus } from './bus-in-process.ts';
import type { PushBus } from './push.ts';

export interface InProcessHandlerDeps {
  config: Config;
  db: Db;
  push: PushBus;
  log: Log;
  /** The photos the API received, for the moderation handler. */
  media: MediaStore;
  /** Mail the handlers send (statements of reasons). */
  mailer: Mailer;
  /** The queues the handlers consume; the server's outbox relay feeds them. */
  bus: InProcessBus;
  metrics: Metrics;
}

export interface RunningHandlers {
  /** Stops taking events and waits for the jobs in flight (and their settlement records). */
  stop(): Promise<void>;
}

export type StartInProcessHandlers = (deps: InProcessHandlerDeps) => RunningHandlers;
