/**
 * What one chat send costs the database, counted in writes to PostgreSQL's socket (each is a
 * round trip the event loop and a backend both pay for): the request itself (session check; begin,
 * the two locks, the insert with its event and the send allowance in one write; commit), then
 * the relay's pass and the notifications handler. Counted, not timed, so it holds on any machine;
 * it guards the hot path's shape (prepared statements, pipelining, one-statement relay passes)
 * against a change that quietly adds round trips.
 */
import t from 'tap';
import { buildTestApp } from '../../test/app.ts';
import { CHAT_WORKERS, chattingPair, sendMessage } from '../../test/chat.ts';
import { countDatabaseWrites, eventsSettled } from '../../test/database-writes.ts';
import { NOTIFICATION_SUBJECTS } from '../../../workers/notifications/handler.ts';

const SENDS = 20;
/**
 * Writes per send: 3 in the request (session check; begin with the locks, the insert with its
 * event and the allowance; commit), plus a margin for the pool connection that meets a statement
 * for the first time and prepares it (one write more). Before prepared statements and pipelining
 * the request took 14; 5 before BEGIN travelled with the first statements and the event with
 * the insert.
 */
const REQUEST_WRITES = 4;
/** And in all, with the relay's pass (1) and the handler's check and settlement (2, batched under load); 26 before. */
const TOTAL_WRITES = 8;

t.test('a chat send costs a handful of round trips to PostgreSQL', async (t) => {
  const { app, db, databaseUrl } = await buildTestApp(t, CHAT_WORKERS);
  // A message's events go to the notifications handler alone.
  const settled = () => eventsSettled(t, databaseUrl, [{ handler: 'notifications', subjects: NOTIFICATION_SUBJECTS }]);
  const { a, b, matchId } = await chattingPair(app, db);
  // Taking turns: each member stays within the send limit (30 per 10 s).
  const sender = (i: number) => (i % 2 === 0 ? a : b);
  // Warm up: every pool connection the sends use has prepared its statements once.
  for (let i = 0; i < SENDS; i += 1) await sendMessage(app, sender(i), matchId, { message: `warm-up ${i}` });
  await settled();

  const writes = countDatabaseWrites(t);

  let duringRequests = 0;
  for (let i = 0; i < SENDS; i += 1) {
    const before = writes.count;
    const response = await sendMessage(app, sender(i), matchId, { message: `message ${i}` });
    duringRequests += writes.count - before;
    t.equal(response.statusCode, 201);
    // Let the relay and the handler finish this one before the next send.
    await settled();
  }
  writes.stop();

  t.ok(duringRequests / SENDS <= REQUEST_WRITES, `request: ${duringRequests / SENDS} writes per send (at most ${REQUEST_WRITES})`);
  t.ok(writes.count / SENDS <= TOTAL_WRITES, `in all: ${writes.count / SENDS} writes per send (at most ${TOTAL_WRITES})`);
});
