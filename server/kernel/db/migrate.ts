/** Applies drizzle-kit migrations from migrations/, one instance at a time. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import { postgresClient } from './client.ts';

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../migrations');

// Any constant works; it only has to be the same for every instance of this app.
const MIGRATION_LOCK_KEY = 727_114_001;

export async function runMigrations(databaseUrl: string): Promise<void> {
  // One dedicated connection, so the advisory lock and the migration share a session.
  const sql = postgresClient(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
    await migrate(drizzle(sql), { migrationsFolder: MIGRATIONS_DIR });
    await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** Creates a database when it does not exist yet (embedded default and tests). */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unsafe database name: ${name}`);
  const sql = postgresClient(adminUrl, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql`select 1 as found from pg_database where datname = ${name}`;
    if (!row) await sql.unsafe(`create database "${name}"`);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
