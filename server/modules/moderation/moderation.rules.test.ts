/** The queue's pure judgements: the strike ladder, critical categories, a reporter's weight, the reason rule. */
import t from 'tap';
import { isCritical, isLowWeight, reasonText, recommendedResolution } from './moderation.rules.ts';

t.test('the strike ladder', async (t) => {
  const ladder = [0, 1, 2, 3, 4, 9].map((strikes) => recommendedResolution('harassment_hate', strikes));
  t.same(ladder, ['warning', 'suspend_3d', 'suspend_7d', 'suspend_30d', 'ban', 'ban'], '0 → warning ... 4+ → ban');
  const critical = [0, 1, 2, 3].map((strikes) => recommendedResolution('scam_spam', strikes));
  t.same(critical, ['suspend_7d', 'suspend_30d', 'ban', 'ban'], 'a critical category starts two rungs up');
  t.equal(recommendedResolution('violence_threats', 0), 'suspend_7d');
  t.equal(recommendedResolution('money_request', 0), 'suspend_7d');
  t.equal(recommendedResolution('underage', 0), 'ban', 'a member who appears under 18 is banned at once');
});

t.test('critical categories', async (t) => {
  t.same(
    [
      'underage',
      'violence_threats',
      'scam_spam',
      'money_request',
      'fake_profile',
      'harassment_hate',
      'sexual_content',
      'off_platform',
      'other',
    ].map(isCritical),
    [true, true, true, true, false, false, false, false, false],
  );
});

t.test("a reporter's weight: low from 5 resolved reports with 70% or more dismissed", async (t) => {
  const cases: Array<[number, number, boolean]> = [
    [0, 0, false],
    [4, 4, false], // too few resolved to judge
    [5, 3, false], // 60%
    [5, 4, true], // 80%
    [10, 7, true], // exactly 70%
    [10, 6, false],
    [100, 70, true],
    [100, 69, false],
  ];
  for (const [resolved, dismissed, low] of cases) t.equal(isLowWeight(resolved, dismissed), low, `${dismissed} of ${resolved} dismissed`);
});

t.test('the reason an action gives', async (t) => {
  t.same(reasonText('  Spam links.\nTwice.  '), { reason: 'Spam links.\nTwice.', problem: null });
  t.equal(reasonText('   ').problem, 'required');
  t.equal(reasonText('a\u0000b').problem, 'control');
  t.equal(reasonText('a\rb').problem, 'control');
  t.equal(reasonText('é'.repeat(1000)).problem, null, '1000 characters');
  t.equal(reasonText('😀'.repeat(1000)).problem, null, 'counted in code points');
  t.equal(reasonText('x'.repeat(1001)).problem, 'tooLong');
});
