/** `npm run db:migrate`: applies pending migrations to DATABASE_URL. */
import { loadConfig } from '../config.ts';
import { runMigrations } from './migrate.ts';

const config = loadConfig();
if (!config.databaseUrl) {
  console.error('DATABASE_URL is not set; the embedded database migrates itself at start-up.');
  process.exit(1);
}
await runMigrations(config.databaseUrl);
console.log('migrations applied');
process.exit(0);
