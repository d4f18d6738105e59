import t from 'tap';
import { NOTE_MAX_LENGTH, NOTE_TOO_LONG } from '@contract/reports.ts';
import { ApiError, ERROR_MESSAGES } from '@/lib/api-errors.ts';
import { canSubmit, failureSentence, keyForSubmission, noteCount, reportBody } from './report-form.ts';

const target = { userId: 42, name: 'noah' };

t.test('the note count is the server measure: trimmed code points, 500 at most', async (t) => {
  t.same(noteCount(''), { used: 0, max: NOTE_MAX_LENGTH, over: false, text: '0 / 500' });
  t.equal(noteCount('  hi  ').text, '2 / 500', 'spaces around do not count');
  t.equal(noteCount('🙂'.repeat(500)).over, false, 'an emoji is one character');
  t.equal(noteCount('a'.repeat(501)).over, true);
  t.equal(noteCount(`${'a'.repeat(500)}\n\n`).over, false, 'trailing lines are trimmed away');
  t.equal(NOTE_TOO_LONG, 'A note can be at most 500 characters.');
});

t.test('submit needs a reason and a note that fits', async (t) => {
  t.notOk(canSubmit(null, ''));
  t.ok(canSubmit('scam_spam', ''));
  t.notOk(canSubmit('scam_spam', 'a'.repeat(501)));
});

t.test('the body: note trimmed or left out, message ids once each, at most 10', async (t) => {
  t.same(reportBody(target, 'other', '   '), { user_id: 42, category: 'other' }, 'a blank note is not sent');
  t.same(reportBody(target, 'harassment_hate', '  rude \n'), { user_id: 42, category: 'harassment_hate', note: 'rude' });
  t.same(reportBody({ ...target, messageIds: [7, 7, 9] }, 'money_request', ''), {
    user_id: 42,
    category: 'money_request',
    message_ids: [7, 9],
  });
  const many = Array.from({ length: 12 }, (_, i) => i + 1);
  t.equal(reportBody({ ...target, messageIds: many }, 'other', '').message_ids?.length, 10);
  t.notOk('message_ids' in reportBody({ ...target, messageIds: [] }, 'other', ''), 'no empty list');
});

t.test('one key per report, kept while the same report is retried', async (t) => {
  let n = 0;
  const fresh = () => `key-${++n}`;
  const body = reportBody(target, 'scam_spam', 'x');
  const first = keyForSubmission(null, body, fresh);
  t.equal(first.key, 'key-1');
  t.equal(keyForSubmission(first, reportBody(target, 'scam_spam', ' x '), fresh).key, 'key-1', 'the same report again: the same key');
  t.equal(
    keyForSubmission(first, reportBody(target, 'other', 'x'), fresh).key,
    'key-2',
    'another reason: a new key (the server refuses a reused key)',
  );
});

t.test("the dialog shows the server's sentence, else the shared wording", async (t) => {
  const limit = "You have reached today's limit of 10 reports. Please try again tomorrow.";
  t.equal(failureSentence(new ApiError(429, { detail: limit })), limit);
  t.equal(
    failureSentence(new ApiError(404, { detail: "That message isn't in your conversation with this member." })),
    "That message isn't in your conversation with this member.",
    "a 404's own words, not 'Resource not found.'",
  );
  t.equal(failureSentence(new ApiError(404, {})), ERROR_MESSAGES.notFound);
  t.equal(failureSentence(new ApiError(undefined, undefined)), ERROR_MESSAGES.network);
  t.equal(failureSentence(new ApiError(503, { detail: 'internal' })), ERROR_MESSAGES.server, 'no server internals');
  t.equal(failureSentence(new Error('boom')), ERROR_MESSAGES.generic);
});
