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
