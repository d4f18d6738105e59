import t from 'tap';
import { FACE_QUEUE_KEY, faceBody, faceCountText, faceDecidedSentence, FACE_OUTCOME_LABELS, withoutFace } from './face-review.ts';

t.test('the key asks the first page of the face queue', async (t) => {
  t.equal(FACE_QUEUE_KEY, '/moderation/faces/?limit=50');
});

t.test('the outcomes are said in words and the body is trimmed', async (t) => {
  t.equal(FACE_OUTCOME_LABELS.distinct, 'Different people: grant the badge');
  t.equal(FACE_OUTCOME_LABELS.same_person, 'Same person on two accounts: no badge');
  t.same(faceBody('distinct', '  twins \n'), { outcome: 'distinct', reason: 'twins' });
  t.match(faceDecidedSentence('ann', 'distinct'), /ann gets the badge/);
  t.match(faceDecidedSentence('ann', 'same_person'), /No badge/);
});

t.test('the count line', async (t) => {
  t.equal(faceCountText(0, false), 'No face matches are waiting.');
  t.equal(faceCountText(1, false), 'Showing 1 face match, all that are waiting.');
  t.equal(faceCountText(50, true), 'Showing the oldest 50 face matches; more are waiting.');
});

t.test('a decided print leaves the cached page', async (t) => {
  const item = (user_id: number) => ({ user_id, username: `u${user_id}`, photo1_url: null, matched: null, created_at: '', age_seconds: 0 });
  t.equal(withoutFace(undefined, 1), undefined);
  t.same(withoutFace({ items: [item(1), item(2)], next_cursor: null }, 1), { items: [item(2)], next_cursor: null });
});
