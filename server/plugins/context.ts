/**
 * Puts the process-wide dependencies (config, database, mailer, media store and
 * its URL signer, the identity-hash secret) on the app, so
 * routes reach them as app.config / app.db / app.mailer / app.media / app.mediaUrls /
 * app.identityHashSecret and tests can hand in their own.
 */
import fp from 'fastify-plugin';
import type { Config } from '../kernel/config.ts';
import type { Db } from '../kernel/db/client.ts';
import type { Mailer } from '../kernel/mailer/mailer.ts';
import type { MediaStore, MediaUrlSigner } from '../kernel/media/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    mailer: Mailer;
    media: MediaStore;
    mediaUrls: MediaUrlSigner;
    identityHashSecret: string;
  }
}

export interface AppContext {
  config: Config;
  db: Db;
  mailer: Mailer;
  media: MediaStore;
  mediaUrls: MediaUrlSigner;
  /** The key of the identity hashes (modules/identities): never stored in the database. */
  identityHashSecret: string;
}

export default fp<AppContext>(
  async (app, context) => {
    app.decorate('config', context.config);
    app.decorate('db', context.db);
    app.decorate('mailer', context.mailer);
    app.decorate('media', context.media);
    app.decorate('mediaUrls', context.mediaUrls);
    app.decorate('identityHashSecret', context.identityHashSecret);
  },
  { name: 'context' },
);
