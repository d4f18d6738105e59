/**
 * The place walk and the capped count against the whole-set query they replace, on a generated
 * population (52 real cities, so thousands of members share each point) with swipes: same ids in
 * the same order on every page it serves, the same count up to the cap, and the cap itself.
 */
import { sql } from 'drizzle-orm';
import t from 'tap';
import { type SavedFilters, validateFilters, withDefaults } from '../../contract/filters.ts';
import { decodeFiltersQuery } from '../../contract/filters-query.ts';
import { connectDatabase } from '../../kernel/db/client.ts';
import { copyPopulation } from '../../seed/population-copy.ts';
import { copySwipeHistory } from '../../seed/swipes.ts';
import { buildTestApp } from '../../test/app.ts';
import { get, likeProfile, man, woman } from '../../test/members.ts';
import { countCandidates, findCandidatePage, findPlacePage, findViewer } from './discovery.queries.ts';
import { DISCOVERY_COUNT_CAP, placeWalkOf } from './discovery.service.ts';

const MEMBERS = 3_000;

const FILTER_SETS = [
  '',
  'maxAge=35&maxDistance=50',
  'maxAge=45&maxDistance=500&religion=Christian%20-%20Catholic&religion=Christian%20-%20Protestant&education=Bachelor&education=Master',
  'homeCountry=United%20States&heightRange.min=60&heightRange.max=70&relationshipStatus=Single',
  'homeCountry=Canada',
  'homeCountry=United%20States&homeState=Texas',
  'maxAge=30&nativeLanguage=English&weightUpTo=140',
  'verifiedOnly=Yes',
  'verifiedOnly=Yes&maxAge=35&maxDistance=50',
];

function filtersOf(query: string): SavedFilters {
  const multi: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(query)) multi[key] = key in multi ? [multi[key], value].flat() : value;
  const raw = decodeFiltersQuery(multi);
  return raw ? validateFilters(raw, { from: 'query' }).filters : withDefaults(null);
}

t.test('a generated population', async (t) => {
  const { app, db, databaseUrl } = await buildTestApp(t);
  const bulk = connectDatabase(databaseUrl, { max: 2 });
  t.teardown(() => bulk.close());
  const first = await copyPopulation(bulk.sql, { count: MEMBERS, seed: 5, usernamePrefix: 'walk_' });
  const rows = await bulk.sql<Array<{ id: string; user_id: string; gender: string }>>`
    select id::text, user_id::text, gender from profiles where id >= ${first} order by id`;
  t.equal(rows.length, MEMBERS, 'every member copied in');
  const ids = (gender: string) => rows.filter((r) => r.gender === gender).map((r) => Number(r.id));
  await copySwipeHistory(bulk.sql, { men: ids('Man'), women: ids('Woman'), users: rows.map((r) => Number(r.user_id)) }, 3);
  // A third verified, so the "Verified members only" sets walk the verified-only indexes.
  await bulk.sql`update profiles set verified = true where id % 3 = 0`;
  await bulk.sql`analyze`;

  const viewers = [
    await man(app, db, {}, 'austin_viewer'),
    await man(app, db, { home_country: 'Canada', home_state: '', home_city: 'Toronto' }, 'toronto_viewer'),
    await woman(app, db, { home_state: 'New York', home_city: 'New York City' }, 'nyc_viewer'),
  ];
  // Swipes of the viewers' own, so the walk has unswiped candidates to skip at the nearest places.
  for (const viewer of viewers) {
    const sought = viewer.username === 'nyc_viewer' ? ids('Man') : ids('Woman');
    for (const id of sought.slice(0, 400).filter((_, i) => i % 3 === 0)) await likeProfile(app, viewer, id, id % 2 === 0);
  }

  t.test('the walk gives the whole-set order on every page it serves, and the same count', async (t) => {
    const today = new Date();
    for (const member of viewers) {
      const viewer = await findViewer(db, member.userId);
      if (!viewer?.gender) throw new Error('viewer without gender');
      for (const query of FILTER_SETS) {
        const walk = placeWalkOf({ ...viewer, gender: viewer.gender }, filtersOf(query), today);
        const [{ exact }] = await db.execute<{ exact: number }>(sql`select count(*)::int as exact from profiles p where ${walk.where}`);
        t.equal(await countCandidates(db, walk, 1_000_000), exact, `${member.username} ${query || 'defaults'}: count`);
        let served = 0;
        for (const [limit, offset] of [
          [20, 0],
          [20, 20],
          [7, 49],
          [100, 300],
        ]) {
          const walked = await findPlacePage(db, walk, limit, offset);
          const whole = await findCandidatePage(db, viewer, walk.where, limit, offset);
          if (walked.length === limit) {
            served++;
            t.same(walked, whole, `${member.username} ${query || 'defaults'} ${limit}@${offset}`);
          } else t.ok(walked.length < limit, 'a short walk is left to the whole-set query');
        }
        t.ok(served > 0 || exact < 40, `${member.username} ${query || 'defaults'}: the walk served ${served} pages`);
      }
    }
  });

  t.test('the count stops at the cap, and at the end of a deeper page', async (t) => {
    const [viewer] = viewers;
    const first = (await get(app, viewer, '/api/v1/profiles/?page_size=20')).json();
    t.equal(first.count, DISCOVERY_COUNT_CAP);
    t.equal(first.count_capped, true);
    t.equal(first.next, '/api/v1/profiles/?page=2&page_size=20');
    const deep = (await get(app, viewer, '/api/v1/profiles/?page=60&page_size=20')).json();
    t.equal(deep.count, 1200, 'counted to the end of page 60');
    t.equal(deep.count_capped, true);
    t.equal(deep.next, '/api/v1/profiles/?page=61&page_size=20');
    t.equal(deep.results.length, 20);
    const narrow = (await get(app, viewer, '/api/v1/profiles/?page_size=20&maxAge=30&maxDistance=50')).json();
    t.equal(narrow.count_capped, false, 'a set under the cap is counted exactly');
    t.ok(narrow.count < DISCOVERY_COUNT_CAP);
    t.equal(narrow.next, narrow.count > 20 ? '/api/v1/profiles/?maxAge=30&maxDistance=50&page=2&page_size=20' : null);
  });
});
