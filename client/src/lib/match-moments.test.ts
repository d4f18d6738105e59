import t from 'tap';
import { type MatchMoment, MatchMomentQueue } from './match-moments.ts';

const moment = (matchId: number, username = `member${matchId}`): MatchMoment => ({
  matchId,
  peer: { profileId: matchId * 10, username, photoUrl: null },
});

t.test('one moment at a time, in the order they came, each once', async (t) => {
  const queue = new MatchMomentQueue();
  let changes = 0;
  const stop = queue.subscribe(() => changes++);
  queue.show(moment(1));
  queue.show(moment(2));
  queue.show(moment(1, 'again'));
  t.same(
    queue.current().map((m) => m.matchId),
    [1, 2],
    'a repeat (the push after the like) is not queued twice',
  );
  t.equal(queue.current()[0].peer.username, 'member1', 'the first one stays as it was');
  t.equal(changes, 2);
  queue.close(1);
  t.same(
    queue.current().map((m) => m.matchId),
    [2],
  );
  queue.show(moment(1));
  t.same(
    queue.current().map((m) => m.matchId),
    [2],
    'closed in this tab: a late check does not bring it back',
  );
  queue.close(2);
  queue.close(9);
  t.same(queue.current(), []);
  t.equal(changes, 4, 'closing something not queued changes nothing');
  stop();
  queue.show(moment(3));
  t.equal(changes, 4, 'unsubscribed');
});

t.test('clearing forgets the queue and what was closed', async (t) => {
  const queue = new MatchMomentQueue();
  queue.show(moment(1));
  queue.close(1);
  queue.show(moment(2));
  queue.clear();
  t.same(queue.current(), []);
  queue.show(moment(1));
  t.same(
    queue.current().map((m) => m.matchId),
    [1],
    'another member of the same tab may see match 1',
  );
});

t.test('a check asked for before the checker is there runs when it registers', async (t) => {
  const queue = new MatchMomentQueue();
  let checks = 0;
  queue.requestCheck();
  queue.requestCheck();
  const unregister = queue.registerChecker(() => checks++);
  t.equal(checks, 1, 'the waiting requests make one check');
  queue.requestCheck();
  t.equal(checks, 2, 'then each request checks');
  unregister();
  queue.requestCheck();
  t.equal(checks, 2, 'no checker: it waits');
  queue.registerChecker(() => checks++);
  t.equal(checks, 3);
});
