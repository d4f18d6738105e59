/**
 * Verified faces. When photo 1 passes moderation and matches the member's live scan, the scan's
 * face descriptor is kept as the member's face print and the profile becomes `verified`, unless
 * the same face is already verified on another live account: then the print is marked
 * needs_review (with the other account) and the badge waits for a person to look. Both the
 * moderation worker (scan bound before the verdict, through modules/uploads) and the API (scan
 * bound after it) verify through here.
 *
 * The comparison is a scan over every print in SQL. That is fine for the first hundreds of
 * thousands of members; past that, a vector index (pgvector) takes over (docs/scaling.md).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/client.ts';
import { facePrints, faceScans, profiles } from '../../kernel/db/schema/index.ts';
import { DUPLICATE_FACE_MAX_DISTANCE, isSamePerson } from './face-identity.ts';

export type VerificationOutcome = 'verified' | 'needs_review';

const asRealArray = (descriptor: ArrayLike<number>) => sql`${`{${Array.from(descriptor).join(',')}}`}::real[]`;

/** Records `userId`'s face and sets the badge; one verification at a time, so two twins cannot both slip past. */
export async function recordVerifiedFace(db: Db, userId: number, descriptor: ArrayLike<number>): Promise<VerificationOutcome> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended('face-prints', 0))`);
  const mine = asRealArray(descriptor);
  const [twin] = await db.execute<{ user_id: number }>(sql`
    select fp.user_id from face_prints fp
    where fp.user_id <> ${userId}
      and (select sqrt(sum((a - b) * (a - b))) from unnest(fp.descriptor, ${mine}) as pair(a, b)) < ${DUPLICATE_FACE_MAX_DISTANCE}
    limit 1`);
  const reviewState = twin ? 'needs_review' : 'clear';
  const values = { descriptor: Array.from(descriptor), reviewState, matchedUserId: twin ? Number(twin.user_id) : null } as const;
  await db
    .insert(facePrints)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: facePrints.userId, set: { ...values, createdAt: new Date() } });
  await db.update(profiles).set({ verified: !twin }).where(eq(profiles.userId, userId));
  return twin ? 'needs_review' : 'verified';
}

/** Photo 1 changed to one no scan vouches for, or is gone: the badge goes (the print stays theirs). */
export async function clearVerification(db: Db, userId: number): Promise<void> {
  await db.update(profiles).set({ verified: false }).where(eq(profiles.userId, userId));
}

/** The face of `userId`'s scan `scanId` if it passed and is real (a practice scan has none). */
export async function passedScanDescriptor(db: Db, userId: number, scanId: string): Promise<number[] | null> {
  const [scan] = await db
    .select({ descriptor: faceScans.descriptor })
    .from(faceScans)
    .where(and(eq(faceScans.id, scanId), eq(faceScans.userId, userId), eq(faceScans.state, 'passed'), eq(faceScans.mock, false)));
  return scan?.descriptor ?? null;
}

export type PhotoOneVerification = VerificationOutcome | 'mismatch' | 'no_scan';

/**
 * Decides the badge for an approved photo 1 whose face is `photoDescriptor`: verified (or
 * needs_review) when the bound scan passed, is real (not a practice scan) and shows the same
 * face; otherwise the badge goes. Called in the transaction that approves the photo or binds the
 * scan, with the upload row locked, so the two cannot miss each other.
 */
export async function verifyPhotoOne(
  db: Db,
  userId: number,
  photoDescriptor: ArrayLike<number> | null,
  scanId: string | null,
): Promise<PhotoOneVerification> {
  const scanDescriptor = scanId ? await passedScanDescriptor(db, userId, scanId) : null;
  if (!scanDescriptor || !photoDescriptor) {
    await clearVerification(db, userId);
    return 'no_scan';
  }
  if (!isSamePerson(photoDescriptor, scanDescriptor)) {
    await clearVerification(db, userId);
    return 'mismatch';
  }
  return recordVerifiedFace(db, userId, scanDescriptor);
}

export type FaceReviewOutcome = 'distinct' | 'same_person';

/**
 * A moderator's look at a print in needs_review: `distinct` (two people who look alike: the
 * badge is granted, if photo 1 is still the one a scan vouched for) or `same_person` (one person
 * on two accounts: this account gets no badge, and the print stays `declined`). Answers the state
 * it left, or null when the print is not waiting for a look (gone, or already decided).
 */
export async function settleFaceReview(db: Db, userId: number, outcome: FaceReviewOutcome): Promise<'clear' | 'declined' | null> {
  const to = outcome === 'distinct' ? 'clear' : 'declined';
  const [row] = await db
    .update(facePrints)
    .set({ reviewState: to })
    .where(and(eq(facePrints.userId, userId), eq(facePrints.reviewState, 'needs_review')))
    .returning({ userId: facePrints.userId });
  if (!row) return null;
  if (to === 'clear') {
    await db.execute(sql`
      update profiles set verified = true
      where user_id = ${userId} and exists (
        select 1 from uploads u where u.user_id = ${userId} and u.purpose = 'profile' and u.slot = 1
          and u.state = 'approved' and u.face_scan_id is not null)`);
  }
  return to;
}
