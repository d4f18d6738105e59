/** The one way to reach Postgres: postgres.js underneath, drizzle on top. */
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import { drizzle, type PostgresJsQueryResultHKT } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** Accepted by every query function, so a transaction passes straight through. */
export type Db = PgDatabase<PostgresJsQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface DatabaseHandle {
  db: Db;
  sql: postgres.Sql;
  close(): Promise<void>;
}

/**
 * libpq's spelling of a Unix socket, `?host=/var/run/postgresql` in the URL, which postgres.js
 * would otherwise send to the server as a setting: the directory becomes postgres.js's host
 * (a path: it connects to `<dir>/.s.PGSQL.<port>`). A server beside its database saves the TCP
 * stack on every round trip this way.
 */
export function socketFromUrl(url: string): { url: string; host?: string } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { url };
  }
  const host = parsed.searchParams.get('host');
  if (!host?.startsWith('/')) return { url };
  parsed.searchParams.delete('host');
  return { url: parsed.toString(), host };
}

/** A postgres.js client for a DATABASE_URL, a Unix socket in libpq's spelling included. */
export function postgresClient(databaseUrl: string, options: postgres.Options<Record<string, postgres.PostgresType>> = {}): postgres.Sql {
  const { url, host } = socketFromUrl(databaseUrl);
  return postgres(url, host ? { ...options, host } : options);
}

export function connectDatabase(databaseUrl: string, options: { max?: number } = {}): DatabaseHandle {
  const sql = postgresClient(databaseUrl, {
    max: options.max ?? 10,
    onnotice: () => {},
    // bigint ids are read as numbers; ids stay far below 2^53.
    types: { bigint: postgres.BigInt },
    transform: { undefined: null },
  });
  const db = drizzle(sql, { schema });
  return { db, sql, close: () => sql.end({ timeout: 5 }) };
}
