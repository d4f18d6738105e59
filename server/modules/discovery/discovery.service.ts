/**
 * Discovery rules: who a member sees, in which order, narrowed
 * by which filters, one page at a time; and the saved filters themselves.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Static } from 'typebox';
import { isFilterActive } from '../../contract/filters-active.ts';
import { decodeFiltersQuery, DISCOVERY_PAGE_SIZE, repageQuery } from '../../contract/filters-query.ts';
import { LOCATION_REQUIRED, type SavedFilters, validateFilters, withDefaults } from '../../contract/filters.ts';
import type { Db } from '../../kernel/db/client.ts';
import type { DbDeps } from '../../kernel/deps.ts';
import { badRequest, forbidden, notFound, validationError } from '../../kernel/errors.ts';
import { MEMBER_MESSAGES } from '../members/index.ts';
import { toPublicProfile } from '../members/index.ts';
import { PROFILE_SERVICE_MESSAGES } from '../profiles/index.ts';
import { candidateWhere, distanceConditions, type Viewer } from './discovery.conditions.ts';
import { canonicalLocation } from '../geo/index.ts';
import * as queries from './discovery.queries.ts';
import type { ProfilePage, SavedFiltersResponse } from './discovery.schemas.ts';

export type Page = Static<typeof ProfilePage>;
export type FiltersAnswer = Static<typeof SavedFiltersResponse>;

export const DISCOVERY_MESSAGES = {
  genderRequired: 'Gender is required to use discovery: set your gender in your profile to start discovering matches',
  locationRequired: LOCATION_REQUIRED.detail,
} as const;

export const DISCOVERY_PATH = '/api/v1/profiles/';

async function viewerOf(db: Db, userId: number): Promise<Viewer> {
  const viewer = await queries.findViewer(db, userId);
  if (!viewer) throw notFound(PROFILE_SERVICE_MESSAGES.notFound);
  return viewer;
}

/** Saved filters, or the defaults when none were saved. */
export async function getFilters(deps: DbDeps, userId: number): Promise<SavedFilters> {
  const viewer = await viewerOf(deps.db, userId);
  return withDefaults(await queries.findSavedFilters(deps.db, viewer.profileId));
}

/** Validates and saves the whole filters object (it replaces the previous one). */
export async function saveFilters(deps: DbDeps, userId: number, body: unknown): Promise<SavedFilters> {
  const { filters, errors } = validateFilters(body);
  if (Object.keys(errors).length > 0) throw validationError(errors);
  const viewer = await viewerOf(deps.db, userId);
  await queries.upsertSavedFilters(deps.db, viewer.profileId, filters);
  return filters;
}

/** The filters a discovery request applies: those in its query string, else the saved ones. */
async function filtersFor(deps: DbDeps, viewer: Viewer, query: Record<string, unknown>): Promise<SavedFilters> {
  const fromQuery = decodeFiltersQuery(query);
  if (!fromQuery) return withDefaults(await queries.findSavedFilters(deps.db, viewer.profileId));
  const { filters, errors } = validateFilters(fromQuery, { from: 'query' });
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return filters;
}

function pageUrl(query: Record<string, unknown>, page: number, pageSize: number): string {
  return `${DISCOVERY_PATH}?${repageQuery(query, { page, page_size: pageSize })}`;
}

/** Radii (miles) of the nearest-first ring search, smallest first. */
export const RING_MILES = [100, 500] as const;

/**
 * One page of ids in discovery order. Nearest-first lets most pages be found near the viewer:
 * when the last row of the page taken from within a ring is still unswiped, every row of the
 * page is unswiped and nearer than anything outside the ring, so it is exactly the page the
 * whole candidate set gives, found by scanning one latitude band of the index instead of all.
 */
async function pageIds(db: Db, viewer: Viewer, where: SQL, filters: SavedFilters, limit: number, offset: number) {
  // Candidates filtered to another country are all far away: no ring around the viewer helps.
  const elsewhere = filters.homeCountry !== undefined && filters.homeCountry !== viewer.country;
  if (viewer.latitude !== null && viewer.longitude !== null && !elsewhere) {
    for (const miles of RING_MILES) {
      if (miles >= filters.maxDistance) break;
      const ring = sql.join([where, ...distanceConditions(viewer, miles)], sql` and `);
      const page = await queries.findCandidatePage(db, viewer, ring, limit, offset);
      if (page.ids.length === limit && !page.lastSwiped) return page.ids;
    }
  }
  // A country filter: walk that country's candidates nearest first (the KNN index) instead of
  // sorting all of them; a full page from it is exactly the whole set's page.
  if (viewer.latitude !== null && viewer.longitude !== null && filters.homeCountry) {
    const page = await queries.findCandidatePage(db, viewer, where, limit, offset, true);
    if (page.ids.length === limit) return page.ids;
  }
  return (await queries.findCandidatePage(db, viewer, where, limit, offset)).ids;
}

export interface PageRequest {
  page?: number;
  page_size?: number;
  [key: string]: unknown;
}

export async function discover(deps: DbDeps, userId: number, query: PageRequest): Promise<Page> {
  const viewer = await viewerOf(deps.db, userId);
  const { gender } = viewer;
  if (!gender) throw badRequest(DISCOVERY_MESSAGES.genderRequired, { gender: [DISCOVERY_MESSAGES.genderRequired] });
  const filters = await canonicalLocation(await filtersFor(deps, viewer, query));
  if (isFilterActive('maxDistance', filters.maxDistance) && (viewer.latitude === null || viewer.longitude === null)) {
    throw badRequest(DISCOVERY_MESSAGES.locationRequired, { maxDistance: [DISCOVERY_MESSAGES.locationRequired] });
  }
  // Browsing others needs a complete profile, as the app's own screens require.
  if (!viewer.isComplete) throw forbidden(MEMBER_MESSAGES.completeProfileFirst);

  const page = query.page ?? 1;
  const pageSize = query.page_size ?? DISCOVERY_PAGE_SIZE;
  const today = new Date();
  const where = candidateWhere({ ...viewer, gender }, filters, today);
  // The count (its own narrower index) runs beside the page search: two connections, two cores.
  const [count, ids] = await Promise.all([
    queries.countCandidates(deps.db, where),
    pageIds(deps.db, viewer, where, filters, pageSize, (page - 1) * pageSize),
  ]);
  const rows = await queries.findDiscoveryRows(deps.db, viewer.profileId, ids);
  const results = rows.map(({ is_liked, ...row }) => toPublicProfile(row, viewerPoint(viewer), is_liked, today));
  return {
    count,
    next: page * pageSize < count ? pageUrl(query, page + 1, pageSize) : null,
    previous: page > 1 ? pageUrl(query, Math.min(page - 1, Math.max(1, Math.ceil(count / pageSize))), pageSize) : null,
    results,
  };
}

/** The viewer's coordinates in the shape toPublicProfile reads. */
function viewerPoint(viewer: Viewer) {
  return { location_latitude: viewer.latitude, location_longitude: viewer.longitude };
}
