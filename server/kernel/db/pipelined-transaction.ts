/**
 * A transaction whose BEGIN travels with its first statements.
 *
 * drizzle's `db.transaction` (through postgres.js's `begin`) sends BEGIN and waits for its answer
 * before the work starts: a round trip of its own, on every transaction. Here a connection is
 * reserved from the pool (no round trip), BEGIN is queued on it, and the statements the work
 * issues in the same turn of the event loop go out in the same write; PostgreSQL runs them in the
 * order sent, so they still run inside the transaction. On the chat send, the busiest write a
 * member makes, that is one write fewer per message.
 *
 * For hot paths only: the work must not open a nested transaction (a reserved connection has no
 * savepoints); everywhere else `db.transaction` stays the tool.
 */
import type postgres from 'postgres';
import { PostgresJsSession, PostgresJsTransaction } from 'drizzle-orm/postgres-js';
import type { Db } from './client.ts';

type PoolSession = PostgresJsSession<postgres.Sql, Record<string, unknown>, never>;

export async function pipelinedTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  const session = db._.session as unknown as PoolSession;
  const pool = session.client as postgres.Sql;
  // Already inside a transaction (a test's or a caller's): join it the usual way.
  if (typeof pool.reserve !== 'function') return db.transaction(work);
  const connection = await pool.reserve();
  try {
    // Queued now (postgres.js sends a query when it is first awaited, unless told to execute), not
    // awaited: it leaves first, in the same write as the work's first statements.
    const begun = connection.unsafe('begin').execute();
    let result: T;
    try {
      [, result] = await Promise.all([begun, work(transactionOn(session, connection))]);
    } catch (error) {
      // After a failed BEGIN nothing ran inside a transaction, and a rollback is harmless.
      await connection.unsafe('rollback').catch(() => undefined);
      throw error;
    }
    await connection.unsafe('commit');
    return result;
  } finally {
    connection.release();
  }
}

/** A drizzle transaction over the reserved connection, built the way drizzle builds its own. */
function transactionOn(pool: PoolSession, connection: postgres.ReservedSql): Db {
  const { dialect, schema, options } = pool as unknown as { dialect: never; schema: never; options: never };
  const session = new PostgresJsSession(connection, dialect, schema, options);
  return new PostgresJsTransaction(dialect, session as never, schema) as unknown as Db;
}
