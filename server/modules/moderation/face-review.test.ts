/**
 * The face queue: prints in needs_review, oldest first, never a moderator's own; `distinct` grants
 * the badge (when photo 1 is still the scanned one), `same_person` declines it; one audit row per
 * decision; a repeat answers the same, another decision is 409, two moderators at once: one wins.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import t from 'tap';
import type { Db } from '../../kernel/db/client.ts';
import { buildTestApp } from '../../test/app.ts';
import type { TestMember } from '../../test/factories.ts';
import { man, woman } from '../../test/members.ts';
import { moderator } from '../../test/moderation.ts';

const DESCRIPTOR = `{${Array.from({ length: 128 }, () => 0.01).join(',')}}`;

/** A print for `member`, matched with `twin` (needs_review) or not (clear); photo 1 scanned when `scanned`. */
async function printOf(db: Db, member: { userId: number }, twin: { userId: number } | null, at: string, scanned = true): Promise<void> {
  await db.execute(sql`
    insert into face_prints (user_id, descriptor, review_state, matched_user_id, created_at)
    values (${member.userId}, ${DESCRIPTOR}::real[], ${twin ? 'needs_review' : 'clear'}, ${twin?.userId ?? null}, ${at}::timestamptz)`);
  if (!scanned) return;
  const [scan] = await db.execute<{ id: string }>(sql`
    insert into face_scans (user_id, challenge, state, expires_at) values (${member.userId}, '[]'::jsonb, 'passed', now() + interval '1 hour')
    returning id::text`);
  await db.execute(sql`
    insert into uploads (user_id, purpose, slot, content_type, content_length, state, original_key, face_scan_id)
    values (${member.userId}, 'profile', 1, 'image/jpeg', 100, 'approved', ${`users/${member.userId}/x`}, ${scan.id}::uuid)`);
}

const faces = (app: FastifyInstance, member: TestMember, query = '') =>
  app.inject({ method: 'GET', url: `/api/v1/moderation/faces/${query ? `?${query}` : ''}`, headers: member.auth });
const decideFace = (app: FastifyInstance, member: TestMember, userId: number, body: object) =>
  app.inject({ method: 'POST', url: `/api/v1/moderation/faces/${userId}/decide/`, headers: member.auth, payload: body });
const verified = async (db: Db, userId: number) =>
  (await db.execute<{ verified: boolean }>(sql`select verified from profiles where user_id = ${userId}`))[0].verified;

t.test('the face queue: oldest first, paged, never the moderator’s own face; members get 404', async (t) => {
  const { app, db } = await buildTestApp(t);
  const [original, twin1, twin2, clear, mod] = [
    await woman(app, db),
    await woman(app, db),
    await woman(app, db),
    await man(app, db),
    await moderator(app, db),
  ];
  await printOf(db, original, null, '2026-01-01T00:00:00Z');
  await printOf(db, twin2, original, '2026-01-03T00:00:00Z');
  await printOf(db, twin1, original, '2026-01-02T00:00:00Z');
  await printOf(db, clear, null, '2026-01-01T00:00:00Z');
  await printOf(db, mod, original, '2026-01-01T00:00:00Z', false);

  const page = await faces(app, mod, 'limit=1');
  t.equal(page.statusCode, 200, page.body);
  t.match(page.json(), {
    items: [{ user_id: twin1.userId, username: twin1.username, matched: { user_id: original.userId } }],
    next_cursor: twin1.userId,
  });
  const next = (await faces(app, mod, `limit=1&cursor=${twin1.userId}`)).json();
  t.same(
    next.items.map((i: { user_id: number }) => i.user_id),
    [twin2.userId],
    'the next page continues, the moderator’s own print left out',
  );
  t.equal((await faces(app, mod, 'cursor=9000000')).statusCode, 400, 'a cursor that names no print');
  t.equal((await faces(app, original)).statusCode, 404, 'a member: the unknown route');
  t.equal((await decideFace(app, original, twin1.userId, { outcome: 'distinct', reason: 'x' })).statusCode, 404);
  t.equal((await decideFace(app, mod, mod.userId, { outcome: 'distinct', reason: 'mine' })).statusCode, 404, 'not their own');
});

t.test('distinct grants the badge, same_person declines it; audited once; repeats and races', async (t) => {
  const { app, db } = await buildTestApp(t);
  const [original, twin, copy, unscanned, mod1, mod2] = [
    await woman(app, db),
    await woman(app, db),
    await woman(app, db),
    await woman(app, db),
    await moderator(app, db),
    await moderator(app, db),
  ];
  await printOf(db, original, null, '2026-01-01T00:00:00Z');
  await printOf(db, twin, original, '2026-01-02T00:00:00Z');
  await printOf(db, copy, original, '2026-01-03T00:00:00Z');
  await printOf(db, unscanned, original, '2026-01-04T00:00:00Z', false);

  t.equal((await decideFace(app, mod1, twin.userId, { outcome: 'distinct', reason: ' ' })).statusCode, 400, 'a reason is required');
  const answers = await Promise.all([
    decideFace(app, mod1, twin.userId, { outcome: 'distinct', reason: 'Twins: different moles, different hairline.' }),
    decideFace(app, mod2, twin.userId, { outcome: 'same_person', reason: 'Same person.' }),
  ]);
  t.same(answers.map((a) => a.statusCode).sort(), [200, 409], 'two moderators at once: one decision');
  const winner = answers[0].statusCode === 200 ? 'distinct' : 'same_person';
  t.equal(await verified(db, twin.userId), winner === 'distinct', 'the badge follows the decision that won');
  const [{ audits }] = await db.execute<{ audits: number }>(
    sql`select count(*)::int as audits from moderation_audit where subject_id = ${twin.userId} and action like 'face.%'`,
  );
  t.equal(audits, 1, 'one audit row');

  const declined = await decideFace(app, mod1, copy.userId, { outcome: 'same_person', reason: 'The same woman runs both accounts.' });
  t.same(declined.json(), { user_id: copy.userId, review_state: 'declined' });
  t.equal(await verified(db, copy.userId), false, 'no badge');
  const again = await decideFace(app, mod1, copy.userId, { outcome: 'same_person', reason: 'The same woman runs both accounts.' });
  t.equal(again.statusCode, 200, 'the same decision again: the same answer');
  t.equal((await decideFace(app, mod2, copy.userId, { outcome: 'distinct', reason: 'No.' })).statusCode, 409, 'another decision: 409');
  const [audit] = await db.execute(sql`select * from moderation_audit where subject_id = ${copy.userId} order by id desc limit 1`);
  t.match(audit, {
    actor_id: mod1.userId,
    action: 'face.declined',
    from_state: 'needs_review',
    to_state: 'declined',
    detail: { matched_user_id: original.userId },
  });

  t.equal((await decideFace(app, mod1, unscanned.userId, { outcome: 'distinct', reason: 'Different people.' })).statusCode, 200);
  t.equal(await verified(db, unscanned.userId), false, 'photo 1 no longer the scanned one: cleared, but no badge');
  t.same((await faces(app, mod2)).json().items, [], 'the queue is empty');
});
