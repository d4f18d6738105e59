/**
 * Renders the OpenAPI document from the route schemas. Used by `npm run openapi` (writes
 * openapi.yaml) and by the drift test (compares with the committed file).
 */
import { buildApp } from './app.ts';
import { loadConfig } from './kernel/config.ts';
import { connectDatabase } from './kernel/db/client.ts';

export async function renderOpenApiYaml(): Promise<string> {
  // Nothing is queried: the routes only need to be registered. postgres.js connects lazily.
  const database = connectDatabase('postgres://openapi@127.0.0.1:1/openapi', { max: 1 });
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '.data/openapi' }),
    db: database.db,
    mailer: { send: async () => {} },
    jwtSecret: 'openapi-generation-only-secret-not-used-for-anything',
    identityHashSecret: 'openapi-generation-only-secret-not-used-for-anything',
  });
  try {
    await app.ready();
    return app.swagger({ yaml: true });
  } finally {
    await app.close();
    await database.close();
  }
}
