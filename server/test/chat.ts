/**
 * Test helpers for chat: a matched pair made through the real API, its chat unlocked with a real
 * credit, one-line chat calls, and an approved chat photo as moderation would leave it.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Db } from '../kernel/db/client.ts';
import { derivativeKeyOf, type MediaStore } from '../kernel/media/index.ts';
import { giveCredits } from './credits.ts';
import type { TestMember } from './factories.ts';
import { likeProfile, type Member, man, woman } from './members.ts';
import { uploadPhoto } from './uploads.ts';

export interface MatchedPair {
  /** The man, who liked first. */
  a: Member;
  /** The woman, whose like back made the match. */
  b: Member;
  matchId: number;
}

/** Two complete members of opposite gender who liked each other through the API. */
export async function matchedPair(app: FastifyInstance, db: Db, names: [string?, string?] = []): Promise<MatchedPair> {
  const a = await man(app, db, {}, names[0]);
  const b = await woman(app, db, {}, names[1]);
  const first = await likeProfile(app, a, b.profileId);
  if (first.statusCode !== 200) throw new Error(`like failed: ${first.body}`);
  const back = await likeProfile(app, b, a.profileId);
  const matchId = (back.json() as { match_id: number | null }).match_id;
  if (back.statusCode !== 200 || matchId === null) throw new Error(`like back made no match: ${back.body}`);
  return { a, b, matchId };
}

/** Opens the match's chat the way a member does: a credit bought, then spent on it. */
export async function unlockChat(app: FastifyInstance, db: Db, member: TestMember, matchId: number): Promise<void> {
  await giveCredits(db, member, 1);
  const answer = await app.inject({
    method: 'POST',
    url: '/api/v1/match/use_chat_credit/',
    headers: member.auth,
    payload: { match_id: matchId },
  });
  if (answer.statusCode !== 200) throw new Error(`unlock failed: ${answer.statusCode} ${answer.body}`);
}

/** A matched pair whose chat is open (the man paid for it). */
export async function chattingPair(app: FastifyInstance, db: Db, names: [string?, string?] = []): Promise<MatchedPair> {
  const pair = await matchedPair(app, db, names);
  await unlockChat(app, db, pair.a, pair.matchId);
  return pair;
}

export const chatUrl = (matchId: number | string, tail = '') => `/api/v1/match/chat/${matchId}/${tail}`;

export function readChat(app: FastifyInstance, member: TestMember, matchId: number | string, query = '') {
  return app.inject({ method: 'GET', url: `${chatUrl(matchId)}${query ? `?${query}` : ''}`, headers: member.auth });
}

export function sendMessage(
  app: FastifyInstance,
  member: TestMember,
  matchId: number | string,
  payload: Record<string, unknown>,
  idempotencyKey?: string,
) {
  const headers = idempotencyKey === undefined ? member.auth : { ...member.auth, 'idempotency-key': idempotencyKey };
  return app.inject({ method: 'POST', url: chatUrl(matchId), headers, payload });
}

export function clearChat(app: FastifyInstance, member: TestMember, matchId: number | string) {
  return app.inject({ method: 'DELETE', url: chatUrl(matchId), headers: member.auth });
}

export function markRead(app: FastifyInstance, member: TestMember, matchId: number | string, lastReadMessageId: number) {
  return app.inject({
    method: 'POST',
    url: chatUrl(matchId, 'read/'),
    headers: member.auth,
    payload: { last_read_message_id: lastReadMessageId },
  });
}

export function setReadReceipts(app: FastifyInstance, member: TestMember, on: boolean) {
  return app.inject({ method: 'PATCH', url: '/api/v1/chat/settings/', headers: member.auth, payload: { send_read_receipts: on } });
}

/** Messages written straight to the table (past the send rate limit), oldest first; returns their ids. */
export async function insertMessages(db: Db, matchId: number, fromProfileId: number, count: number, prefix = 'message'): Promise<number[]> {
  const rows = await db.execute<{ id: number | string }>(sql`
    insert into chat_messages (match_id, from_profile_id, body)
    select ${matchId}, ${fromProfileId}, ${prefix} || ' ' || n from generate_series(1, ${count}) as n
    returning id`);
  return rows.map((row) => Number(row.id)).sort((x, y) => x - y);
}

const PHOTO = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#5070a0' } })
  .jpeg()
  .toBuffer();

/**
 * A chat photo of `member`, uploaded through the API (fieldName 'chat') and then approved as the
 * moderation worker leaves it: three sizes in the store, the keys on the row. Use it with the
 * photo-moderation handler off (WORKERS without it), so the real one does not race the test.
 */
export async function approvedChatPhoto(app: FastifyInstance, db: Db, media: MediaStore, member: TestMember): Promise<string> {
  const uploadId = await uploadPhoto(app, member, 'chat', PHOTO);
  const keys = {
    thumbnail: derivativeKeyOf(member.userId, uploadId, 'thumbnail'),
    preview: derivativeKeyOf(member.userId, uploadId, 'preview'),
    full: derivativeKeyOf(member.userId, uploadId, 'full'),
  };
  for (const key of Object.values(keys)) await media.put(key, PHOTO, 'image/jpeg');
  await db.execute(sql`
    update uploads set state = 'approved', thumbnail_key = ${keys.thumbnail}, preview_key = ${keys.preview}, full_key = ${keys.full}
    where id = ${uploadId}`);
  return uploadId;
}

/** A chat upload that was sent but not yet reviewed. */
export async function pendingChatPhoto(app: FastifyInstance, member: TestMember): Promise<string> {
  return uploadPhoto(app, member, 'chat', PHOTO);
}

/** An id no upload has. */
export const unknownUploadId = () => randomUUID();

/** The API side and the handlers chat needs, without photo moderation (tests approve photos themselves). */
export const CHAT_WORKERS = { WORKERS: 'notifications,chat-cleanup' };
