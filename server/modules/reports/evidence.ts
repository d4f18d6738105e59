/**
 * The evidence kept with a report: a self-contained snapshot of what the reporter saw (the pair's
 * last messages, the reported member's profile, the content hashes of their photos), sealed
 * with the sha256 of its canonical JSON so anyone can later check it was not altered.
 *
 * Canonical JSON: object keys sorted (by UTF-16 code units, as Array.prototype.sort orders them)
 * at every depth, no whitespace, arrays in order, values as JSON.stringify writes them. The
 * snapshot holds only strings, integers, booleans, null, arrays and objects (timestamps as ISO
 * strings), so it survives a round trip through jsonb unchanged and the hash can be recomputed
 * from the stored column.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../../kernel/db/client.ts';
import { keyOfPhotoRef, type MediaStore } from '../../kernel/media/index.ts';
import type { MemberRef } from '../members/index.ts';
import { findMatchBetween } from '../likes/index.ts';
import * as queries from './reports.queries.ts';

/** How many of the pair's newest messages the snapshot keeps. */
export const EVIDENCE_MESSAGE_LIMIT = 200;

/** Version of the snapshot's shape, so a later reader knows what it holds. */
export const EVIDENCE_VERSION = 1;

export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item === undefined ? null : item)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
}

export const sha256Hex = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

export const evidenceHash = (snapshot: unknown): string => sha256Hex(canonicalJson(snapshot));

const PHOTO_SLOTS = ['photo1_url', 'photo2_url', 'photo3_url', 'photo4_url', 'photo5_url'] as const;

export interface PhotoHash {
  slot: string;
  /** The stored reference (`media:<key>`, or the value as stored when it is not one). */
  ref: string;
  /** sha256 (hex) of the stored bytes; null when the reference names no stored object. */
  sha256: string | null;
  bytes: number | null;
}

/** The content hashes of the member's profile photos, read from the media store. */
async function photoHashes(media: Pick<MediaStore, 'get'>, profile: Record<string, unknown>): Promise<PhotoHash[]> {
  const slots = PHOTO_SLOTS.filter((slot) => typeof profile[slot] === 'string' && profile[slot] !== '');
  return Promise.all(
    slots.map(async (slot) => {
      const ref = profile[slot] as string;
      const key = keyOfPhotoRef(ref);
      const stored = key ? await media.get(key) : null;
      return { slot, ref, sha256: stored ? sha256Hex(stored.body) : null, bytes: stored ? stored.body.length : null };
    }),
  );
}

export interface Filing {
  category: string;
  note: string | null;
  messageIds: number[];
}

/**
 * The snapshot of one filing, read inside the filing's transaction (the pair locked), before the
 * block removes the match and, with it, the chat.
 */
export async function takeSnapshot(
  tx: Db,
  media: Pick<MediaStore, 'get'>,
  pair: { reporter: MemberRef; reported: MemberRef },
  filing: Filing,
  takenAt: Date,
): Promise<Record<string, unknown>> {
  const match = await findMatchBetween(tx, pair.reporter.profileId, pair.reported.profileId);
  const messages = match ? await queries.listLastMessages(tx, match.id, EVIDENCE_MESSAGE_LIMIT) : [];
  const profile = (await queries.readProfileSnapshot(tx, pair.reported.userId)) ?? {};
  return {
    version: EVIDENCE_VERSION,
    taken_at: takenAt.toISOString(),
    reporter: { user_id: pair.reporter.userId, profile_id: pair.reporter.profileId },
    reported: { user_id: pair.reported.userId, profile_id: pair.reported.profileId },
    filing: { category: filing.category, note: filing.note, message_ids: filing.messageIds },
    match: match ? { id: match.id, created_at: match.createdAt.toISOString() } : null,
    messages,
    profile: jsonSafe(profile),
    photos: await photoHashes(media, profile),
  };
}

/** Columns the database derives from others (search bit words, the point on the sphere): not evidence. */
const DERIVED_COLUMN = /^(filter_bits|location_[xyz]$)/;

/**
 * Numbers the snapshot keeps must print the same way after a jsonb round trip: profile values
 * are integers, text or booleans, except the coordinates (floating point), which are kept as
 * text so no digit can move. Derived columns are left out.
 */
function jsonSafe(profile: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(profile)
      .filter(([key]) => !DERIVED_COLUMN.test(key))
      .map(([key, value]) => [key, typeof value === 'number' && !Number.isSafeInteger(value) ? String(value) : value]),
  );
}
