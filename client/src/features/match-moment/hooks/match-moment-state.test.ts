import t from 'tap';
import { MATCH_MOMENT_MESSAGES, momentsFrom, momentText, momentTitle } from './match-moment-state.ts';

t.test('the words name the peer', async (t) => {
  t.equal(momentTitle('sara'), "It's a Match with sara!");
  t.equal(momentTitle(''), "It's a Match with this profile!");
  t.equal(momentTitle(null), "It's a Match with this profile!");
  t.equal(momentText('sara'), 'You and sara like each other.');
  t.equal(momentText(undefined), 'You and this member like each other.');
  t.equal(MATCH_MOMENT_MESSAGES.send, 'Send a message');
});

t.test('unseen matches become moments, in the order the server gives', async (t) => {
  const match = (id: number, username: string) => ({
    match_id: id,
    id: id * 10,
    user_id: id * 100,
    username,
    age: 30,
    verified: false,
    photo1_url: `/media/${id}.jpg`,
    created_at: '2026-05-01T10:00:00.000Z',
  });
  t.same(momentsFrom({ new_matches: [match(2, 'b'), match(1, 'a')] }), [
    { matchId: 2, peer: { profileId: 20, username: 'b', photoUrl: '/media/2.jpg' } },
    { matchId: 1, peer: { profileId: 10, username: 'a', photoUrl: '/media/1.jpg' } },
  ]);
  t.same(momentsFrom(undefined), []);
});
