import t from 'tap';
import { PLACEHOLDER_PHOTO } from '@/config/paths.ts';
import {
  activityTime,
  displayName,
  matchCountText,
  matchPhoto,
  MATCHES_MESSAGES,
  nameWithAge,
  previewText,
  unreadBadge,
  unreadLabel,
  withoutMatch,
} from './matches-state.ts';

t.test('the count is singular for one match', async (t) => {
  t.equal(matchCountText(1), 'You have 1 match');
  t.equal(matchCountText(3), 'You have 3 matches');
  t.equal(matchCountText(0), 'You have 0 matches');
});

t.test('names, ages and photos', async (t) => {
  t.equal(displayName('sarah'), 'sarah');
  t.equal(displayName(''), 'Anonymous');
  t.equal(displayName('  '), 'Anonymous');
  t.equal(displayName(null), 'Anonymous');
  t.equal(nameWithAge('sarah', 30), 'sarah, 30');
  t.equal(nameWithAge(undefined, null), 'Anonymous');
  t.equal(matchPhoto('/media/1.jpg'), '/media/1.jpg');
  t.equal(matchPhoto(null), PLACEHOLDER_PHOTO);
  t.equal(matchPhoto(''), PLACEHOLDER_PHOTO);
});

t.test('removing a match from the list', async (t) => {
  const list = [{ match_id: 1 }, { match_id: 2 }];
  t.same(withoutMatch(list, 1), [{ match_id: 2 }]);
  t.same(withoutMatch(list, 9), list);
});

t.test('the spec strings', async (t) => {
  t.equal(MATCHES_MESSAGES.confirmTitle, 'Unlike and Remove Match?');
  t.equal(MATCHES_MESSAGES.confirmText, 'This will remove the match and all chat history. This action cannot be undone.');
  t.equal(MATCHES_MESSAGES.removed, 'Match removed successfully');
  t.equal(MATCHES_MESSAGES.removeFailed, 'Failed to remove match');
  t.equal(MATCHES_MESSAGES.tapToChat, 'Tap to chat');
  t.equal(MATCHES_MESSAGES.startSwiping, 'Start Swiping');
});

t.test('the preview of the newest message', async (t) => {
  const last = { id: 1, from_me: false, text: 'See you at 8', has_photo: false, sent_at: '2026-05-01T10:00:00.000Z' };
  t.equal(previewText(last), 'See you at 8');
  t.equal(previewText({ ...last, from_me: true }), 'You: See you at 8', 'mine says so');
  t.equal(previewText({ ...last, text: '', has_photo: true }), 'Photo', 'a photo without a caption');
  t.equal(previewText({ ...last, text: '', has_photo: true, from_me: true }), 'You: Photo');
  t.equal(previewText({ ...last, text: 'Look!', has_photo: true }), 'Look!', 'a caption speaks for its photo');
});

t.test('the unread badge and its words', async (t) => {
  t.equal(unreadBadge(0), null);
  t.equal(unreadBadge(3), '3');
  t.equal(unreadBadge(99), '99');
  t.equal(unreadBadge(100), '99+');
  t.equal(unreadLabel(1), '1 unread message');
  t.equal(unreadLabel(3), '3 unread messages');
  t.equal(unreadLabel(100), 'more than 99 unread messages');
});

t.test('when the last activity was', async (t) => {
  const now = new Date(2026, 4, 8, 15, 0);
  t.equal(activityTime(new Date(2026, 4, 8, 9, 5).toISOString(), now, 'en-GB'), '09:05', 'today: the time');
  t.equal(activityTime(new Date(2026, 4, 4, 9, 5).toISOString(), now, 'en-GB'), 'Mon', 'this week: the weekday');
  t.equal(activityTime(new Date(2026, 3, 20, 9, 5).toISOString(), now, 'en-GB'), '20 Apr', 'before: the date');
  t.equal(activityTime('not a date', now), '');
});
