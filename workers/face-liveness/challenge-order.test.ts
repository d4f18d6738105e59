import t from 'tap';
import type { LivenessStepKind } from '../../server/contract/liveness.ts';
import { followChallenge } from './challenge-order.ts';

const challenge: LivenessStepKind[] = ['tilt_left', 'closer', 'turn_right'];

t.test('the steps in order pass, with neutral frames and held steps in between', async (t) => {
  t.same(followChallenge(['tilt_left', 'closer', 'turn_right'], challenge), { ok: true });
  t.same(followChallenge(['tilt_left', 'tilt_left', null, 'closer', null, 'turn_right', 'turn_right'], challenge), { ok: true });
  t.same(
    followChallenge([null, 'tilt_left', null, 'tilt_left', 'closer', 'turn_right'], challenge),
    { ok: true },
    'back to neutral then the same step again',
  );
});

t.test('a movement the challenge did not ask for is ignored', async (t) => {
  t.same(followChallenge(['tilt_left', 'farther', 'closer', 'turn_left', 'turn_right'], challenge), { ok: true });
});

t.test('a later step first, or an earlier one again, is the wrong order', async (t) => {
  t.same(followChallenge(['closer', 'tilt_left', 'turn_right'], challenge), { ok: false, code: 'wrong_order' });
  t.same(followChallenge(['tilt_left', 'turn_right', 'closer'], challenge), { ok: false, code: 'wrong_order' });
  t.same(followChallenge(['tilt_left', 'closer', 'tilt_left', 'turn_right'], challenge), { ok: false, code: 'wrong_order' });
  t.same(
    followChallenge(['tilt_left', 'closer', 'turn_right', 'closer'], challenge),
    { ok: false, code: 'wrong_order' },
    'even after the last step',
  );
});

t.test('a step never shown is missed, even when the next ones follow', async (t) => {
  t.same(followChallenge([null, 'closer', 'turn_right'], challenge), { ok: false, code: 'step_missed' }, 'the tilt was too small to read');
  t.same(followChallenge(['tilt_left', 'turn_right'], challenge), { ok: false, code: 'step_missed' });
  t.same(followChallenge(['tilt_left', 'closer'], challenge), { ok: false, code: 'step_missed' });
  t.same(followChallenge([null, null, null], challenge), { ok: false, code: 'step_missed' });
  t.same(followChallenge([], challenge), { ok: false, code: 'step_missed' });
});
