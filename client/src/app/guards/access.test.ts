import t from 'tap';
import { isAllowedWhileIncomplete } from './access.ts';

t.test('an incomplete profile reaches only /profile/edit, /home and /credits', async (t) => {
  t.ok(isAllowedWhileIncomplete('/home'));
  t.ok(isAllowedWhileIncomplete('/home/'));
  t.ok(isAllowedWhileIncomplete('/profile/edit'));
  t.ok(isAllowedWhileIncomplete('/credits'));
  for (const path of ['/profile', '/profile/12', '/likes', '/matches', '/chat/3', '/']) {
    t.notOk(isAllowedWhileIncomplete(path), path);
  }
});
