/**
 * Reports data access: plain `verbNoun(db, ...)` functions, so the filing transaction passes
 * straight through and the moderator command and tests call them directly.
 */
import { and, count, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/client.ts';
import { chatMessages, moderationAudit, reportEvidence, reports, users, type UserRole } from '../../kernel/db/schema/index.ts';

/**
 * Serialises one reporter's filings (the daily limit is a count, so two filings in flight must
 * not both see nine). Taken after the pair lock, in the same order by every filing.
 */
export async function lockReporter(db: Db, reporterId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`reports:reporter:${reporterId}`}, 0))`);
}

/** Reports the member filed in the last `hours` (repeats that joined an open report are not reports). */
export async function countReportsFiledSince(db: Db, reporterId: number, hours: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(reports)
    .where(and(eq(reports.reporterId, reporterId), gt(reports.createdAt, sql`now() - make_interval(hours => ${hours})`)));
  return row?.n ?? 0;
}

/** The reporter's open report of that member, locked for the repeat that joins it. */
export async function findOpenReportForUpdate(db: Db, reporterId: number, reportedId: number): Promise<{ id: number } | undefined> {
  const [row] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.reporterId, reporterId), eq(reports.reportedId, reportedId), eq(reports.state, 'open')))
    .for('update');
  return row;
}

export async function insertReport(
  db: Db,
  values: { reporterId: number; reportedId: number; category: string; note: string | null; evidenceSha256: string },
): Promise<number> {
  // The reported member's identity goes with the report (kept when the account is deleted); read
  // under a share lock of the account, which the identity record's merges wait for.
  const identityId = sql`(select identity_id from users where id = ${values.reportedId} for share)`;
  const [row] = await db
    .insert(reports)
    .values({ ...values, identityId })
    .returning({ id: reports.id });
  return row.id;
}

/** A repeat joined the report: it changed now. */
export async function touchReport(db: Db, reportId: number): Promise<void> {
  await db
    .update(reports)
    .set({ updatedAt: sql`now()` })
    .where(eq(reports.id, reportId));
}

export async function insertEvidence(
  db: Db,
  values: { reportId: number; kind: 'filed' | 'addendum'; snapshot: unknown; sha256: string },
): Promise<void> {
  await db.insert(reportEvidence).values(values);
}

export interface AuditEntry {
  actorId: number | null;
  reportId?: number | null;
  subjectId?: number | null;
  action: string;
  fromState?: string | null;
  toState?: string | null;
  detail?: Record<string, unknown>;
}

/** Appends one row to the moderation audit (the table refuses any change afterwards). */
export async function insertAuditEntry(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(moderationAudit).values({ ...entry, detail: entry.detail ?? {} });
}

/** Which of `ids` are messages of the match sent by `fromProfileId`. */
export async function findMessagesFrom(db: Db, matchId: number, fromProfileId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(and(eq(chatMessages.matchId, matchId), eq(chatMessages.fromProfileId, fromProfileId), inArray(chatMessages.id, [...ids])));
  return rows.map((row) => row.id);
}

export interface EvidenceMessage {
  id: number;
  from_profile_id: number;
  text: string;
  photo_ref: string | null;
  photo_thumbnail_ref: string | null;
  upload_id: string | null;
  created_at: string;
}

/** The match's newest `limit` messages, oldest first, as the evidence keeps them. */
export async function listLastMessages(db: Db, matchId: number, limit: number): Promise<EvidenceMessage[]> {
  const rows = await db
    .select({
      id: chatMessages.id,
      fromProfileId: chatMessages.fromProfileId,
      body: chatMessages.body,
      photoRef: chatMessages.photoRef,
      photoThumbnailRef: chatMessages.photoThumbnailRef,
      uploadId: chatMessages.uploadId,
      createdAt: chatMessages.createdAt,
    })
    .from(chatMessages)
    .where(eq(chatMessages.matchId, matchId))
    .orderBy(sql`${chatMessages.id} desc`)
    .limit(limit);
  return rows.reverse().map((row) => ({
    id: row.id,
    from_profile_id: row.fromProfileId,
    text: row.body,
    photo_ref: row.photoRef,
    photo_thumbnail_ref: row.photoThumbnailRef,
    upload_id: row.uploadId,
    created_at: row.createdAt.toISOString(),
  }));
}

/**
 * The member's account and profile as stored, as one JSON object (snake_case column names):
 * every profile column, and from the account its username, email, sign-up time, demo flag and
 * role. Never the password hash.
 */
export async function readProfileSnapshot(db: Db, userId: number): Promise<Record<string, unknown> | undefined> {
  const [row] = await db.execute<{ snapshot: Record<string, unknown> }>(sql`
    select to_jsonb(p) || jsonb_build_object(
             'username', u.username, 'email', u.email, 'account_created_at', u.created_at,
             'is_demo', u.is_demo, 'role', u.role) as snapshot
    from users u join profiles p on p.user_id = u.id
    where u.id = ${userId}`);
  return row?.snapshot;
}

/** The account of a username (case-insensitive, as sign-in matches it). */
export async function findUserByUsername(db: Db, username: string): Promise<{ id: number; username: string; role: UserRole } | undefined> {
  const [row] = await db
    .select({ id: users.id, username: users.username, role: users.role })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .for('update');
  return row as { id: number; username: string; role: UserRole } | undefined;
}

export async function updateUserRole(db: Db, userId: number, role: UserRole): Promise<void> {
  await db.update(users).set({ role }).where(eq(users.id, userId));
}
