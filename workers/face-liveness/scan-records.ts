/**
 * What the face-liveness handler writes on a scan session: its verdict, once (only a scan still
 * `processing` is decided, so a redelivered event changes nothing). Through the kernel's tables;
 * workers reach no server module.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../server/kernel/db/client.ts';
import { faceScans } from '../../server/kernel/db/schema/index.ts';

export type ScanRow = typeof faceScans.$inferSelect;

export async function findProcessingScan(db: Db, scanId: string): Promise<ScanRow | undefined> {
  const [row] = await db
    .select()
    .from(faceScans)
    .where(and(eq(faceScans.id, scanId), eq(faceScans.state, 'processing')));
  return row;
}

const stillProcessing = (scanId: string) => and(eq(faceScans.id, scanId), eq(faceScans.state, 'processing'));

/** A pass: the score, the scan's face, and a fresh liveness token for binding it to photo 1. */
export async function recordPass(db: Db, scanId: string, score: number, descriptor: ArrayLike<number>): Promise<void> {
  await db
    .update(faceScans)
    .set({ state: 'passed', score, descriptor: Array.from(descriptor), livenessToken: randomUUID(), decidedAt: new Date() })
    .where(stillProcessing(scanId));
}

export async function recordFailure(db: Db, scanId: string, reason: string): Promise<void> {
  await db.update(faceScans).set({ state: 'failed', failureReason: reason, decidedAt: new Date() }).where(stillProcessing(scanId));
}
