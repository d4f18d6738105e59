import t from 'tap';
import { isAllowedWhileIncomplete } from './access.ts';

t.test('an incomplete profile reaches only /profile/edit and /home', async (t) => {
  t.ok(isAllowedWhileIncomplete('/home'));
  t.ok(isAllowedWhileIncomplete('/home/'));
  t.ok(isAllowedWhileIncomplete('/profile/edit'));
  for (const path of ['/profile', '/profile/12', '/likes', '/matches', '/chat/3', '/credits', '/']) {
    t.notOk(isAllowedWhileIncomplete(path), path);
  }
});
