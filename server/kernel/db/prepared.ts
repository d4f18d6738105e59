/**
 * Hot statements as prepared statements.
 *
 * drizzle hands every statement to postgres.js unnamed, and postgres.js runs an unnamed statement
 * with parameters in two round trips: parse and describe (to learn the parameter types), then
 * bind and execute; PostgreSQL parses and plans it every time. A prepared statement is kept per
 * connection after its first run, so every later run is one round trip with no parse. On a chat
 * send (the session check, the transaction, the relay and the push handler: about fifteen
 * statements) that halves the round trips.
 *
 * Only for statements whose text is fixed (values as parameters, never spliced in): every
 * distinct text stays prepared on each connection for the connection's life, so a statement
 * built from a variable set of filters or an inlined list must not come here.
 */
import type { SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/** postgres.js caches by text and parameter types, so the name only has to say "prepare". */
const PREPARE = 'hot';

/** Like `db.execute(query)`, as a prepared statement; works inside a transaction (`tx`) too. */
export async function executePrepared<Row extends Record<string, unknown>>(db: Db, query: SQL): Promise<Row[]> {
  // The dialect is drizzle's own query builder (not part of its typed surface, stable at run time).
  const { dialect } = db as unknown as { dialect: PgDialect };
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, PREPARE, false);
  return (await prepared.execute()) as Row[];
}

/**
 * The value of one of several statements sent together (`Promise.allSettled`), or its error
 * thrown. Reading the results in the order the checks matter answers the first failure that
 * counts, as running them one by one would, while a later one's error stays handled.
 */
export function settledValue<T>(result: PromiseSettledResult<T>): T {
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

/** For drizzle's query builders: `prepared(db.select(...).from(...).where(...))`. */
export function prepared<Query extends { prepare(name: string): { execute(): Promise<unknown> } }>(
  query: Query,
): ReturnType<ReturnType<Query['prepare']>['execute']> {
  return query.prepare(PREPARE).execute() as ReturnType<ReturnType<Query['prepare']>['execute']>;
}

/** What drizzle's postgres.js driver prepares: the text, its parameters and how to map rows. */
interface DriverQuery<Result> {
  client: unknown;
  execute(values?: Record<string, unknown>): Promise<Result>;
}

interface Preparable<Result> {
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<Result> };
}

const sessionClient = (db: Db) => (db._.session as unknown as { client: unknown }).client;

/**
 * A hot statement whose text drizzle builds once. Building a query (walking the builder, escaping
 * names, joining the SQL chunks) cost the API a fifth of its CPU on a chat send, for a text that
 * never changes; here the first run builds it with `sql.placeholder(name)` where values go, and
 * every run after that only binds the values on the caller's connection (pool or transaction),
 * as a prepared statement (one round trip, no parse).
 *
 *   const sessionOf = preparedQuery((db) => db.select(...).where(eq(sessions.id, sql.placeholder('sid'))));
 *   const rows = await sessionOf(db, { sid });
 */
export function preparedQuery<Result, Values extends Record<string, unknown> = Record<string, unknown>>(
  build: (db: Db) => Preparable<Result>,
): (db: Db, values: Values) => Promise<Result> {
  let template: DriverQuery<Result> | undefined;
  return (db, values) => {
    template ??= detached(build(db).prepare(PREPARE) as unknown as DriverQuery<Result>);
    return onClient(template, db).execute(values);
  };
}

/** The same for a hand-written statement (`sql` with placeholders): rows as PostgreSQL names them. */
export function preparedSql<Row extends Record<string, unknown>, Values extends Record<string, unknown> = Record<string, unknown>>(
  build: () => SQL,
): (db: Db, values: Values) => Promise<Row[]> {
  let template: DriverQuery<Row[]> | undefined;
  return (db, values) => {
    if (!template) {
      const { dialect } = db as unknown as { dialect: PgDialect };
      template = detached(
        db._.session.prepareQuery(dialect.sqlToQuery(build()), undefined, PREPARE, false) as unknown as DriverQuery<Row[]>,
      );
    }
    return onClient(template, db).execute(values);
  };
}

/** The template must not keep the connection (or transaction) it was first built on. */
function detached<Result>(query: DriverQuery<Result>): DriverQuery<Result> {
  if (!('client' in query)) throw new Error('preparedQuery: the database driver is not postgres.js');
  query.client = undefined;
  return query;
}

/** The template run on `db`'s connection: everything but the client is shared, nothing is copied. */
function onClient<Result>(template: DriverQuery<Result>, db: Db): DriverQuery<Result> {
  const query = Object.create(template) as DriverQuery<Result>;
  query.client = sessionClient(db);
  return query;
}
