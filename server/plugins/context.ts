/**
 * Puts the process-wide dependencies (config, database, mailer) on the app, so routes reach
 * them as app.config / app.db / app.mailer and tests can hand in their own.
 */
import fp from 'fastify-plugin';
import type { Config } from '../kernel/config.ts';
import type { Db } from '../kernel/db/client.ts';
import type { Mailer } from '../kernel/mailer/mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    mailer: Mailer;
  }
}

export interface AppContext {
  config: Config;
  db: Db;
  mailer: Mailer;
}

export default fp<AppContext>(
  async (app, context) => {
    app.decorate('config', context.config);
    app.decorate('db', context.db);
    app.decorate('mailer', context.mailer);
  },
  { name: 'context' },
);
