/**
 * The live guidance of a face scan as a pure state machine: readings of the camera go in, with
 * the time they were taken, and out come what the member is shown and which pictures to keep.
 * First a neutral picture (held still, level and frontal: two readings in a row that agree),
 * then each step of the challenge, one picture as soon as the movement clearly shows. When a
 * prompt has waited NUDGE_AFTER_MS without progress, a nudge says what is missing: a member who
 * holds still, or does not move far enough, would otherwise hear nothing until the session ends.
 * A camera that shows no face (or no picture at all) gets a nudge about light and the outline.
 * `tick` brings a nudge that is due even when no reading comes back (a slow or stuck reading).
 * The clock is the caller's, so the timing can be tested without waiting.
 */
import { LIVENESS_FAILURES, type LivenessStepKind } from '@contract/liveness.ts';
import { measurePose, movementFrom, type Pose } from '@contract/liveness-pose.ts';
import type { FaceReading } from '../face-reader/face-reader.ts';
import { isNeutral, showsStep } from './face-pose.ts';

/** A prompt without progress for this long gets a nudge. */
export const NUDGE_AFTER_MS = 5_000;
/** The neutral picture is taken once this many readings in a row agree (the member holds still). */
export const STEADY_READINGS = 2;

export const SCAN_HINTS = {
  noFace: 'Keep your whole face inside the outline.',
  severalFaces: LIVENESS_FAILURES.several_faces,
  notNeutral: LIVENESS_FAILURES.not_facing_camera,
} as const;

export const SCAN_NUDGES = {
  holdStill: 'Hold still',
  turn: 'Turn a little more',
  tilt: 'Tilt a little more',
  closer: 'Move a little closer',
  farther: 'Move a little farther away',
  /** No face (or no picture) for the whole wait: usually too dark, or out of the frame. */
  noFace: 'Make sure your face is well lit and inside the oval',
} as const;

const STEP_NUDGES: Record<LivenessStepKind, string> = {
  turn_left: SCAN_NUDGES.turn,
  turn_right: SCAN_NUDGES.turn,
  tilt_left: SCAN_NUDGES.tilt,
  tilt_right: SCAN_NUDGES.tilt,
  closer: SCAN_NUDGES.closer,
  farther: SCAN_NUDGES.farther,
};

export interface GuideSession {
  baselinePrompt: string;
  challenge: ReadonlyArray<{ step: LivenessStepKind; prompt: string }>;
}

/** What the member sees while the scan is guided. */
export interface GuideView {
  /** 'Look straight at the camera', then each step's prompt. */
  prompt: string;
  /** 0 while the neutral picture is awaited, then 1..steps. */
  step: number;
  steps: number;
  /** A problem with what the camera sees right now, or null. */
  hint: string | null;
  /** What to do differently, once a prompt has waited NUDGE_AFTER_MS; or null. */
  nudge: string | null;
}

export interface GuideDecision {
  /** Keep the picture just read: it is the neutral one or shows the current step. */
  keep: boolean;
  /** Every step has its picture. */
  done: boolean;
}

/** Two readings agree when the face kept its size and tilt: the member is holding still. */
const agree = (a: Pose, b: Pose) => Math.abs(movementFrom(a, b).scale - 1) < 0.05 && Math.abs(b.roll - a.roll) < 4;

export function createScanGuide(session: GuideSession, startedAt: number) {
  const steps = session.challenge;
  let neutral: Pose | null = null;
  let steady: Pose | null = null;
  let steadyCount = 0;
  /** Index of the step awaited (meaningful once `neutral` is set). */
  let step = 0;
  let progressAt = startedAt;
  /** The nudge for what the last reading showed (no reading yet: nothing seen, the light nudge). */
  let pendingNudge: string = SCAN_NUDGES.noFace;
  let view: GuideView = { prompt: session.baselinePrompt, step: 0, steps: steps.length, hint: null, nudge: null };

  const show = (next: Partial<GuideView>) => (view = { ...view, ...next });
  const nudgeDue = (now: number) => now - progressAt >= NUDGE_AFTER_MS;

  function progress(now: number): GuideDecision {
    progressAt = now;
    pendingNudge = step < steps.length ? STEP_NUDGES[steps[step].step] : SCAN_NUDGES.noFace;
    if (step >= steps.length) {
      show({ hint: null, nudge: null });
      return { keep: true, done: true };
    }
    show({ prompt: steps[step].prompt, step: step + 1, hint: null, nudge: null });
    return { keep: true, done: false };
  }

  /** No progress on this reading: the hint (or none) and, after a while, a nudge (null: none for this hint). */
  function wait(now: number, hint: string | null, nudge: string | null): GuideDecision {
    if (nudge !== null) pendingNudge = nudge;
    show({ hint, nudge: nudge !== null && nudgeDue(now) ? nudge : null });
    return { keep: false, done: false };
  }

  return {
    view: () => view,

    /** The time is `now` and no reading came: shows the nudge once due. True when the view changed. */
    tick(now: number): boolean {
      if (view.hint !== null && view.hint !== SCAN_HINTS.noFace) return false;
      if (!nudgeDue(now) || view.nudge === pendingNudge) return false;
      show({ nudge: pendingNudge });
      return true;
    },

    /** One reading of the camera (null when the reading failed), taken at `now` (ms). */
    next(reading: FaceReading | null, now: number): GuideDecision {
      const faces = reading?.faces ?? [];
      if (!reading || faces.length !== 1) {
        steadyCount = 0;
        if (faces.length > 1) return wait(now, SCAN_HINTS.severalFaces, null);
        return wait(now, SCAN_HINTS.noFace, SCAN_NUDGES.noFace);
      }
      const pose = measurePose(faces[0].landmarks, reading);
      if (neutral === null) {
        if (!isNeutral(pose)) {
          steadyCount = 0;
          return wait(now, SCAN_HINTS.notNeutral, null);
        }
        steadyCount = steady !== null && agree(steady, pose) ? steadyCount + 1 : 1;
        steady = pose;
        if (steadyCount < STEADY_READINGS) return wait(now, null, SCAN_NUDGES.holdStill);
        neutral = pose;
        return progress(now);
      }
      const kind = steps[step].step;
      if (!showsStep(kind, movementFrom(neutral, pose))) return wait(now, null, STEP_NUDGES[kind]);
      step += 1;
      return progress(now);
    },
  };
}
