import t from 'tap';
import { verifiedTokens } from './verified-tokens.ts';

t.test('a token is verified once until it expires, a forged one every time', async (t) => {
  let clock = 1_000_000;
  const tokens = verifiedTokens<{ sid: string }>(2, () => clock);
  let verifies = 0;
  const verify = (token: string) => {
    verifies += 1;
    if (token.startsWith('forged')) throw new Error('bad signature');
    return { sid: token, exp: (clock + 60_000) / 1000 };
  };
  t.equal(tokens.claimsOf('a', verify).sid, 'a');
  t.equal(tokens.claimsOf('a', verify).sid, 'a');
  t.equal(verifies, 1, 'the second use is remembered');
  t.throws(() => tokens.claimsOf('forged', verify));
  t.throws(() => tokens.claimsOf('forged', verify));
  t.equal(verifies, 3, 'a forged token is never remembered');
  clock += 61_000;
  tokens.claimsOf('a', verify);
  t.equal(verifies, 4, 'past its expiry the token is verified again (and the verifier refuses an expired one)');
  tokens.claimsOf('b', verify);
  tokens.claimsOf('c', verify);
  tokens.claimsOf('a', verify);
  t.equal(verifies, 7, 'past its capacity it starts over');
});
