/**
 * What a like costs the database in its request, counted in writes to PostgreSQL's socket (each
 * a round trip): the session check, begin, both members' rows, then the pair lock with the block
 * check and both swipes read under it, the like, its event with the match, the match's event,
 * commit. Counted,
 * not timed, so it holds on any machine and guards the hot path's shape (prepared statements,
 * pipelining) against a change that quietly adds round trips.
 */
import t from 'tap';
import { CHAT_WORKERS } from '../../test/chat.ts';
import { buildTestApp } from '../../test/app.ts';
import { countDatabaseWrites, eventsSettled } from '../../test/database-writes.ts';
import { NOTIFICATION_SUBJECTS } from '../../../workers/notifications/handler.ts';
import { likeProfile, man, woman } from '../../test/members.ts';

/** Member pairs: the first few warm the pool's connections (each prepares a statement once). */
const WARM_UP = 10;
const MEASURED = 10;
/**
 * A like that makes no match: 6 writes (session check, begin with both members, the pair lock
 * with the block check and both swipes, the like, its event, commit), plus a margin of two: a
 * pool connection preparing a statement for the first time writes once more, and the relay's pass
 * for the like's own event can land before the answer is read. About 22 before prepared
 * statements and pipelining, 7 before BEGIN travelled with the first reads.
 */
const LIKE_WRITES = 8;
/** The like back: the same, with the match going out beside the like's event and its own event after (7), and the margin; 26 before. */
const MATCHING_LIKE_WRITES = 9;

t.test('a like and the like back that matches cost a handful of round trips', async (t) => {
  const { app, db, databaseUrl } = await buildTestApp(t, CHAT_WORKERS);
  // A like's and a match's events go to the notifications handler alone.
  const settled = () => eventsSettled(t, databaseUrl, [{ handler: 'notifications', subjects: NOTIFICATION_SUBJECTS }]);
  const pairs = [];
  for (let i = 0; i < WARM_UP + MEASURED; i += 1) pairs.push({ a: await man(app, db), b: await woman(app, db) });

  const writes = countDatabaseWrites(t);

  let first = 0;
  let back = 0;
  for (const [i, { a, b }] of pairs.entries()) {
    await settled();
    const before = writes.count;
    t.equal((await likeProfile(app, a, b.profileId)).statusCode, 200);
    const liked = writes.count;
    await settled();
    const between = writes.count;
    const answer = await likeProfile(app, b, a.profileId);
    t.equal(answer.json().match_created, true);
    if (i >= WARM_UP) {
      first += liked - before;
      back += writes.count - between;
    }
  }
  writes.stop();

  t.ok(first / MEASURED <= LIKE_WRITES, `a like: ${first / MEASURED} writes (at most ${LIKE_WRITES})`);
  t.ok(
    back / MEASURED <= MATCHING_LIKE_WRITES,
    `the like back, with the match: ${back / MEASURED} writes (at most ${MATCHING_LIKE_WRITES})`,
  );
});
