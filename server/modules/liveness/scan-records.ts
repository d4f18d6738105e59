/**
 * The verdict on a scan session, as the face-liveness worker records it: once (only a scan still
 * `processing` is decided, so a redelivered event changes nothing). Here, beside opening and
 * submitting a scan, so the face-scan state machine lives in one module; the worker reaches it
 * through the module's entry.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../kernel/db/client.ts';
import { faceScans } from '../../kernel/db/schema/index.ts';

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
