/**
 * What the audited member's other screens show, on top of /home's discovery (seed-home.ts): a
 * like received and one sent (/likes), a match whose chat is open with a few messages (/matches
 * and the chat), a credit balance and its payment (/credits), and an undecided woman whose profile
 * offers Pass, Like and Block. Every screen then shows content, not an empty state.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { profiles } from '../../server/kernel/db/schema/index.ts';
import type { Db } from '../../server/kernel/db/client.ts';
import { insertMessages, unlockChat } from '../../server/test/chat.ts';
import { giveCredits } from '../../server/test/credits.ts';
import { likeProfile, type Member, post, woman } from '../../server/test/members.ts';
import { seedHomeMember } from './seed-home.ts';

export interface SeededScreens {
  /** The audited member: a man in Austin with a complete profile. */
  member: Member;
  /** A woman on his discovery deck whom he has not decided on: her profile shows the Like button. */
  otherProfileId: number;
  /** His match with an open chat. */
  matchId: number;
}

async function like(app: FastifyInstance, from: Member, to: Member): Promise<{ match_id: number | null }> {
  const answer = await likeProfile(app, from, to.profileId);
  if (answer.statusCode !== 200) throw new Error(`like failed: ${answer.statusCode} ${answer.body}`);
  return answer.json() as { match_id: number | null };
}

export async function seedMemberScreens(app: FastifyInstance, db: Db, photos: string[]): Promise<SeededScreens> {
  const { viewer, women } = await seedHomeMember(app, db, photos);
  const elsewhere = (city: string) => ({ home_country: 'United States', home_state: 'Texas', home_city: city });
  const withPhoto = async (member: Member, photo: string) => {
    await db.update(profiles).set({ photo1Url: photo }).where(eq(profiles.userId, member.userId));
    return member;
  };
  // One who likes him (received), one he likes (sent), one who likes him back (the match).
  const admirer = await withPhoto(await woman(app, db, { ...elsewhere('El Paso'), date_of_birth: '1994-01-20' }), photos[1]);
  const liked = await withPhoto(await woman(app, db, { ...elsewhere('Waco'), date_of_birth: '1993-04-11' }), photos[2]);
  const matched = await withPhoto(await woman(app, db, { ...elsewhere('Round Rock'), date_of_birth: '1992-09-05' }), photos[3]);
  await like(app, admirer, viewer);
  await like(app, viewer, liked);
  await like(app, viewer, matched);
  const { match_id: matchId } = await like(app, matched, viewer);
  if (matchId === null) throw new Error('the like back made no match');
  // Seen already: its "It's a match" moment would cover whichever screen is audited first.
  const seen = await post(app, viewer, `/api/v1/match/new_matches/${matchId}/seen/`);
  if (seen.statusCode >= 300) throw new Error(`marking the match seen failed: ${seen.statusCode} ${seen.body}`);
  await unlockChat(app, db, viewer, matchId);
  await insertMessages(db, matchId, matched.profileId, 6, 'Hello from Round Rock');
  await insertMessages(db, matchId, viewer.profileId, 6, 'Hello from Austin');
  await giveCredits(db, viewer, 3);
  return { member: viewer, otherProfileId: women[0].profileId, matchId };
}
