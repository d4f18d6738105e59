import t from 'tap';
import { PLACEHOLDER_PHOTO } from '../../../config/paths.ts';
import { displayName, matchCountText, matchPhoto, MATCHES_MESSAGES, nameWithAge, withoutMatch } from './matches-state.ts';

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
