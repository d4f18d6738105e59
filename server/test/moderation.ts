/** Test helpers for moderation: moderators, reports filed through the API, and the moderation calls. */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../kernel/db/client.ts';
import { changeModeratorRole } from '../modules/reports/index.ts';
import { signUp, type TestMember } from './factories.ts';

/** A signed-up account with the moderator role (granted as `npm run moderator -- grant` does). */
export async function moderator(app: FastifyInstance, db: Db, username?: string): Promise<TestMember> {
  const member = await signUp(app, username ? { username } : {});
  await changeModeratorRole(db, 'grant', member.username);
  return member;
}

/** Files a report through the API; answers its id. */
export async function fileReport(
  app: FastifyInstance,
  reporter: TestMember,
  reported: { userId: number },
  category = 'harassment_hate',
  note?: string,
): Promise<number> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/reports/',
    headers: reporter.auth,
    payload: { user_id: reported.userId, category, ...(note === undefined ? {} : { note }) },
  });
  if (response.statusCode !== 201 && response.statusCode !== 200) throw new Error(`report failed: ${response.statusCode} ${response.body}`);
  return response.json().id as number;
}

export const claim = (app: FastifyInstance, member: TestMember, reportId: number | string) =>
  app.inject({ method: 'POST', url: `/api/v1/moderation/reports/${reportId}/claim/`, headers: member.auth });

export const decide = (app: FastifyInstance, member: TestMember, reportId: number | string, body: unknown) =>
  app.inject({ method: 'POST', url: `/api/v1/moderation/reports/${reportId}/decide/`, headers: member.auth, payload: body as object });

export const queue = (app: FastifyInstance, member: TestMember, query = '') =>
  app.inject({ method: 'GET', url: `/api/v1/moderation/queue/${query ? `?${query}` : ''}`, headers: member.auth });

/** Moves a report's filing time, so a test can order the queue without waiting. */
export async function setFiledAt(db: Db, reportId: number, at: string): Promise<void> {
  await db.execute(sql`update reports set created_at = ${at}::timestamptz where id = ${reportId}`);
}

/** A report row as stored, plus how many audit rows it has. */
export async function reportRow(db: Db, reportId: number) {
  const [row] = await db.execute<{ state: string; assignee_id: number | null; resolution: string | null; audits: number }>(sql`
    select state, assignee_id::int, resolution,
           (select count(*)::int from moderation_audit where report_id = ${reportId}) as audits
    from reports where id = ${reportId}`);
  return row;
}

/** Claims and acts on a report as `member` (a moderator); throws unless both succeed. */
export async function act(app: FastifyInstance, member: TestMember, reportId: number, resolution: string, reason = 'Broke the rules.') {
  const claimed = await claim(app, member, reportId);
  if (claimed.statusCode !== 200) throw new Error(`claim failed: ${claimed.statusCode} ${claimed.body}`);
  const decided = await decide(app, member, reportId, { action: 'act', resolution, reason });
  if (decided.statusCode !== 200) throw new Error(`decide failed: ${decided.statusCode} ${decided.body}`);
}

/** The member's own statements of reasons, as the route answers them. */
export async function statementsOf(app: FastifyInstance, member: TestMember) {
  const response = await app.inject({ method: 'GET', url: '/api/v1/statements/', headers: member.auth });
  if (response.statusCode !== 200) throw new Error(`statements failed: ${response.statusCode} ${response.body}`);
  return response.json() as {
    restriction: { kind: string; until: string | null; since: string | null } | null;
    statements: Array<Record<string, unknown> & { id: number; kind: string; can_appeal: boolean; appeal: string }>;
  };
}

export const appeal = (app: FastifyInstance, member: TestMember, statementId: number | string, text: unknown) =>
  app.inject({ method: 'POST', url: `/api/v1/statements/${statementId}/appeal/`, headers: member.auth, payload: { text } as object });

export const decideAppeal = (app: FastifyInstance, member: TestMember, reportId: number | string, body: unknown) =>
  app.inject({ method: 'POST', url: `/api/v1/moderation/reports/${reportId}/appeal/`, headers: member.auth, payload: body as object });
