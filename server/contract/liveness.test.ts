import fc from 'fast-check';
import t from 'tap';
import {
  createChallenge,
  isLivenessChallenge,
  LIVENESS_FAILURES,
  LIVENESS_MAX_FRAMES,
  LIVENESS_MIN_FRAMES,
  LIVENESS_SESSION_LIFETIME_MS,
  LIVENESS_STEP_COUNT,
  LIVENESS_STEP_KINDS,
  LIVENESS_STEP_PROMPTS,
  type LivenessStepKind,
} from './liveness.ts';

/** A small deterministic generator (mulberry32), so a seed always draws the same challenge. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x ^= x + Math.imul(x ^ (x >>> 7), 61 | x);
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

t.test('a challenge is three different known steps, the same for the same randomness', async (t) => {
  fc.assert(
    fc.property(fc.integer(), (seed) => {
      const steps = createChallenge(seeded(seed));
      return (
        steps.length === LIVENESS_STEP_COUNT &&
        new Set(steps).size === steps.length &&
        steps.every((step) => LIVENESS_STEP_KINDS.includes(step)) &&
        JSON.stringify(createChallenge(seeded(seed))) === JSON.stringify(steps) &&
        isLivenessChallenge(steps)
      );
    }),
  );
  t.pass('held for every sampled seed');
});

t.test('the randomness decides the steps and their order', async (t) => {
  t.same(
    createChallenge(() => 0),
    ['tilt_left', 'tilt_right', 'turn_left'],
  );
  // 0.9999 always takes the last remaining kind.
  t.same(
    createChallenge(() => 0.9999),
    ['farther', 'closer', 'turn_right'],
  );
  t.same(
    createChallenge(() => 1),
    ['farther', 'closer', 'turn_right'],
    'a source returning 1 stays in range',
  );
});

t.test('every kind is drawn, in every position, with no immediate repeat', async (t) => {
  const random = seeded(42);
  const seen = new Set<string>();
  for (let i = 0; i < 2000; i += 1) {
    const steps = createChallenge(random);
    steps.forEach((step, position) => seen.add(`${position}:${step}`));
    for (let k = 1; k < steps.length; k += 1) {
      if (steps[k] === steps[k - 1]) t.fail(`repeat in ${steps.join(',')}`);
    }
  }
  t.equal(seen.size, LIVENESS_STEP_KINDS.length * LIVENESS_STEP_COUNT);
});

t.test('a stored challenge is checked before use', async (t) => {
  t.ok(isLivenessChallenge(['closer', 'tilt_left', 'turn_right']));
  t.notOk(isLivenessChallenge(['closer', 'closer', 'turn_right']), 'a repeat');
  t.notOk(isLivenessChallenge(['closer', 'tilt_left']), 'too short');
  t.notOk(isLivenessChallenge(['closer', 'tilt_left', 'nod']), 'an unknown step');
  t.notOk(isLivenessChallenge('closer,tilt_left,turn_right'), 'not a list');
  t.notOk(isLivenessChallenge(null));
});

t.test('wording and limits', async (t) => {
  for (const kind of LIVENESS_STEP_KINDS) {
    const prompt = LIVENESS_STEP_PROMPTS[kind as LivenessStepKind];
    t.ok(prompt.length > 0 && prompt.length <= 40, `${kind}: a short prompt`);
  }
  t.equal(new Set(Object.values(LIVENESS_STEP_PROMPTS)).size, LIVENESS_STEP_KINDS.length, 'every prompt differs');
  for (const [code, reason] of Object.entries(LIVENESS_FAILURES)) {
    t.match(reason, /^[A-Z].*\.$/, `${code}: a sentence`);
    t.ok(reason.length <= 120, `${code}: short enough for a toast`);
  }
  t.equal(LIVENESS_MIN_FRAMES, 4);
  t.equal(LIVENESS_MAX_FRAMES, 7);
  t.ok(LIVENESS_SESSION_LIFETIME_MS >= 120_000 && LIVENESS_SESSION_LIFETIME_MS <= 180_000, 'two to three minutes');
});
