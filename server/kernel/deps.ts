/**
 * What services receive instead of the Fastify instance: the process-wide dependencies, each
 * service taking only the ones it uses (`Pick<ServiceDeps, 'db'>`), so a worker, a script or a
 * unit test can call it without building the app. Routes hand them in.
 */
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { Log } from './logging.ts';
import type { Mailer } from './mailer/mailer.ts';

export interface ServiceDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  log: Log;
}

export type DbDeps = Pick<ServiceDeps, 'db'>;
