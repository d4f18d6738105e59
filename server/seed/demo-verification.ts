/**
 * A share of the demo members carries the verified badge, so "Verified members only" has someone
 * to show on a fresh database. They become verified the one way a real member does: through
 * `recordVerifiedFace`, the transition the photo-1 check calls once a live scan vouches for the
 * face (it keeps the face print, looks for the same face on another account, and sets the badge
 * or holds it for review). The seed never writes the badge itself.
 *
 * A drawing has no face for a scan to measure, so each verified demo member gets a demo face print
 * instead: 128 coordinates of +2 or -2 whose signs spell the user id (and a hash of it past the
 * id's bits). Two different members' prints differ in at least one coordinate by 4, and every
 * print lies 22.6 from the origin while descriptors of real faces measure about 1.3-1.5, so
 * the two-accounts search (same face under 0.45) can never pair a demo member with anyone.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../kernel/db/client.ts';
import { recordVerifiedFace } from '../modules/liveness/index.ts';
import { uploads, users } from '../kernel/db/schema/index.ts';
import { hashOf, randomSource } from './random.ts';

/** Share of demo members verified: most members pass the scan the app runs for photo 1, some never take it. */
export const DEMO_VERIFIED_PERCENT = 60;
const DESCRIPTOR_LENGTH = 128;
const ID_BITS = 53;

/** Whether the demo member with this username is verified: fixed per member, whatever order they are seeded in. */
export const isVerifiedDemoMember = (username: string): boolean => hashOf(`${username}/verified`) % 100 < DEMO_VERIFIED_PERCENT;

/** The member's demo face print (see above): the id's bits first, then a stream seeded by the id. */
export function demoFacePrint(userId: number): number[] {
  const random = randomSource(hashOf(`demo-face/${userId}`));
  return Array.from({ length: DESCRIPTOR_LENGTH }, (_, i) => {
    const bit = i < ID_BITS ? Math.floor(userId / 2 ** i) % 2 === 1 : random() < 0.5;
    return bit ? 2 : -2;
  });
}

/**
 * Verifies the chosen share of demo members whose photo 1 is an approved picture (a member with
 * the placeholder photo has nothing to verify). Returns how many were verified; a print held for
 * review instead would mean two prints met, which the construction above rules out, so it throws.
 */
export async function verifyDemoShare(db: Db): Promise<number> {
  const members = await db
    .select({ userId: users.id, username: users.username })
    .from(users)
    .innerJoin(
      uploads,
      and(eq(uploads.userId, users.id), eq(uploads.slot, 1), eq(uploads.state, 'approved'), eq(uploads.purpose, 'profile')),
    )
    .where(eq(users.isDemo, true))
    .orderBy(users.id);
  let verified = 0;
  for (const { userId, username } of members) {
    if (!isVerifiedDemoMember(username)) continue;
    const outcome = await recordVerifiedFace(db, userId, demoFacePrint(userId));
    if (outcome !== 'verified') throw new Error(`demo member ${userId} was not verified (${outcome})`);
    verified += 1;
  }
  return verified;
}
