/** Plain data access for accounts; each takes `db` so a transaction passes straight through. */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { MAX_ACCOUNTS_PER_PHONE } from '../../contract/auth.ts';
import type { Db } from '../../kernel/db/client.ts';
import { passwordResets, profiles, sessions, users } from '../../kernel/db/schema/index.ts';

export interface UserRow {
  id: number;
  username: string;
  email: string;
  passwordHash: string;
  /** A generated demo member: its password is never accepted. */
  isDemo: boolean;
}

const userColumns = { id: users.id, username: users.username, email: users.email, passwordHash: users.passwordHash, isDemo: users.isDemo };

export async function findUsersTakingNames(db: Db, username: string, email: string) {
  return db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username}) or lower(${users.email}) = lower(${email})`);
}

/** Every account the identifier could mean: username, email, or a phone shared by up to 5 (plus a digits-only username). */
export async function findUsersByIdentifier(db: Db, identifier: string, phone: string | null): Promise<UserRow[]> {
  const byPhone = phone ? sql` or ${profiles.phone} = ${phone}` : sql``;
  return db
    .select(userColumns)
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(sql`lower(${users.username}) = lower(${identifier}) or lower(${users.email}) = lower(${identifier})${byPhone}`)
    .orderBy(users.id)
    .limit(MAX_ACCOUNTS_PER_PHONE + 1);
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row;
}

export async function insertUserWithProfile(
  db: Db,
  values: { username: string; email: string; passwordHash: string; identityId: number | null },
) {
  const [user] = await db.insert(users).values(values).returning({ id: users.id });
  await db.insert(profiles).values({ userId: user.id });
  return user;
}

export async function insertSession(db: Db, userId: number, expiresAt: Date): Promise<string> {
  const [session] = await db.insert(sessions).values({ userId, expiresAt }).returning({ id: sessions.id });
  return session.id;
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(db: Db, userId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export async function insertPasswordReset(db: Db, userId: number, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.insert(passwordResets).values({ userId, tokenHash, expiresAt });
}

/** Marks a live reset token used and returns its user; the WHERE makes it single-use under races. */
export async function consumePasswordReset(db: Db, tokenHash: string): Promise<number | null> {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())))
    .returning({ userId: passwordResets.userId });
  return row?.userId ?? null;
}

/** Marks every still-unused reset token of the account used. */
export async function voidPasswordResets(db: Db, userId: number): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

export async function updatePasswordHash(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}
