import t from 'tap';
import { apiPaths } from './paths.ts';

t.test('list and block paths', async (t) => {
  t.equal(apiPaths.likesReceived, '/match/likes_received/');
  t.equal(apiPaths.likesSent, '/match/likes_sent/');
  t.equal(apiPaths.matches, '/match/matches/');
  t.equal(apiPaths.blocked, '/blocked/');
  t.equal(apiPaths.block(7), '/block/7/');
  t.equal(apiPaths.unblock(7), '/block/7/unblock/');
  t.equal(apiPaths.like, '/match/like/');
});

t.test('profile paths', async (t) => {
  t.equal(apiPaths.profileUpdate, '/profile_update/');
  t.equal(apiPaths.completeness, '/profile/completeness/');
  t.equal(apiPaths.deleteProfile, '/profile/delete/');
  t.equal(apiPaths.myProfile, '/my_profile/');
});
