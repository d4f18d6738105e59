/**
 * Face-scan data access; each takes `db` so a transaction passes straight through. Every read a
 * route makes is scoped to the caller, so another member's scan token finds nothing.
 */
import { and, eq, gt, or, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/client.ts';
import { faceScans, uploads } from '../../kernel/db/schema/index.ts';

export type ScanRow = typeof faceScans.$inferSelect;

export async function countScansSince(db: Db, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(faceScans)
    .where(and(eq(faceScans.userId, userId), gt(faceScans.createdAt, since)));
  return row.n;
}

/** Serialises one member's session openings, so two at once cannot both pass the hourly cap. */
export async function lockScanCreation(db: Db, userId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`face-scans:${userId}`}, 0))`);
}

export async function insertScan(db: Db, values: typeof faceScans.$inferInsert): Promise<ScanRow> {
  const [row] = await db.insert(faceScans).values(values).returning();
  return row;
}

export async function lockOwnScan(db: Db, userId: number, scanId: string): Promise<ScanRow | undefined> {
  const [row] = await db
    .select()
    .from(faceScans)
    .where(and(eq(faceScans.id, scanId), eq(faceScans.userId, userId)))
    .for('update');
  return row;
}

/** A scan named by its liveness token (what verify answered) or its session token. */
export async function lockOwnScanByToken(db: Db, userId: number, token: string): Promise<ScanRow | undefined> {
  const [row] = await db
    .select()
    .from(faceScans)
    .where(and(eq(faceScans.userId, userId), or(eq(faceScans.livenessToken, token), eq(faceScans.id, token))))
    .for('update');
  return row;
}

export async function updateScan(db: Db, scanId: string, values: Partial<typeof faceScans.$inferInsert>): Promise<void> {
  await db.update(faceScans).set(values).where(eq(faceScans.id, scanId));
}

export async function findScan(db: Db, scanId: string): Promise<ScanRow | undefined> {
  const [row] = await db.select().from(faceScans).where(eq(faceScans.id, scanId));
  return row;
}

/** Another upload the scan is already bound to, if any. */
export async function uploadBoundTo(db: Db, scanId: string): Promise<string | undefined> {
  const [row] = await db.select({ id: uploads.id }).from(uploads).where(eq(uploads.faceScanId, scanId)).limit(1);
  return row?.id;
}
