import t from 'tap';
import { RESTRICTED_CODE as CONTRACT_CODE } from '@contract/restrictions.ts';
import { isRestrictedAnswer, reportRestricted, RESTRICTED_CODE, setRestrictedHandler } from './restriction.ts';

t.test("the code is the contract's", async (t) => {
  t.equal(RESTRICTED_CODE, CONTRACT_CODE);
});

t.test('only a 403 with the restricted code is a restriction', async (t) => {
  t.ok(isRestrictedAnswer(403, { error: 'x', detail: 'y', code: RESTRICTED_CODE }));
  t.notOk(isRestrictedAnswer(403, { error: 'Forbidden' }), 'an ordinary 403');
  t.notOk(isRestrictedAnswer(403, 'account_restricted'), 'a text body');
  t.notOk(isRestrictedAnswer(403, null));
  t.notOk(isRestrictedAnswer(401, { code: RESTRICTED_CODE }), 'another status');
  t.notOk(isRestrictedAnswer(undefined, undefined), 'no answer');
});

t.test('the registered handler is called', async (t) => {
  let calls = 0;
  setRestrictedHandler(() => (calls += 1));
  reportRestricted();
  t.equal(calls, 1);
});
