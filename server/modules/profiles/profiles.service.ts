/**
 * Profile rules: reading the own profile and
 * another member's, saving the cleaned form, completeness, and deleting the account for good.
 * Every operation acts on the signed-in member's own user id; the only id a member can pass
 * is the profile id of a profile to READ.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Static } from 'typebox';
import { AUTH_MESSAGES, MAX_ACCOUNTS_PER_PHONE } from '../../contract/auth.ts';
import { cleanProfilePatch, computeCompleteness } from '../../contract/profile-validation.ts';
import { lbsToWholeKg } from '../../contract/units.ts';
import { isUniqueViolation } from '../../kernel/db/errors.ts';
import type { ServiceDeps } from '../../kernel/deps.ts';
import { notFound, validationError } from '../../kernel/errors.ts';
import { writeEvent } from '../../kernel/events/outbox.ts';
import { type MediaStore, memberMediaPrefix } from '../../kernel/media/index.ts';
import { findMatchBetween, removeAllMatchesOf } from '../likes/index.ts';
import { ageOf, callerRef, findMember, isVisibleTo, MEMBER_MESSAGES, type PublicProfile, toPublicProfile } from '../members/index.ts';
import { LOCATION_FIELDS, resolveLocation } from '../geo/index.ts';
import { attachPhone } from '../identities/index.ts';
import * as queries from './profiles.queries.ts';
import type { CompletenessResponse, OwnProfileResponse, PhotoVerification } from './profiles.schemas.ts';

/**
 * Profiles read and write the database; deletion also removes the member's media and logs; a new
 * phone is hashed for the identity record with the identity-hash secret.
 */
export type ProfileDeps = Pick<ServiceDeps, 'db' | 'config' | 'log'> & { media: MediaStore; identityHashSecret: string };

export type OwnProfile = Static<typeof OwnProfileResponse>;
export type Completeness = Static<typeof CompletenessResponse>;

export const PROFILE_SERVICE_MESSAGES = {
  notFound: MEMBER_MESSAGES.profileNotFound,
  phoneLimit: `This phone number is already used by ${MAX_ACCOUNTS_PER_PHONE} accounts`,
  deleted: 'Profile deleted successfully',
  poundsDisagree: (kg: number) => `Must be the same weight as the kilograms sent (${kg} kg)`,
} as const;

export const PROFILE_DELETED_SUBJECT = 'profiles.deleted' as const;

async function ownRecord(deps: ProfileDeps, userId: number): Promise<queries.ProfileRecord> {
  const record = await queries.findProfileByUserId(deps.db, userId);
  // Every account gets its profile at sign-up; a missing one means the account is gone.
  if (!record) throw notFound(PROFILE_SERVICE_MESSAGES.notFound);
  return record;
}

/**
 * Photo 1 and the badge, as the member should read it: verified; pending_review when the scan
 * matched photo 1 but the same face is verified on another live account, so the badge waits for a
 * person (otherwise the member would be left unverified without a word); unverified when photo 1
 * came without a matching scan (no camera, or the scan was skipped): a scan can still be bound to
 * the upload later; none without photo 1.
 */
export function photoVerification(
  record: { verified: boolean; photo1_url?: unknown },
  photoOne: queries.PhotoOneRow | undefined,
): PhotoVerification {
  if (!record.photo1_url) return 'none';
  if (record.verified) return 'verified';
  if (photoOne?.boundToScan && photoOne.review === 'needs_review') return 'pending_review';
  return 'unverified';
}

export async function getOwnProfile(deps: ProfileDeps, userId: number): Promise<OwnProfile> {
  const [record, photoOne] = await Promise.all([ownRecord(deps, userId), queries.findPhotoOne(deps.db, userId)]);
  return {
    ...record,
    age: ageOf(record.date_of_birth, new Date()),
    photo_verification: photoVerification(record, photoOne),
    photo1_upload_id: record.photo1_url ? (photoOne?.uploadId ?? null) : null,
  } as OwnProfile;
}

/**
 * Another member's profile, with the viewer's match with it (if any). The viewer needs a complete
 * profile (403); a profile that does not exist, is incomplete or is blocked either way answers
 * the same 404.
 */
export async function getPublicProfile(deps: ProfileDeps, viewerUserId: number, profileId: number): Promise<PublicProfile> {
  const viewer = await callerRef(deps.db, viewerUserId, { complete: true });
  const targetRef = await findMember(deps.db, { profileId });
  if (!targetRef || !(await isVisibleTo(deps.db, viewer, targetRef))) throw notFound(PROFILE_SERVICE_MESSAGES.notFound);
  const [target, viewerRecord, isLiked, match] = await Promise.all([
    queries.findProfileById(deps.db, profileId),
    ownRecord(deps, viewerUserId),
    queries.isLikedBy(deps.db, viewer.profileId, profileId),
    findMatchBetween(deps.db, viewer.profileId, profileId),
  ]);
  if (!target) throw notFound(PROFILE_SERVICE_MESSAGES.notFound);
  // A match's profile leads to the chat instead of offering a like or a pass again.
  return { ...toPublicProfile(target, viewerRecord, isLiked), match_id: match?.id ?? null };
}

export async function getCompleteness(deps: ProfileDeps, userId: number): Promise<Completeness> {
  return computeCompleteness(await ownRecord(deps, userId));
}

/**
 * Kilograms and the pounds a member typed describe one weight. Pounds sent decide the kilograms
 * (kilograms sent beside them must agree); kilograms sent alone drop stored pounds that no longer
 * round to them, so the pounds shown are never another weight than the one stored.
 */
export function reconcileWeight(values: Record<string, unknown>, errors: Record<string, string[]>, current: Record<string, unknown>): void {
  if (errors.weight || errors.weight_lb) return;
  const pounds = values.weight_lb;
  if (typeof pounds === 'number') {
    const kg = lbsToWholeKg(pounds);
    if ('weight' in values && values.weight !== kg) errors.weight_lb = [PROFILE_SERVICE_MESSAGES.poundsDisagree(kg)];
    else values.weight = kg;
    return;
  }
  if (!('weight' in values) || 'weight_lb' in values) return;
  const stored = current.weight_lb;
  if (typeof stored !== 'number' || typeof values.weight !== 'number' || lbsToWholeKg(stored) !== values.weight) values.weight_lb = null;
}

/**
 * Saves the cleaned form: every value is checked (catalogue, location dataset, username and
 * phone rules) and either everything is saved or nothing is, with an `errors` map (or the 403 of
 * a phone a banned member used: modules/identities).
 */
export async function updateProfile(deps: ProfileDeps, userId: number, body: Record<string, unknown>): Promise<OwnProfile> {
  const { values, errors } = cleanProfilePatch(body, new Date());
  const current = await ownRecord(deps, userId);
  reconcileWeight(values, errors, current);

  const sentLocation = LOCATION_FIELDS.filter((field) => field in values);
  if (sentLocation.length > 0) {
    const merged = Object.fromEntries(
      LOCATION_FIELDS.map((field) => [field, (field in values ? values[field] : current[field]) as string | null]),
    ) as Record<(typeof LOCATION_FIELDS)[number], string | null>;
    const resolved = await resolveLocation(merged, new Set(sentLocation));
    for (const [field, messages] of Object.entries(resolved.errors)) errors[field] ??= messages;
    Object.assign(values, resolved.location);
  }

  try {
    await deps.db.transaction(async (tx) => {
      const { username, ...fields } = values;
      if (typeof username === 'string' && username !== current.username) {
        if (await queries.isUsernameTakenByOther(tx, username, userId)) errors.username = [AUTH_MESSAGES.usernameTaken];
      }
      if (typeof fields.phone === 'string' && fields.phone !== current.phone) {
        // Serialised per number, so two members cannot both become the 6th at the same moment.
        await queries.lockPhone(tx, fields.phone);
        if ((await queries.countOtherProfilesWithPhone(tx, fields.phone, userId)) >= MAX_ACCOUNTS_PER_PHONE) {
          errors.phone = [PROFILE_SERVICE_MESSAGES.phoneLimit];
        }
      }
      if (Object.keys(errors).length > 0) throw validationError(errors);
      // A new phone joins the member's identity; one a banned member used refuses (403) and the save rolls back.
      if (typeof fields.phone === 'string' && fields.phone !== current.phone) {
        await attachPhone(tx, deps.identityHashSecret, userId, fields.phone);
      }
      if (typeof username === 'string') await queries.updateUsername(tx, userId, username);
      const { is_complete } = computeCompleteness({ ...current, ...fields });
      await queries.updateProfileFields(tx, userId, fields, is_complete);
    });
  } catch (error) {
    // Someone took the name between our check and the update: the unique index decides.
    if (isUniqueViolation(error)) throw validationError({ username: [AUTH_MESSAGES.usernameTaken] });
    throw error;
  }
  return getOwnProfile(deps, userId);
}

/**
 * Deletes the account and everything of it for good. One transaction deletes the user row
 * (foreign keys cascade to sessions, profile, likes, blocks and later tables) and writes the
 * `profiles.deleted` event; the member's media (the store's prefix and the older per-member
 * folder) are removed afterwards. Sessions end at once because their rows are gone.
 */
export async function deleteAccount(deps: ProfileDeps, userId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    // Locked first: a like or block of this member in flight finishes before, any later one
    // waits and then finds nobody, so no match is created behind the deletion unannounced.
    const profile = await queries.lockProfileForDeletion(tx, userId);
    if (!profile) return;
    const me = { userId, profileId: profile.id };
    await removeAllMatchesOf(tx, me);
    // A second, concurrent delete waited on the lock above and found nothing.
    if (!(await queries.deleteUser(tx, userId))) return;
    await writeEvent(tx, PROFILE_DELETED_SUBJECT, { ...me, deletedAt: new Date().toISOString() });
  });
  await Promise.all([removeMediaFolder(deps, userId), removeStoredMedia(deps, userId)]);
}

async function removeStoredMedia(deps: ProfileDeps, userId: number): Promise<void> {
  try {
    await deps.media.deletePrefix(memberMediaPrefix(userId));
  } catch (error) {
    // As with the folder: the account is gone whatever happens here; the operator cleans up.
    deps.log.error({ err: error, userId }, 'stored media of a deleted account could not be removed');
  }
}

export function mediaFolderOf(mediaDir: string, userId: number): string {
  return path.join(mediaDir, String(userId));
}

async function removeMediaFolder(deps: ProfileDeps, userId: number): Promise<void> {
  try {
    await rm(mediaFolderOf(deps.config.mediaDir, userId), { recursive: true, force: true });
  } catch (error) {
    // The account is already gone; a leftover folder is logged for the operator, not shown.
    deps.log.error({ err: error, userId }, 'media folder of a deleted account could not be removed');
  }
}
