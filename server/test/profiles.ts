/** Test helpers for the profile module: a complete form and one-line API calls. */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../kernel/db/client.ts';
import { blocks, likes, profiles } from '../kernel/db/schema/index.ts';
import type { TestMember } from './factories.ts';

/** Every field required for completeness that PATCH can set (photo1_url comes from uploads). */
export const COMPLETE_FORM = {
  date_of_birth: '1990-05-17',
  gender: 'Woman',
  native_language: 'English',
  home_country: 'United States',
  home_state: 'Texas',
  home_city: 'Austin',
  height: 170,
  weight: 60,
  relationship_status: 'Single',
  kids_at_home: 'No kids at home',
  livelihood: 'Employed',
  annual_income: 'Under $50,000',
  education: 'Bachelor',
  religion: 'Christian - Catholic',
  reason_to_marry: 'Love and companionship',
  number_of_kids_wanted: '1-2',
} as const;

export function patchProfile(app: FastifyInstance, member: TestMember, payload: unknown) {
  return app.inject({ method: 'PATCH', url: '/api/v1/profile_update/', headers: member.auth, payload: payload as object });
}

export function getMyProfile(app: FastifyInstance, member: TestMember) {
  return app.inject({ method: 'GET', url: '/api/v1/my_profile/', headers: member.auth });
}

export function getProfile(app: FastifyInstance, viewer: TestMember, profileId: number, route = 'profile') {
  return app.inject({ method: 'GET', url: `/api/v1/${route}/${profileId}/`, headers: viewer.auth });
}

export async function profileIdOf(db: Db, member: TestMember): Promise<number> {
  const [row] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.userId, member.userId));
  return row.id;
}

export async function setPhoto(db: Db, member: TestMember, url: string): Promise<void> {
  await db.update(profiles).set({ photo1Url: url }).where(eq(profiles.userId, member.userId));
}

export async function block(db: Db, blocker: TestMember, blocked: TestMember): Promise<void> {
  await db.insert(blocks).values({ blockerUserId: blocker.userId, blockedUserId: blocked.userId });
}

export async function like(db: Db, from: TestMember, to: TestMember, liked = true): Promise<void> {
  await db.insert(likes).values({ fromProfileId: await profileIdOf(db, from), toProfileId: await profileIdOf(db, to), liked });
}
