/**
 * The heartbeat's session check answers for every socket of an instance in one statement, past
 * the 65,535 parameters a PostgreSQL statement can carry: only sessions that exist, are not
 * revoked and have not expired come back.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import t from 'tap';
import { connectDatabase } from '../kernel/db/client.ts';
import { createTestDatabase } from '../test/app.ts';
import { selectActiveSessions } from './realtime.queries.ts';

t.test('70,000 sessions in one check: the live ones, not the revoked, expired or unknown', async (t) => {
  const { db, close } = connectDatabase(await createTestDatabase(t));
  t.teardown(close);
  const [{ id: userId }] = await db.execute<{ id: number }>(
    sql`insert into users (username, email, password_hash) values ('many_devices', 'many@example.com', 'x') returning id`,
  );
  // Every tenth session revoked, every tenth but one expired, the rest live.
  const rows = await db.execute<{ id: string; state: string }>(sql`
    insert into sessions (user_id, expires_at, revoked_at)
    select ${userId}, now() + case when n % 10 = 1 then interval '-1 hour' else interval '1 day' end,
           case when n % 10 = 0 then now() end
    from generate_series(1, 70000) n
    returning id, case when revoked_at is not null then 'revoked' when expires_at < now() then 'expired' else 'live' end as state`);
  const unknown = Array.from({ length: 100 }, () => randomUUID());
  const active = await selectActiveSessions(db, [...rows.map((row) => row.id), ...unknown]);
  const live = rows.filter((row) => row.state === 'live').map((row) => row.id);
  t.equal(live.length, 56000);
  t.equal(active.size, live.length, 'every live session and nothing else');
  t.ok(live.every((id) => active.has(id)));
  t.notOk(
    unknown.some((id) => active.has(id)),
    'unknown ids are not sessions',
  );
  t.same(await selectActiveSessions(db, []), new Set(), 'no sockets, no query');
});
