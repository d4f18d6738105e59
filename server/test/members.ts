/** Test helpers for discovery, likes and blocks: complete members and one-line API calls. */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../kernel/db/client.ts';
import { signUp, type TestMember } from './factories.ts';
import { COMPLETE_FORM, patchProfile, profileIdOf, setPhoto } from './profiles.ts';

export interface Member extends TestMember {
  profileId: number;
}

/** A member with a complete profile (photo first, so the save marks it complete). */
export async function completeMember(
  app: FastifyInstance,
  db: Db,
  fields: Record<string, unknown> = {},
  username?: string,
): Promise<Member> {
  const member = await signUp(app, username ? { username } : {});
  await setPhoto(db, member, `/media/${member.userId}/photo1.jpg`);
  const response = await patchProfile(app, member, { ...COMPLETE_FORM, ...fields });
  if (response.statusCode !== 200) throw new Error(`profile save failed: ${response.body}`);
  return { ...member, profileId: await profileIdOf(db, member) };
}

export const man = (app: FastifyInstance, db: Db, fields: Record<string, unknown> = {}, username?: string) =>
  completeMember(app, db, { gender: 'Man', ...fields }, username);
export const woman = (app: FastifyInstance, db: Db, fields: Record<string, unknown> = {}, username?: string) =>
  completeMember(app, db, { gender: 'Woman', ...fields }, username);

export function discover(app: FastifyInstance, member: TestMember, query = '') {
  return app.inject({ method: 'GET', url: `/api/v1/profiles/?page_size=100${query ? `&${query}` : ''}`, headers: member.auth });
}

/** Usernames in discovery order. */
export async function discoveredNames(app: FastifyInstance, member: TestMember, query = ''): Promise<string[]> {
  const response = await discover(app, member, query);
  if (response.statusCode !== 200) throw new Error(`discovery failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { results: { username: string }[] }).results.map((p) => p.username);
}

export function saveFilters(app: FastifyInstance, member: TestMember, filters: unknown) {
  return app.inject({ method: 'POST', url: '/api/v1/filter_profiles/', headers: member.auth, payload: filters as object });
}

export function likeProfile(app: FastifyInstance, member: TestMember, toProfileId: number, liked = true) {
  return app.inject({ method: 'POST', url: '/api/v1/match/like/', headers: member.auth, payload: { to_profile_id: toProfileId, liked } });
}

export function post(app: FastifyInstance, member: TestMember, url: string) {
  return app.inject({ method: 'POST', url, headers: member.auth });
}

export function get(app: FastifyInstance, member: TestMember, url: string) {
  return app.inject({ method: 'GET', url, headers: member.auth });
}
