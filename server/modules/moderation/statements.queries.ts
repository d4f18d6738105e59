/**
 * Data access of statements of reasons and appeals: plain `verbNoun(db, ...)` functions, so the
 * decision's or the appeal's transaction passes straight through.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/client.ts';
import { moderationAppeals, moderationStatements, moderationStrikes, users } from '../../kernel/db/schema/index.ts';
import type { StatementKind } from '../../contract/restrictions.ts';
import type { Resolution } from './moderation.rules.ts';

export interface NewStatement {
  memberId: number;
  reportId: number;
  strikeId: number;
  kind: StatementKind;
  resolution: Resolution;
  category: string;
  decisionText: string;
  facts: string;
  restrictedUntil: Date | null;
  /** Days from now the decision stays open to appeal; null for an appeal's outcome. */
  appealDays: number | null;
}

/** Writes a statement; answers its id. */
export async function insertStatement(db: Db, statement: NewStatement): Promise<number> {
  const { appealDays, ...values } = statement;
  const [row] = await db
    .insert(moderationStatements)
    .values({ ...values, appealUntil: appealDays === null ? null : sql`now() + make_interval(days => ${appealDays})` })
    .returning({ id: moderationStatements.id });
  return row.id;
}

export type StatementRow = typeof moderationStatements.$inferSelect & {
  appealOpen: boolean;
  appeal: { createdAt: Date; outcome: string | null } | null;
};

const statementColumns = {
  statement: moderationStatements,
  // The database's clock decides the window, as it decides a suspension's end.
  appealOpen: sql<boolean>`coalesce(${moderationStatements.appealUntil} > now(), false)`,
  appealCreatedAt: moderationAppeals.createdAt,
  appealOutcome: moderationAppeals.outcome,
};

function statementRow(row: {
  statement: typeof moderationStatements.$inferSelect;
  appealOpen: boolean;
  appealCreatedAt: Date | null;
  appealOutcome: string | null;
}): StatementRow {
  return {
    ...row.statement,
    appealOpen: row.appealOpen,
    appeal: row.appealCreatedAt ? { createdAt: row.appealCreatedAt, outcome: row.appealOutcome } : null,
  };
}

/** A member's statements, newest first, each with the appeal against its strike (if any). */
export async function listStatements(db: Db, memberId: number, limit: number): Promise<StatementRow[]> {
  const rows = await db
    .select(statementColumns)
    .from(moderationStatements)
    .leftJoin(moderationAppeals, eq(moderationAppeals.strikeId, moderationStatements.strikeId))
    .where(eq(moderationStatements.memberId, memberId))
    .orderBy(desc(moderationStatements.createdAt), desc(moderationStatements.id))
    .limit(limit);
  return rows.map(statementRow);
}

/** One of the member's statements (never another member's), with its appeal. */
export async function findOwnStatement(db: Db, memberId: number, statementId: number): Promise<StatementRow | undefined> {
  const [row] = await db
    .select(statementColumns)
    .from(moderationStatements)
    .leftJoin(moderationAppeals, eq(moderationAppeals.strikeId, moderationStatements.strikeId))
    .where(and(eq(moderationStatements.id, statementId), eq(moderationStatements.memberId, memberId)));
  return row ? statementRow(row) : undefined;
}

/** The statement and the address it goes to, for its email; undefined once the account is gone. */
export async function findStatementForMail(db: Db, statementId: number) {
  const [row] = await db
    .select({ statement: moderationStatements, email: users.email, username: users.username })
    .from(moderationStatements)
    .innerJoin(users, eq(users.id, moderationStatements.memberId))
    .where(eq(moderationStatements.id, statementId));
  return row;
}

export async function markStatementMailed(db: Db, statementId: number): Promise<void> {
  await db
    .update(moderationStatements)
    .set({ mailedAt: sql`now()` })
    .where(eq(moderationStatements.id, statementId));
}

export type AppealRow = typeof moderationAppeals.$inferSelect;

export async function findAppealOfStrike(db: Db, strikeId: number): Promise<AppealRow | undefined> {
  const [row] = await db.select().from(moderationAppeals).where(eq(moderationAppeals.strikeId, strikeId));
  return row;
}

export async function insertAppeal(
  db: Db,
  values: { strikeId: number; reportId: number; memberId: number; text: string },
): Promise<number> {
  const [row] = await db.insert(moderationAppeals).values(values).returning({ id: moderationAppeals.id });
  return row.id;
}

export async function recordAppealOutcome(db: Db, appealId: number, outcome: 'upheld' | 'overturned', deciderId: number): Promise<void> {
  await db
    .update(moderationAppeals)
    .set({ outcome, deciderId, decidedAt: sql`now()` })
    .where(eq(moderationAppeals.id, appealId));
}

export type StrikeRow = typeof moderationStrikes.$inferSelect;

export async function findStrikeOfReport(db: Db, reportId: number): Promise<StrikeRow | undefined> {
  const [row] = await db.select().from(moderationStrikes).where(eq(moderationStrikes.reportId, reportId));
  return row;
}

export async function voidStrike(db: Db, strikeId: number): Promise<void> {
  await db
    .update(moderationStrikes)
    .set({ voidedAt: sql`now()` })
    .where(eq(moderationStrikes.id, strikeId));
}

/** Whether a ban strike not voided stands against the identity (on any of its accounts). */
export async function identityHasLiveBan(db: Db, identityId: number): Promise<boolean> {
  const rows = await db.execute(sql`
    select 1 from moderation_strikes where identity_id = ${identityId} and voided_at is null and resolution = 'ban' limit 1`);
  return rows.length > 0;
}

/**
 * The member's restriction as their live strikes set it: the latest end among the suspensions of
 * strikes not voided, and a ban only while a live strike is a ban (an earlier ban keeps its time).
 * Run after a strike is voided, so an overturn lifts exactly what that decision added.
 */
export async function restoreRestriction(db: Db, memberId: number): Promise<{ suspendedUntil: Date | null; bannedAt: Date | null }> {
  const [row] = await db.execute<{ suspended_until: Date | string | null; banned_at: Date | string | null }>(sql`
    update users u set
      suspended_until = (
        select max(st.restricted_until) from moderation_statements st
        join moderation_strikes s on s.id = st.strike_id
        where st.kind = 'decision' and s.member_id = ${memberId} and s.voided_at is null),
      banned_at = case when exists (
        select 1 from moderation_strikes s
        where s.member_id = ${memberId} and s.voided_at is null and s.resolution = 'ban') then u.banned_at end
    where u.id = ${memberId}
    returning u.suspended_until, u.banned_at`);
  const date = (value: Date | string | null) => (value === null ? null : new Date(value));
  return { suspendedUntil: date(row.suspended_until), bannedAt: date(row.banned_at) };
}
