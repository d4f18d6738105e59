import t from 'tap';
import { type MatchesResult, type MatchItem, withChatRead, withoutMatch } from './matches.ts';

const item = (matchId: number, unread: number): MatchItem => ({
  match_id: matchId,
  id: matchId * 10,
  user_id: matchId * 100,
  username: `member${matchId}`,
  age: 30,
  verified: false,
  photo1_url: null,
  has_chat_payment: true,
  chats: 0,
  created_at: '2026-05-01T10:00:00.000Z',
  last_message: null,
  unread_count: unread,
  last_activity_at: '2026-05-01T10:00:00.000Z',
});

t.test('an ended match leaves the list at once, the rest in their order', async (t) => {
  const list: MatchesResult = { matches: [item(3, 0), item(2, 1), item(1, 0)] };
  t.same(
    withoutMatch(list, 2).matches.map((m) => m.match_id),
    [3, 1],
  );
  t.same(
    withoutMatch(list, 9).matches.map((m) => m.match_id),
    [3, 2, 1],
    'another match: nothing changes',
  );
  t.equal(list.matches.length, 3, 'the cached list itself is not changed');
});

t.test('a chat read to its newest message shows no unread count', async (t) => {
  const list: MatchesResult = { matches: [item(3, 4), item(2, 1)] };
  const read = withChatRead(list, 3);
  t.same(
    read.matches.map((m) => m.unread_count),
    [0, 1],
  );
  t.equal(read.matches[1], list.matches[1], 'the others are the same objects');
});
