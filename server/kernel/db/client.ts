/**
 * The one way to reach Postgres: postgres.js underneath, drizzle on top, and a health watch
 * (health.ts) that replaces the pool's connections after they broke.
 *
 * The drizzle `db` every module holds is built once, over a stand-in for the postgres.js pool that
 * forwards each call to the pool of the moment. When the database comes back after an outage
 * (or a query found its connection broken) a new pool takes over and the old one is ended: a
 * postgres.js pool can keep a connection that died inside a transaction as if it were open,
 * and every query sent to it would fail.
 */
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import { drizzle, type PostgresJsQueryResultHKT } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import type { Log } from '../logging.ts';
import { DatabaseHealth } from './health.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** Accepted by every query function, so a transaction passes straight through. */
export type Db = PgDatabase<PostgresJsQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface DatabaseHandle {
  db: Db;
  /** The pool of the moment (replaced after an outage); for LISTEN, COPY and raw SQL. */
  sql: postgres.Sql;
  health: DatabaseHealth;
  /** Runs after the pool was replaced (the outbox relay listens again). */
  onReplaced(listener: () => void): void;
  close(options?: { timeoutSeconds?: number }): Promise<void>;
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

/**
 * A connection that cannot be made within this many seconds counts as a failure: without it
 * postgres.js waits 30 s, and a request with it. A database that crashed refuses at once, so
 * this only bounds the rarer case of one that stopped answering; it must stay well above what a
 * connection takes on a loaded machine (fork and password exchange on two busy cores can take a
 * second or more), or a busy moment would look like an outage.
 */
const CONNECT_TIMEOUT_SECONDS = 5;
/** The probe asks for an answer within this; a slower one is a failure (two in a row: down). */
const PROBE_TIMEOUT_SECONDS = 3;

/** Resolves when a new connection of its own answers `select 1` within the probe's deadline. */
export function probeDatabase(databaseUrl: string): () => Promise<void> {
  return async () => {
    const sql = postgresClient(databaseUrl, { max: 1, onnotice: () => {}, connect_timeout: PROBE_TIMEOUT_SECONDS, idle_timeout: 1 });
    try {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        sql`select 1`,
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('database probe timed out')), PROBE_TIMEOUT_SECONDS * 1000 + 500);
        }),
      ]).finally(() => clearTimeout(timer));
    } finally {
      await sql.end({ timeout: 0 }).catch(() => {});
    }
  };
}

const healthOfDb = new WeakMap<Db, DatabaseHealth>();

/** The health watch of the pool under `db`; undefined for a db made elsewhere (a bare drizzle). */
export function healthOf(db: Db): DatabaseHealth | undefined {
  return healthOfDb.get(db);
}

const silentLog: Log = { debug() {}, info() {}, warn() {}, error() {} };

export interface ConnectOptions {
  max?: number;
  /** Shared by every pool of one process, so one outage is watched once. */
  health?: DatabaseHealth;
  log?: Log;
}

export function connectDatabase(databaseUrl: string, options: ConnectOptions = {}): DatabaseHandle {
  const log = options.log ?? silentLog;
  const health = options.health ?? new DatabaseHealth({ probe: probeDatabase(databaseUrl), log });
  const newPool = () => {
    const pool = postgresClient(databaseUrl, {
      max: options.max ?? 10,
      onnotice: () => {},
      connect_timeout: CONNECT_TIMEOUT_SECONDS,
      // A connection that closed may be the first sign of an outage.
      onclose: () => health.suspect(),
      // bigint ids are read as numbers; ids stay far below 2^53.
      types: { bigint: postgres.BigInt },
      transform: { undefined: null },
    });
    // drizzle sets its type parsers on the pool it is given; the stand-in forwards that to this
    // pool once, and a replacement pool needs the same.
    drizzle(pool);
    return pool;
  };

  let pool = newPool();
  let bound = new Map<PropertyKey, unknown>();
  const ended: Promise<void>[] = [];
  const replacedListeners: Array<() => void> = [];

  const standIn = new Proxy(function pool() {} as unknown as postgres.Sql, {
    apply: (_target, _this, args: unknown[]) => (pool as unknown as (...a: unknown[]) => unknown)(...args),
    get: (_target, property) => {
      const value = Reflect.get(pool, property) as unknown;
      if (typeof value !== 'function') return value;
      // Bound once per pool: drizzle and the relay ask for `unsafe`, `begin` and `listen` often.
      let fn = bound.get(property);
      if (!fn) bound.set(property, (fn = (value as (...a: unknown[]) => unknown).bind(pool)));
      return fn;
    },
  });

  /** A new pool takes over; the old one's queries get `graceSeconds`, then its connections close. */
  const replacePool = (graceSeconds: number, why: string) => {
    const old = pool;
    pool = newPool();
    bound = new Map();
    ended.push(old.end({ timeout: graceSeconds }).catch(() => {}));
    log.info({}, `database pool replaced (${why})`);
  };
  // Down: queries waiting on a dead connection fail now (503), not when the database returns.
  health.onLost(() => replacePool(0, 'database unreachable'));
  health.onRecovered(() => {
    replacePool(2, 'database answers again');
    for (const listener of replacedListeners) listener();
  });

  const db = drizzle(standIn, { schema });
  healthOfDb.set(db, health);
  return {
    db,
    sql: standIn,
    health,
    onReplaced: (listener) => void replacedListeners.push(listener),
    // By default a short grace for a statement still on its way out, and none with the database
    // down: postgres.js holds a connection that is still starting for the whole grace when the
    // database has just gone (before the health watch noticed), which once ran a SIGTERM past 5 s.
    // A process closes its pools after everything that queries has stopped.
    async close({ timeoutSeconds = health.available ? 1 : 0 } = {}) {
      if (!options.health) health.close();
      await Promise.all([pool.end({ timeout: timeoutSeconds }), ...ended]);
    },
  };
}
