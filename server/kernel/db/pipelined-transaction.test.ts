/**
 * The pipelined transaction is a transaction: what its work wrote commits together or not at all,
 * its statements run inside it (not in autocommit before BEGIN), and BEGIN costs no write of its own.
 */
import { sql } from 'drizzle-orm';
import t from 'tap';
import { createTestDatabase, type TestContext } from '../../test/app.ts';
import { countDatabaseWrites } from '../../test/database-writes.ts';
import { connectDatabase, type Db } from './client.ts';
import { pipelinedTransaction } from './pipelined-transaction.ts';
import { executePrepared } from './prepared.ts';

async function scratch(t: TestContext): Promise<Db> {
  const handle = connectDatabase(await createTestDatabase(t));
  t.teardown(() => handle.close());
  await handle.db.execute(sql`create table scratch (id int primary key)`);
  return handle.db;
}

const count = async (db: Db) => Number((await db.execute<{ n: string }>(sql`select count(*) as n from scratch`))[0].n);

t.test('the work commits together, and a failure rolls back what it already wrote', async (t) => {
  const db = await scratch(t);
  t.equal(
    await pipelinedTransaction(db, async (tx) => {
      await Promise.all([tx.execute(sql`insert into scratch values (1)`), tx.execute(sql`insert into scratch values (2)`)]);
      return 'done';
    }),
    'done',
  );
  t.equal(await count(db), 2);

  await t.rejects(
    pipelinedTransaction(db, async (tx) => {
      await tx.execute(sql`insert into scratch values (3)`);
      throw new Error('a check failed');
    }),
    /a check failed/,
  );
  // A statement that fails in the database (duplicate key) rolls back the one sent before it.
  await t.rejects(
    pipelinedTransaction(db, async (tx) => {
      await Promise.all([tx.execute(sql`insert into scratch values (4)`), tx.execute(sql`insert into scratch values (1)`)]);
    }),
  );
  t.equal(await count(db), 2, 'neither 3 nor 4 was kept');
});

t.test('the first statements run inside the transaction, sent with BEGIN in one write', async (t) => {
  const db = await scratch(t);
  // Warm: the statements below are prepared on the pool's connections already.
  const transactionId = async (tx: Db) =>
    (await executePrepared<{ xid: string }>(tx, sql`select pg_current_xact_id()::text as xid`))[0].xid;
  await pipelinedTransaction(db, (tx) => transactionId(tx));
  const writes = countDatabaseWrites(t);
  const [first, second] = await pipelinedTransaction(db, async (tx) => [await transactionId(tx), await transactionId(tx)]);
  writes.stop();
  // pg_current_xact_id assigns an id for the transaction; in autocommit the two would differ.
  t.equal(first, second, 'both statements saw one transaction');
  t.equal(writes.count, 3, 'BEGIN with the first statement, the second, COMMIT');
});

t.test('inside a transaction it joins it', async (t) => {
  const db = await scratch(t);
  await t.rejects(
    db.transaction(async (outer) => {
      await pipelinedTransaction(outer, (tx) => tx.execute(sql`insert into scratch values (1)`));
      throw new Error('the outer transaction fails');
    }),
  );
  t.equal(await count(db), 0, 'the inner work rolled back with the outer transaction');
});
