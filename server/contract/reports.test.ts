import t from 'tap';
import { MAX_MESSAGE_IDS, NOTE_MAX_LENGTH, noteLength, REPORT_CATEGORIES, REPORT_CATEGORY_LABELS } from './reports.ts';

t.test('nine categories, each with its words, in the form order', async (t) => {
  t.same(REPORT_CATEGORIES, [
    'fake_profile',
    'scam_spam',
    'money_request',
    'harassment_hate',
    'sexual_content',
    'underage',
    'off_platform',
    'violence_threats',
    'other',
  ]);
  t.same(Object.keys(REPORT_CATEGORY_LABELS), REPORT_CATEGORIES, 'the labels list the same codes in the same order');
  t.equal(REPORT_CATEGORY_LABELS.underage, 'Appears under 18');
  t.equal(new Set(Object.values(REPORT_CATEGORY_LABELS)).size, 9, 'no two alike');
});

t.test('a note is measured as the server measures it', async (t) => {
  t.equal(noteLength(''), 0);
  t.equal(noteLength('   \n '), 0, 'blank is nothing');
  t.equal(noteLength('  hello  '), 5, 'trimmed');
  t.equal(noteLength('👋🏽 hi'), 5, 'code points: an emoji with its skin tone is two');
  t.equal(noteLength('é'.repeat(NOTE_MAX_LENGTH)), NOTE_MAX_LENGTH);
  t.equal(MAX_MESSAGE_IDS, 10);
});
