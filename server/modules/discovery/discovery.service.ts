/**
 * Discovery rules: who a member sees, in which order, narrowed
 * by which filters, one page at a time; and the saved filters themselves.
 */
import type { Static } from 'typebox';
import { isFilterActive } from '../../contract/filters-active.ts';
import { decodeFiltersQuery, DISCOVERY_PAGE_SIZE, repageQuery } from '../../contract/filters-query.ts';
import { LOCATION_REQUIRED, type SavedFilters, soughtGender, validateFilters, withDefaults } from '../../contract/filters.ts';
import type { Db } from '../../kernel/db/client.ts';
import type { DbDeps } from '../../kernel/deps.ts';
import { badRequest, forbidden, notFound, validationError } from '../../kernel/errors.ts';
import { MEMBER_MESSAGES } from '../members/index.ts';
import { toPublicProfile } from '../members/index.ts';
import { PROFILE_SERVICE_MESSAGES } from '../profiles/index.ts';
import { candidateWhere, distanceFilter, homeConditions, type Viewer } from './discovery.conditions.ts';
import type { PlaceWalk } from './discovery.places.ts';
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

/** Where counting stops: past it the exact figure costs a scan of every candidate and tells nobody anything. */
export const DISCOVERY_COUNT_CAP = 1000;

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

/**
 * Deepest page end the place walk serves: it reads up to this many candidates at every place,
 * so past it ordering the whole set once is cheaper.
 */
const PLACE_WALK_DEPTH = 1000;

/**
 * One page of ids in discovery order: from the place walk (discovery.places.ts) when the viewer
 * has a location, else (or when the walk cannot prove the page: it reaches swiped or unlocated
 * candidates) by ordering the whole candidate set.
 */
async function pageIds(db: Db, viewer: Viewer, walk: PlaceWalk, limit: number, offset: number) {
  if (viewer.latitude !== null && viewer.longitude !== null && offset + limit <= PLACE_WALK_DEPTH) {
    const ids = await queries.findPlacePage(db, walk, limit, offset);
    if (ids.length === limit) return ids;
  }
  return queries.findCandidatePage(db, viewer, walk.where, limit, offset);
}

/** What the place walk needs: the candidate condition, and the filters on where members live on their own. */
export function placeWalkOf(viewer: Viewer & { gender: string }, filters: SavedFilters, today: Date): PlaceWalk {
  return {
    viewer,
    gender: soughtGender(viewer.gender),
    where: candidateWhere(viewer, filters, today),
    atPlace: candidateWhere(viewer, filters, today, false),
    distance: distanceFilter(viewer, filters),
    home: homeConditions(filters),
  };
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
  const walk = placeWalkOf({ ...viewer, gender }, filters, today);
  const cap = countCap(page, pageSize);
  // The count runs beside the page search: two connections, two cores.
  const [counted, ids] = await Promise.all([
    queries.countCandidates(deps.db, walk, cap + 1),
    pageIds(deps.db, viewer, walk, pageSize, (page - 1) * pageSize),
  ]);
  const rows = await queries.findDiscoveryRows(deps.db, viewer.profileId, ids);
  const results = rows.map(({ is_liked, ...row }) => toPublicProfile(row, viewerPoint(viewer), is_liked, today));
  const count = Math.min(counted, cap);
  return {
    count,
    count_capped: counted > cap,
    // `counted` may be cap + 1: more candidates than this page's end, so a next page exists.
    next: page * pageSize < counted ? pageUrl(query, page + 1, pageSize) : null,
    previous: page > 1 ? pageUrl(query, Math.min(page - 1, Math.max(1, Math.ceil(count / pageSize))), pageSize) : null,
    results,
  };
}

/**
 * Counting stops at DISCOVERY_COUNT_CAP candidates (the answer then says "1,000+"), or at the end
 * of the requested page when that lies further, so `next` stays exact on every page.
 */
export function countCap(page: number, pageSize: number): number {
  return Math.max(DISCOVERY_COUNT_CAP, page * pageSize);
}

/** The viewer's coordinates in the shape toPublicProfile reads. */
function viewerPoint(viewer: Viewer) {
  return { location_latitude: viewer.latitude, location_longitude: viewer.longitude };
}
