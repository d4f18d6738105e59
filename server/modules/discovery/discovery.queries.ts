/**
 * Discovery data access. The page is found in two steps so the candidate scan, the anti-joins and
 * the ordering can run on the narrow discovery index alone (see profiles_discovery_idx): first the
 * ids of one page, then the full rows of those ids only.
 */
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { SavedFilters } from '../../contract/filters.ts';
import type { Db } from '../../kernel/db/client.ts';
import { profiles, savedFilters, users } from '../../kernel/db/schema/index.ts';
import { PROFILE_COLUMN_NAMES, profileColumnsNamed } from '../../kernel/db/schema/profile-columns.ts';
import { chordSquared, type Viewer } from './discovery.conditions.ts';
import { type PlaceWalk, placeCountQuery, placePageQuery } from './discovery.places.ts';

/** Swiped (liked or passed) by the viewer: sorted after the profiles not yet seen. */
function swipedBy(viewer: Viewer): SQL {
  return sql`p.id in (select l.to_profile_id from likes l where l.from_profile_id = ${viewer.profileId})`;
}

/** Unswiped first, then nearer first (no location last), then newest. */
function discoveryOrder(viewer: Viewer): SQL {
  const nearer =
    viewer.latitude === null || viewer.longitude === null
      ? sql``
      : sql`${chordSquared(viewer.latitude, viewer.longitude)} asc nulls last, `;
  return sql`${swipedBy(viewer)} asc, ${nearer}p.created_at desc, p.id desc`;
}

/**
 * Candidates counted up to `atMost` (place by place, discovery.places.ts): the scan stops there,
 * so a broad set costs what a narrow one does instead of reading half a million index entries
 * for an exact figure nobody pages through.
 */
export async function countCandidates(db: Db, walk: PlaceWalk, atMost: number): Promise<number> {
  const [row] = await db.execute<{ count: number }>(placeCountQuery(walk, atMost));
  return Number(row.count);
}

/** One page of ids from the place walk; fewer than `limit` when it cannot prove the page. */
export async function findPlacePage(db: Db, walk: PlaceWalk, limit: number, offset: number): Promise<number[]> {
  const rows = await db.execute<{ id: number | string }>(placePageQuery(walk, limit, offset));
  return rows.map((row) => Number(row.id));
}

/**
 * Profile ids of one page in discovery order, the whole candidate set ordered: for what the place
 * walk cannot prove (discovery.service.ts).
 */
export async function findCandidatePage(db: Db, viewer: Viewer, where: SQL, limit: number, offset: number): Promise<number[]> {
  const rows = await db.execute<{ id: number | string }>(sql`
    select p.id
    from profiles p
    where ${where}
    order by ${discoveryOrder(viewer)}
    limit ${limit} offset ${offset}`);
  return rows.map((row) => Number(row.id));
}

const publicColumns = profileColumnsNamed(PROFILE_COLUMN_NAMES);

export type DiscoveryRow = Record<string, unknown> & {
  id: number;
  user_id: number;
  date_of_birth: string | null;
  location_latitude: number | null;
  location_longitude: number | null;
  is_liked: boolean;
};

/** Full rows (with username and whether the viewer liked them) of the given ids, in that order. */
export async function findDiscoveryRows(db: Db, viewerProfileId: number, ids: number[]): Promise<DiscoveryRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      ...publicColumns,
      username: users.username,
      is_liked: sql<boolean>`exists (select 1 from likes l where l.from_profile_id = ${viewerProfileId} and l.to_profile_id = ${profiles.id} and l.liked)`,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(inArray(profiles.id, ids));
  const byId = new Map((rows as unknown as DiscoveryRow[]).map((row) => [Number(row.id), row]));
  return ids.map((id) => byId.get(id)).filter((row): row is DiscoveryRow => row !== undefined);
}

export async function findSavedFilters(db: Db, profileId: number): Promise<SavedFilters | null> {
  const [row] = await db.select({ filters: savedFilters.filters }).from(savedFilters).where(eq(savedFilters.profileId, profileId));
  return row?.filters ?? null;
}

export async function upsertSavedFilters(db: Db, profileId: number, filters: SavedFilters): Promise<void> {
  await db
    .insert(savedFilters)
    .values({ profileId, filters })
    .onConflictDoUpdate({ target: savedFilters.profileId, set: { filters, updatedAt: new Date() } });
}

/** The viewer's own row as discovery needs it. */
export async function findViewer(db: Db, userId: number): Promise<Viewer | undefined> {
  const [row] = await db
    .select({
      profileId: profiles.id,
      userId: profiles.userId,
      gender: profiles.gender,
      latitude: profiles.locationLatitude,
      longitude: profiles.locationLongitude,
      country: profiles.homeCountry,
      isComplete: profiles.isComplete,
    })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row;
}
