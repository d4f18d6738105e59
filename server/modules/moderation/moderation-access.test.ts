/**
 * Who reaches the moderation routes: every route of openapi.yaml under /api/v1/moderation/
 * answers anyone who is not a signed-in moderator (no token, a bad token, a member, a moderator
 * whose role was revoked) exactly what an unknown route answers, whatever the parameters and
 * body. For a moderator: an id that names no report is 404, and hostile values are 400 with
 * nothing changed.
 */
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import t, { type Test } from 'tap';
import { parse } from 'yaml';
import type { Db } from '../../kernel/db/client.ts';
import { changeModeratorRole } from '../reports/index.ts';
import { buildTestApp } from '../../test/app.ts';
import { man, woman } from '../../test/members.ts';
import { claim, decide, fileReport, moderator, queue, reportRow } from '../../test/moderation.ts';

async function moderationOperations(): Promise<Array<{ method: string; path: string }>> {
  const document = parse(await readFile(new URL('../../../openapi.yaml', import.meta.url), 'utf8')) as { paths: Record<string, object> };
  return Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/v1/moderation/'))
    .flatMap(([path, operations]) => Object.keys(operations).map((method) => ({ method: method.toUpperCase(), path })));
}

const unknownRoute = (method: string, url: string) => ({
  error: `Route ${method} ${url} not found.`,
  detail: `Route ${method} ${url} not found.`,
  code: 'not_found',
});

/** A snapshot of everything a moderation call could change. */
async function state(db: Db) {
  const [row] = await db.execute(sql`
    select (select json_agg(r order by id) from (select id, state, assignee_id, resolution, updated_at from reports) r) as reports,
           (select count(*)::int from moderation_audit) as audits,
           (select count(*)::int from moderation_strikes) as strikes,
           (select json_agg(u order by id) from (select id, suspended_until, banned_at from users) u) as users`);
  return row;
}

t.test('every moderation route answers 404, as an unknown route, to everyone but a signed-in moderator', async (t) => {
  const operations = await moderationOperations();
  t.ok(operations.length >= 4, `${operations.length} moderation operations documented`);
  const { app, db } = await buildTestApp(t);
  const [reporter, reported, member] = [await man(app, db), await woman(app, db), await man(app, db)];
  const revoked = await moderator(app, db);
  await changeModeratorRole(db, 'revoke', revoked.username);
  const id = await fileReport(app, reporter, reported);
  const before = await state(db);

  const callers: Record<string, Record<string, string>> = {
    'no token': {},
    'a forged token': { authorization: 'Token not.a.token' },
    'the reporter': reporter.auth,
    'the reported member': reported.auth,
    'a member': member.auth,
    'a revoked moderator': revoked.auth,
  };
  const bodies = [undefined, { action: 'dismiss' }, { action: 'act', resolution: 'ban', reason: 'x' }, { __proto__: { x: 1 }, action: 7 }];
  for (const { method, path } of operations) {
    for (const target of [String(id), '9000000', 'abc', '1e400']) {
      const url = path.replace(/\{(id|user_id)\}/, target) + (target === 'abc' ? '?cursor=-1&limit=1e9&__proto__[x]=1' : '');
      for (const [who, headers] of Object.entries(callers)) {
        for (const body of method === 'GET' ? [undefined] : bodies) {
          const response = await app.inject({ method: method as 'GET', url, headers, ...(body === undefined ? {} : { payload: body }) });
          const label = `${method} ${url} as ${who}${body ? ` with ${JSON.stringify(body)}` : ''}`;
          t.equal(response.statusCode, 404, label);
          t.same(response.json(), unknownRoute(method, url.split('?')[0]), `${label}: the unknown route's words`);
        }
      }
    }
  }
  t.same(await state(db), before, 'nothing changed');
});

/** An app with one moderator and one open report. */
async function setUp(t: Test) {
  const { app, db } = await buildTestApp(t);
  const mod = await moderator(app, db);
  const id = await fileReport(app, await man(app, db), await woman(app, db));
  return { app, db, mod, id };
}

t.test('a moderator naming a report that does not exist gets 404 on every route that takes an id', async (t) => {
  const { app, db, mod } = await setUp(t);
  const before = await state(db);
  for (const id of [9_000_000, Number.MAX_SAFE_INTEGER]) {
    const read = await app.inject({ method: 'GET', url: `/api/v1/moderation/reports/${id}/`, headers: mod.auth });
    t.equal(read.statusCode, 404);
    t.equal(read.json().detail, 'Report not found.');
    t.equal((await claim(app, mod, id)).statusCode, 404, `claim ${id}`);
    t.equal((await decide(app, mod, id, { action: 'dismiss' })).statusCode, 404, `decide ${id}`);
  }
  t.same(await state(db), before, 'nothing changed');
});

t.test('hostile values from a moderator: 400, and nothing changes', async (t) => {
  const { app, db, mod, id } = await setUp(t);
  t.equal((await claim(app, mod, id)).statusCode, 200);
  const before = await state(db);
  const ids = ['0', '-1', '1.5', 'abc', '1e400', '18446744073709551616', '9007199254740992', '%00', '__proto__', 'constructor'];
  for (const bad of ids) {
    t.equal((await claim(app, mod, bad)).statusCode, 400, `claim id ${bad}`);
    t.equal((await decide(app, mod, bad, { action: 'dismiss' })).statusCode, 400, `decide id ${bad}`);
    const read = await app.inject({ method: 'GET', url: `/api/v1/moderation/reports/${bad}/`, headers: mod.auth });
    t.equal(read.statusCode, 400, `read id ${bad}`);
  }
  const bodies: unknown[] = [
    JSON.parse('{"__proto__": {"isAdmin": true}, "action": "dismiss"}'),
    { constructor: { prototype: { x: 1 } }, action: 'dismiss' },
    { action: 'dismiss', resolution: 'ban' },
    { action: 'dismiss', reason: 'why' },
    { action: 'act', reason: 'no resolution' },
    { action: 'act', resolution: 'ban' },
    { action: 'act', resolution: 'ban', reason: '   ' },
    { action: 'act', resolution: 'ban', reason: 'nul \u0000 inside' },
    { action: 'act', resolution: 'ban', reason: 'tab\tinside' },
    { action: 'act', resolution: 'ban', reason: 'x'.repeat(1001) },
    { action: 'act', resolution: 'ban', reason: 'x'.repeat(5000) },
    { action: 'act', resolution: 'suspend_1000d', reason: 'x' },
    { action: 'act', resolution: 'ban', reason: ['x'] },
    { action: 'ban' },
    { action: 'act\u0000', resolution: 'ban', reason: 'x' },
    {},
    [],
    'dismiss',
    null,
  ];
  // Numbers JSON can spell but JavaScript cannot hold, as raw text.
  const texts = [
    ...bodies.map((body) => JSON.stringify(body)),
    '{"action":"act","resolution":"ban","reason":1e400}',
    '12345678901234567890',
  ];
  for (const payload of texts) {
    const answer = await app.inject({
      method: 'POST',
      url: `/api/v1/moderation/reports/${id}/decide/`,
      headers: { ...mod.auth, 'content-type': 'application/json' },
      payload,
    });
    t.equal(answer.statusCode, 400, `decide ${payload.slice(0, 60)}: ${answer.json().detail}`);
  }
  for (const query of [
    'cursor=0',
    'cursor=-5',
    'cursor=1e400',
    'cursor=abc',
    'cursor=9007199254740992',
    'cursor=9000000',
    'limit=0',
    'limit=51',
    'limit=1e9',
    'limit=%00',
    '__proto__[x]=1',
    'constructor[prototype][x]=1',
    'cursor=1&cursor=2',
  ]) {
    t.equal((await queue(app, mod, query)).statusCode, 400, `queue ?${query}`);
  }
  t.same(await state(db), before, 'nothing changed');
  t.same(await reportRow(db, id), { state: 'in_review', assignee_id: mod.userId, resolution: null, audits: 2 });
  t.equal(({} as Record<string, unknown>).isAdmin, undefined, 'no prototype was polluted');
});
