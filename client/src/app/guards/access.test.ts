import t from 'tap';
import { isAllowedWhileIncomplete } from './access.ts';

t.test('an incomplete profile reaches only /profile/edit, /home and /credits', async (t) => {
  t.ok(isAllowedWhileIncomplete('/home'));
  t.ok(isAllowedWhileIncomplete('/home/'));
  t.ok(isAllowedWhileIncomplete('/profile/edit'));
  t.ok(isAllowedWhileIncomplete('/credits'));
  for (const path of ['/profile', '/profile/12', '/likes', '/matches', '/chat/3', '/', '/moderationx', '/moderation-queue']) {
    t.notOk(isAllowedWhileIncomplete(path), path);
  }
});

t.test("the moderators' area is reached whatever the profile (its own guard decides who sees it)", async (t) => {
  for (const path of ['/moderation', '/moderation/', '/moderation/reports/7', '/moderation/anything']) {
    t.ok(isAllowedWhileIncomplete(path), path);
  }
});
