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
