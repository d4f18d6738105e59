/**
 * Access sweep, generated from openapi.yaml: every operation that takes an id (in its path or
 * its body) is called by one member against other members in every situation where the answer
 * must be a refusal: the member they blocked, a member who blocked them, an incomplete profile,
 * a deleted account, and an id that never existed. A `match` id is the caller's own match with
 * that member (kept beside the block or the incomplete profile) or, for the stranger, a match of
 * two other members: always a 404. A new route with an id is swept as soon as it
 * is in openapi.yaml; it only has to say, with `x-id-of` on the id, which kind of id it takes.
 * An `own-photo-slot` names a position in the caller's own profile, not anything of another
 * member, and a `signed-media` token is a permission sealed for one viewer rather than an id, so
 * routes taking those are not swept (their own tests cover them: media.test.ts signs URLs for
 * each of these situations).
 *
 * A stranger (a member with no relation to the caller, who has a like and a match with someone
 * else) may legitimately be viewed, liked or blocked, so there the sweep checks that nothing of
 * that third party's changes and that no answer is a server error.
 */
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import t from 'tap';
import { parse } from 'yaml';
import type { Db } from './kernel/db/client.ts';
import { likeProfile, type Member, man, post, woman } from './test/members.ts';
import { patchProfile, profileIdOf } from './test/profiles.ts';
import { buildTestApp } from './test/app.ts';
import { signUp } from './test/factories.ts';

type IdKind = 'profile' | 'user' | 'upload' | 'match' | 'report' | 'statement';
const ID_KINDS: readonly string[] = ['profile', 'user', 'upload', 'match', 'report', 'statement'];
/** Path parameters that are not another member's id: the caller's own slot, a sealed permission. */
const OWN_KINDS = new Set(['own-photo-slot', 'signed-media']);
/**
 * A member as the sweep aims at them: their ids, an upload of theirs, a match (with an open chat)
 * of theirs, a report about them and a statement of reasons of theirs. Report ids are taken only by
 * the moderators' routes, which a member (the sweep's caller) must find as absent as an unknown
 * route; a statement is only ever its own member's.
 */
type Target = { profileId: number; userId: number; uploadId: string; matchId: number; reportId: number; statementId: number };
const idFor = (target: Target) => (kind: IdKind) =>
  kind === 'user'
    ? target.userId
    : kind === 'upload'
      ? target.uploadId
      : kind === 'match'
        ? target.matchId
        : kind === 'report'
          ? target.reportId
          : kind === 'statement'
            ? target.statementId
            : target.profileId;
type Schema = {
  type?: string;
  format?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  'x-id-of'?: string;
  $ref?: string;
};
interface Operation {
  parameters?: Array<{ in: string; name: string; schema: Schema }>;
  requestBody?: { content?: Record<string, { schema: Schema }> };
}

/** Situations in which the caller's call on the target must be refused. */
const REFUSED = ['blocked-by-me', 'blocked-me', 'incomplete', 'deleted', 'never-existed'] as const;
type Situation = (typeof REFUSED)[number];

/**
 * The only operations that may act in a refused situation, and why: a member can always repeat
 * their own block (harmless) and lift it; and a report reaches any member who still has an
 * account, whatever stands between the two (a member who blocked the reporter, or hid their
 * profile by leaving it incomplete, must still be reportable). A report of a deleted account or
 * an id that never existed is a 404 like everywhere else.
 */
const ALLOWED: Record<string, Situation[]> = {
  'POST /api/v1/block/{user_id}/': ['blocked-by-me'],
  'DELETE /api/v1/block/{user_id}/unblock/': ['blocked-by-me'],
  'POST /api/v1/reports/': ['blocked-by-me', 'blocked-me', 'incomplete'],
};

interface IdRoute {
  key: string;
  method: string;
  path: string;
  pathIds: Array<{ name: string; kind: IdKind }>;
  body: Schema | null;
}

async function idRoutes(): Promise<IdRoute[]> {
  const document = parse(await readFile(new URL('../openapi.yaml', import.meta.url), 'utf8')) as {
    paths: Record<string, Record<string, Operation>>;
    components?: { schemas?: Record<string, Schema> };
  };
  const resolve = (schema: Schema): Schema =>
    schema.$ref ? (document.components?.schemas?.[schema.$ref.split('/').pop() as string] ?? schema) : schema;
  const routes: IdRoute[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const pathParams = (operation.parameters ?? []).filter((p) => p.in === 'path');
      if (pathParams.some((p) => OWN_KINDS.has(p.schema['x-id-of'] ?? ''))) continue;
      const body = operation.requestBody?.content?.['application/json']?.schema;
      const bodySchema = body ? resolve(body) : null;
      const bodyIds = Object.values(bodySchema?.properties ?? {}).filter((p) => p['x-id-of']);
      if (pathParams.length === 0 && bodyIds.length === 0) continue;
      routes.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathIds: pathParams.map((p) => ({ name: p.name, kind: p.schema['x-id-of'] as IdKind })),
        // Sent whenever the operation takes a body, so a body rule cannot answer before the id check.
        body: bodySchema,
      });
    }
  }
  return routes;
}

/** A schema-valid body with `id` for every id property (other fields: their simplest valid value). */
function bodyFor(schema: Schema, idOf: (kind: IdKind) => number | string): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (property['x-id-of']) body[name] = idOf(property['x-id-of'] as IdKind);
    else if (!schema.required?.includes(name)) continue;
    else if (property.enum) body[name] = property.enum[0];
    else if (property.format === 'uuid') body[name] = '00000000-0000-4000-8000-000000000001';
    else if (property.type === 'boolean') body[name] = true;
    else if (property.type === 'integer' || property.type === 'number') body[name] = 1;
    else body[name] = 'x';
  }
  return body;
}

function call(app: FastifyInstance, caller: Member, route: IdRoute, idOf: (kind: IdKind) => number | string) {
  let url = route.path;
  for (const { name, kind } of route.pathIds) url = url.replace(`{${name}}`, String(idOf(kind)));
  const payload = route.body ? bodyFor(route.body, idOf) : undefined;
  return app.inject({ method: route.method as 'GET', url, headers: caller.auth, ...(payload ? { payload } : {}) });
}

/** A photo upload of the member's own, created through the API. */
async function uploadOf(app: FastifyInstance, member: Member): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/uploads/',
    headers: member.auth,
    payload: { fieldName: 'photo2', contentType: 'image/jpeg', contentLength: 100 },
  });
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.body}`);
  return response.json().uploadId;
}

/**
 * A match between two members with its chat open, written straight to the table: the sweep puts
 * members in situations the API would refuse to create (a match beside a block, with an
 * incomplete profile), so a wrongful success on a match id would show.
 */
async function openMatch(db: Db, a: { profileId: number }, b: { profileId: number }): Promise<number> {
  const [row] = await db.execute<{ id: number }>(sql`
    insert into matches (profile_low_id, profile_high_id, chat_unlocked_at)
    values (least(${a.profileId}::bigint, ${b.profileId}::bigint), greatest(${a.profileId}::bigint, ${b.profileId}::bigint), now())
    on conflict (profile_low_id, profile_high_id) do update set chat_unlocked_at = now()
    returning id`);
  return Number(row.id);
}

/** A report about the member, written straight to the table (filed by nobody the sweep calls as). */
async function reportAbout(db: Db, member: { userId: number }): Promise<number> {
  const [row] = await db.execute<{ id: number }>(sql`
    insert into reports (reported_id, category, evidence_sha256) values (${member.userId}, 'other', 'sweep') returning id::int`);
  return row.id;
}

/** A warning about the member with its statement of reasons (appealable), written straight to the tables. */
async function statementAbout(db: Db, member: { userId: number }): Promise<number> {
  const [row] = await db.execute<{ id: number }>(sql`
    with report as (
      insert into reports (reported_id, category, evidence_sha256, state, resolution)
      values (${member.userId}, 'other', 'sweep-statement', 'actioned', 'warning') returning id),
    strike as (
      insert into moderation_strikes (member_id, report_id, resolution, reason)
      select ${member.userId}, id, 'warning', 'Sweep.' from report returning id, report_id)
    insert into moderation_statements (member_id, report_id, strike_id, kind, resolution, category, decision_text, facts, appeal_until)
    select ${member.userId}, report_id, id, 'decision', 'warning', 'other', 'A warning.', 'Sweep.', now() + interval '14 days'
    from strike returning id::int`);
  return row.id;
}

async function relationOf(db: Db, a: Member, b: Member) {
  const [row] = await db.execute<{ likes: number; matches: number }>(sql`
    select (select count(*)::int from likes where from_profile_id in (${a.profileId}, ${b.profileId})
                                            and to_profile_id in (${a.profileId}, ${b.profileId})) as likes,
           (select count(*)::int from matches where profile_low_id in (${a.profileId}, ${b.profileId})
                                              and profile_high_id in (${a.profileId}, ${b.profileId})) as matches`);
  return row;
}

t.test('every operation with an id refuses members it must not reach', async (t) => {
  const routes = await idRoutes();
  t.ok(routes.length >= 6, `${routes.length} operations take an id`);
  for (const route of routes) {
    for (const { name, kind } of route.pathIds) {
      t.ok(ID_KINDS.includes(kind), `${route.key}: path id ${name} says which kind of id it is (x-id-of)`);
    }
  }

  const { app, db } = await buildTestApp(t);
  const caller = await man(app, db, {}, 'caller');
  const blockedByMe = await woman(app, db, {}, 'blocked_by_me');
  const blockedMe = await woman(app, db, {}, 'blocked_me');
  const gone = await woman(app, db, {}, 'gone');
  const incompleteMember = await signUp(app, { username: 'incomplete' });
  await patchProfile(app, incompleteMember, { gender: 'Woman' });
  const incomplete = { ...incompleteMember, profileId: await profileIdOf(db, incompleteMember) };
  // Each refused situation also carries a like from the target, so a wrongful success would show.
  for (const target of [blockedByMe, blockedMe, gone]) await likeProfile(app, target, caller.profileId);
  // And an upload of the target's own, which nobody but the target may reach.
  const uploadIds = new Map<Member, string>();
  for (const target of [blockedByMe, blockedMe, gone, incomplete]) uploadIds.set(target, await uploadOf(app, target));
  // And a match with the caller, chat open, kept beside the block or the incomplete profile (the
  // deleted member's goes with the account), so a chat route that missed either would answer.
  const matchIds = new Map<Member, number>();
  for (const target of [blockedByMe, blockedMe, gone, incomplete]) matchIds.set(target, await openMatch(db, caller, target));
  const reportIds = new Map<Member, number>();
  for (const target of [blockedByMe, blockedMe, gone, incomplete]) reportIds.set(target, await reportAbout(db, target));
  const statementIds = new Map<Member, number>();
  for (const target of [blockedByMe, blockedMe, gone, incomplete]) statementIds.set(target, await statementAbout(db, target));
  t.equal((await app.inject({ method: 'POST', url: '/api/v1/profile/delete/', headers: gone.auth })).statusCode, 200);

  const withTheirs = (member: Member): Target => ({
    ...member,
    uploadId: uploadIds.get(member) as string,
    matchId: matchIds.get(member) as number,
    reportId: reportIds.get(member) as number,
    statementId: statementIds.get(member) as number,
  });
  const targets: Record<Situation, Target> = {
    'blocked-by-me': withTheirs(blockedByMe),
    'blocked-me': withTheirs(blockedMe),
    incomplete: withTheirs(incomplete),
    deleted: withTheirs(gone),
    'never-existed': {
      profileId: 9_000_000,
      userId: 9_000_000,
      uploadId: '00000000-0000-4000-8000-000000000000',
      matchId: 9_000_000,
      reportId: 9_000_000,
      statementId: 9_000_000,
    },
  };
  const [{ seeded }] = await db.execute<{ seeded: number }>(sql`select count(*)::int as seeded from matches`);
  // Re-established before every call, since a call that is allowed (unblock) may change it.
  const prepare = async () => {
    await db.execute(sql`insert into blocks (blocker_user_id, blocked_user_id) values
      (${caller.userId}, ${blockedByMe.userId}), (${blockedMe.userId}, ${caller.userId}) on conflict do nothing`);
  };

  for (const route of routes) {
    for (const situation of REFUSED) {
      await prepare();
      const target = targets[situation];
      const response = await call(app, caller, route, idFor(target));
      const allowed = ALLOWED[route.key]?.includes(situation);
      if (allowed) t.ok(response.statusCode < 500, `${route.key} ${situation}: allowed (${response.statusCode})`);
      else t.equal(response.statusCode, 404, `${route.key} ${situation}: refused as not found (${response.body})`);
    }
  }
  const [{ n }] = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from likes where to_profile_id = ${caller.profileId} or from_profile_id = ${caller.profileId}`);
  const [{ m }] = await db.execute<{ m: number }>(sql`select count(*)::int as m from matches`);
  t.ok(m <= seeded, `no refused call made a match (${m} of the ${seeded} the sweep wrote itself)`);
  const [{ messages }] = await db.execute<{ messages: number }>(sql`select count(*)::int as messages from chat_messages`);
  t.equal(messages, 0, 'no refused call wrote in a chat');
  t.ok(n <= 1, `no refused call added a like (${n}: at most blocked_me's, which the block removed)`);
  // The allowed reports are the caller's own: each names the caller as reporter, and nothing was
  // filed about the deleted or never-existing member.
  const filed = await db.execute<{ reporter_id: number; reported_id: number }>(
    sql`select reporter_id::int, reported_id::int from reports where evidence_sha256 not like 'sweep%'`,
  );
  t.ok(
    filed.every(
      (row) => row.reporter_id === caller.userId && [blockedByMe, blockedMe, incomplete].some((m) => m.userId === row.reported_id),
    ),
    `only the caller's reports of members who still exist (${filed.length})`,
  );
  const [{ moved }] = await db.execute<{ moved: number }>(
    sql`select count(*)::int as moved from reports where evidence_sha256 = 'sweep' and (state <> 'open' or assignee_id is not null)`,
  );
  t.equal(moved, 0, 'no report about a target was claimed or decided');
  const [{ appeals }] = await db.execute<{ appeals: number }>(sql`select count(*)::int as appeals from moderation_appeals`);
  t.equal(appeals, 0, "no target's decision was appealed by the caller");
});

t.test("a stranger's calls with another member's ids change nothing of that member's own relations", async (t) => {
  const routes = await idRoutes();
  const { app, db } = await buildTestApp(t);
  const stranger = await man(app, db, {}, 'stranger');
  const target = await woman(app, db, {}, 'target');
  const partner = await man(app, db, {}, 'partner');
  await likeProfile(app, partner, target.profileId);
  await likeProfile(app, target, partner.profileId);
  const theirMatch = await openMatch(db, partner, target);
  const targetIds = {
    ...target,
    uploadId: await uploadOf(app, target),
    matchId: theirMatch,
    reportId: await reportAbout(db, target),
    statementId: await statementAbout(db, target),
  };
  const before = await relationOf(db, partner, target);
  t.same(before, { likes: 2, matches: 1 }, 'target and partner are matched');
  for (const route of routes) {
    const response = await call(app, stranger, route, idFor(targetIds));
    t.ok(response.statusCode < 500, `${route.key}: ${response.statusCode}`);
    if (route.pathIds.some((id) => id.kind === 'upload'))
      t.equal(response.statusCode, 404, `${route.key}: another member's upload is not found`);
    if (route.pathIds.some((id) => id.kind === 'match'))
      t.equal(response.statusCode, 404, `${route.key}: another member's match is not found`);
    if (route.pathIds.some((id) => id.kind === 'report')) t.equal(response.statusCode, 404, `${route.key}: a member reaches no report`);
    if (route.pathIds.some((id) => id.kind === 'statement'))
      t.equal(response.statusCode, 404, `${route.key}: another member's statement is not found`);
  }
  t.same(await relationOf(db, partner, target), before, "the target's like and match with their partner are untouched");
  // A report by the partner stays theirs: the stranger's report of the same member is another one.
  const partnerReport = await app.inject({
    method: 'POST',
    url: '/api/v1/reports/',
    headers: partner.auth,
    payload: { user_id: target.userId, category: 'other', note: "the partner's words" },
  });
  t.equal(partnerReport.statusCode, 201);
  const strangerReport = await app.inject({
    method: 'POST',
    url: '/api/v1/reports/',
    headers: stranger.auth,
    payload: { user_id: target.userId, category: 'scam_spam' },
  });
  t.equal(strangerReport.statusCode, 200, "the stranger's repeat joins the stranger's own report");
  t.not(strangerReport.json().id, partnerReport.json().id, "never the partner's");
  const [theirs] = await db.execute<{ reporter_id: number; note: string; evidence: number }>(sql`
    select reporter_id, note, (select count(*)::int from report_evidence e where e.report_id = r.id) as evidence
    from reports r where id = ${partnerReport.json().id}`);
  t.same(theirs, { reporter_id: partner.userId, note: "the partner's words", evidence: 1 }, "the partner's report is unchanged");
  const [{ chat }] = await db.execute<{ chat: number }>(sql`select count(*)::int as chat from chat_messages`);
  t.equal(chat, 0, "nothing was written in the target's chat");
  // And the stranger cannot undo a relation that is not theirs.
  for (const url of [`/api/v1/match/unlike/${target.profileId}/`, `/api/v1/match/unmatch/${target.profileId}/`]) {
    t.equal((await post(app, stranger, url)).statusCode, 404, url);
  }
});
