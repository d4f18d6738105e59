/**
 * The place walk: discovery's page and count found place by place. Members live at the
 * coordinates of a city from the location dataset, so a million of them share a few thousand
 * points at most (the benchmark's population, 52), and at one point the discovery order is simply
 * newest first. profiles_discovery_idx leads with (gender, latitude, longitude, created_at desc,
 * id desc), so:
 * - the places are found by skipping through the index one (latitude, longitude) at a time, one
 *   probe per place instead of a read of every member;
 * - a place whose location is ruled out by the place filters (distance, country, state, city) is
 *   dropped after reading one of its rows;
 * - at each remaining place, the newest matching unswiped candidates are read in index order and
 *   the walk stops after offset + limit of them.
 * The page is then the first offset + limit of those few by (distance, created_at, id), which is
 * exactly the whole set's discovery order for unswiped located candidates; fewer back than the
 * page needs means the page reaches the swiped or unlocated ones, and the caller orders the whole
 * set instead. The cost grows with the number of places and the page's end, not with members.
 */
import { type SQL, sql } from 'drizzle-orm';
import { chordSquared, type Viewer } from './discovery.conditions.ts';

export interface PlaceWalk {
  viewer: Viewer;
  /** The sought gender (the indexes' first column). */
  gender: string;
  /** The whole candidate condition (alias `p`), for the whole-set query the walk falls back to. */
  where: SQL;
  /**
   * The same without the distance filter (alias `p`): the walk decides distance once per place,
   * and leaving it out lets the count read profiles_discovery_count_idx, which holds no coordinates.
   */
  atPlace: SQL;
  /** The distance filter (alias `p`): reads only coordinates, so it is decided once per place. */
  distance: SQL[];
  /** The country, state and city filters (alias `p`). */
  home: SQL[];
}

const and = (conditions: SQL[]) => (conditions.length > 0 ? sql` and ${sql.join(conditions, sql` and `)}` : sql``);

/**
 * Every distinct place of the sought gender's complete members within the distance filter and
 * holding someone of the filtered country, state and city. A place is a point, not a city: a
 * member who gave only a country sits at the country's point, and a few territories keep a typed
 * city name at the country's point, so the names are checked per place on
 * profiles_discovery_place_idx, one probe each, rather than assumed from one member.
 */
function placesCte({ viewer, gender, distance, home }: PlaceWalk): SQL {
  const located = sql`p.is_complete and p.gender = ${gender}`;
  const point = sql`p.location_latitude, p.location_longitude, p.location_x, p.location_y, p.location_z`;
  return sql`
    with recursive places (location_latitude, location_longitude, location_x, location_y, location_z) as (
      (select ${point} from profiles p
       where ${located} and p.location_latitude is not null
       order by p.location_latitude, p.location_longitude limit 1)
      union all
      select n.* from places q cross join lateral (
        select ${point} from profiles p
        where ${located} and (p.location_latitude, p.location_longitude) > (q.location_latitude, q.location_longitude)
        order by p.location_latitude, p.location_longitude limit 1) n
    ),
    near_places as (
      select p.location_latitude as latitude, p.location_longitude as longitude,
        ${chordSquared(viewer.latitude ?? 0, viewer.longitude ?? 0)} as distance
      from places p where true${and(distance)}
    ),
    matching_places as (
      select q.latitude, q.longitude, q.distance from near_places q${
        home.length === 0
          ? sql``
          : sql` where exists (select from profiles p where ${located}
        and p.location_latitude = q.latitude and p.location_longitude = q.longitude${and(home)})`
      }
    )`;
}

/**
 * Candidates at place `q`, at most `take` of them: newest first (the order of
 * profiles_discovery_idx) for a page; in any order for the count, which then reads the narrower
 * profiles_discovery_count_idx, led by date of birth within the place so an age filter narrows it.
 */
function atPlace({ atPlace: where }: PlaceWalk, take: number, extra: SQL, columns: SQL, newestFirst: boolean): SQL {
  // The index's spelling of newest first (neither column is ever null), so the walk reads it in order.
  const order = newestFirst ? sql`order by p.created_at desc nulls last, p.id desc nulls last` : sql``;
  return sql`
    select ${columns} from profiles p
    where ${where} and p.location_latitude = q.latitude and p.location_longitude = q.longitude${extra}
    ${order}
    limit ${take}`;
}

/** Unswiped: no like or pass from the viewer. */
function unswiped(viewer: Viewer): SQL {
  return sql` and p.id not in (select l.to_profile_id from likes l where l.from_profile_id = ${viewer.profileId})`;
}

/** Ids of one page (all unswiped and located) in discovery order; fewer than `limit` when the walk cannot prove the page. */
export function placePageQuery(walk: PlaceWalk, limit: number, offset: number): SQL {
  // Places nearest first and each place's candidates newest first make the rows arrive already in
  // discovery order by distance, so the sort is incremental and the limit stops the walk at the
  // nearest places that fill the page: farther places are never read.
  return sql`${placesCte(walk)}
    select c.id from (select * from matching_places order by distance) q
    cross join lateral (${atPlace(walk, offset + limit, unswiped(walk.viewer), sql`p.id, p.created_at`, true)}) c
    order by q.distance asc, c.created_at desc nulls last, c.id desc nulls last
    limit ${limit} offset ${offset}`;
}

/** Candidates counted up to `atMost`: located ones place by place, then the unlocated ones. */
export function placeCountQuery(walk: PlaceWalk, atMost: number): SQL {
  return sql`${placesCte(walk)}
    select count(*)::int as count from (
      select from matching_places q cross join lateral (${atPlace(walk, atMost, sql``, sql``, false)}) c
      union all
      select from profiles p where ${walk.where} and p.location_latitude is null
      limit ${atMost}
    ) counted`;
}
