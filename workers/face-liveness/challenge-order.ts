/**
 * Whether the frames performed the challenge, in its order. The frames after the neutral one are
 * read as steps (or as nothing: neutral, on the way, or a movement the challenge did not ask for,
 * which is tolerated rather than punished), runs of the same step count once, and what remains
 * must be exactly the challenge. Coming back to neutral between steps is therefore allowed; doing
 * a later step early, or going back to an earlier one, is not. When the sequence goes wrong
 * because the expected step never shows at all, the member most likely did it too timidly, and
 * is told so rather than told about the order.
 */
import type { LivenessStepKind } from '../../server/contract/liveness.ts';

export type OrderVerdict = { ok: true } | { ok: false; code: 'wrong_order' | 'step_missed' };

/** `shown`: the step each frame after the neutral one shows, or null. */
export function followChallenge(shown: readonly (LivenessStepKind | null)[], challenge: readonly LivenessStepKind[]): OrderVerdict {
  let next = 0;
  let previous: LivenessStepKind | null = null;
  for (const step of shown) {
    if (step === null || !challenge.includes(step) || step === previous) continue;
    if (step !== challenge[next]) {
      const neverShown = next < challenge.length && !shown.includes(challenge[next]);
      return { ok: false, code: neverShown ? 'step_missed' : 'wrong_order' };
    }
    previous = step;
    next += 1;
  }
  return next === challenge.length ? { ok: true } : { ok: false, code: 'step_missed' };
}
