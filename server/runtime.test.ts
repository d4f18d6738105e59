/**
 * The runtime's generated identity-hash secret: written into DATA_DIR on the first start (owner
 * only), read back on the next; IDENTITY_HASH_SECRET wins and writes nothing. Each start links
 * the accounts that have no identity yet (the backfill).
 */
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import t from 'tap';
import { loadConfig } from './kernel/config.ts';
import { connectDatabase } from './kernel/db/client.ts';
import { identityHash } from './modules/identities/index.ts';
import { createRuntime } from './runtime.ts';
import { createTestDatabase, makeTempDir } from './test/app.ts';

const quiet = () => {};

t.test('the identity-hash secret is generated once into DATA_DIR, or taken from IDENTITY_HASH_SECRET', async (t) => {
  const databaseUrl = await createTestDatabase(t);
  const dataDir = await makeTempDir(t);
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: databaseUrl, DATA_DIR: dataDir, DEMO_MEMBERS: '0' });

  const first = await createRuntime(config, quiet);
  await first.close();
  const file = path.join(dataDir, 'identity-hash-secret');
  const secret = (await readFile(file, 'utf8')).trim();
  t.equal(first.options.identityHashSecret, secret, 'generated and kept');
  t.ok(secret.length >= 32);
  t.equal((await stat(file)).mode & 0o777, 0o600, 'readable by the owner only');
  t.not(secret, first.options.jwtSecret, 'not the token secret');

  // An account from before the identity record: the next start links it.
  const database = connectDatabase(databaseUrl, { max: 1 });
  t.teardown(() => database.close());
  const [user] = await database.db.execute<{ id: string }>(sql`
    insert into users (username, email, password_hash) values ('before', 'Before@Example.com', 'x') returning id`);
  await database.db.execute(sql`insert into profiles (user_id) values (${user.id})`);

  const second = await createRuntime(config, quiet);
  await second.close();
  t.equal(second.options.identityHashSecret, secret, 'read back on the next start');
  const [linked] = await database.db.execute<{ hash: string }>(sql`
    select h.hash from users u join identity_hashes h on h.identity_id = u.identity_id and h.kind = 'email' where u.id = ${user.id}`);
  t.equal(linked?.hash, identityHash(secret, 'email', 'before@example.com'), 'the start linked the older account');

  const otherDir = await makeTempDir(t);
  const given = 'g'.repeat(40);
  const third = await createRuntime({ ...config, dataDir: otherDir, identityHashSecret: given }, quiet);
  await third.close();
  t.equal(third.options.identityHashSecret, given, 'the environment wins');
  t.notOk(existsSync(path.join(otherDir, 'identity-hash-secret')), 'and nothing is written');
});
