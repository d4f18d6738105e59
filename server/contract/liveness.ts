/**
 * The live face scan that photo 1 needs, as the browser, the server and the liveness worker must
 * agree on it: which movements can be asked for and how they are worded, how a challenge is
 * drawn, how many frames of what size a scan may hold, how long a session lives, what counts as
 * each movement, and the reasons a member is shown when a scan fails. Measurements behind the
 * numbers: docs/liveness.md.
 *
 * Directions are the member's own: "left" is their left. Frames travel as the camera sees them,
 * not mirrored the way a selfie preview usually is, so the member's left is on the image's right.
 */

/**
 * Movements a challenge can ask for. Each one is read from face-api's 68 landmarks: tilt from
 * the angle of the line through the eyes, turn from where the nose tip sits between the outer eye
 * corners, closer/farther from the eye-to-mouth distance. Values are stored with the session.
 */
export const LIVENESS_STEP_KINDS = ['tilt_left', 'tilt_right', 'turn_left', 'turn_right', 'closer', 'farther'] as const;
export type LivenessStepKind = (typeof LIVENESS_STEP_KINDS)[number];

/** What the member is asked to do before the first step: the neutral frame every step is measured from. */
export const LIVENESS_BASELINE_PROMPT = 'Look straight at the camera';

export const LIVENESS_STEP_PROMPTS: Record<LivenessStepKind, string> = {
  tilt_left: 'Tilt your head to the left',
  tilt_right: 'Tilt your head to the right',
  turn_left: 'Turn your head to the left',
  turn_right: 'Turn your head to the right',
  closer: 'Move your face closer',
  farther: 'Move your face farther away',
};

/** Steps per challenge: enough that a clip recorded in advance rarely fits, short enough to finish in seconds. */
export const LIVENESS_STEP_COUNT = 3;
/** The client captures one frame per step once it sees the movement, and may add one more (for example back at neutral). */
export const LIVENESS_MAX_FRAMES_PER_STEP = 2;
/** The neutral frame, then at least one frame per step. */
export const LIVENESS_MIN_FRAMES = 1 + LIVENESS_STEP_COUNT;
/** Each frame costs the worker about half a second of face detection, so a scan stays small. */
export const LIVENESS_MAX_FRAMES = 1 + LIVENESS_STEP_COUNT * LIVENESS_MAX_FRAMES_PER_STEP;
/** A 640 px JPEG at ordinary quality is 30–80 KB; this leaves room without inviting photos. */
export const LIVENESS_MAX_FRAME_BYTES = 300_000;
/** Below this a face is too few pixels for reliable landmarks; above it the frame is not "small". */
export const LIVENESS_MIN_FRAME_SIDE = 240;
export const LIVENESS_MAX_FRAME_SIDE = 1280;
/** Frames are JPEGs (what every browser's canvas can encode). */
export const LIVENESS_FRAME_TYPE = 'image/jpeg';
/**
 * From GET config to POST verify. A scan takes well under a minute; the rest is slack for a slow
 * upload. The server refuses older or reused sessions (this module has no clock).
 */
export const LIVENESS_SESSION_LIFETIME_MS = 150_000;

/**
 * How far a frame must move from the neutral frame to count as a step; measured on real
 * inference in docs/liveness.md. The client should wait for clearly more than these before it
 * captures, so that a frame near the edge on the device is not refused by the worker.
 */
export const LIVENESS_THRESHOLDS = {
  /** Change of the eye-line angle, degrees. */
  tiltDegrees: 12,
  /**
   * Change of the nose tip's position between the outer eye corners, as a fraction of half their
   * distance (0 centred, ±1 on a corner). About 0.6 × tan(turn angle) on an average head.
   */
  turnRatio: 0.15,
  /** Eye-to-mouth distance relative to the neutral frame; moving back must shrink it by the same factor. */
  closerScale: 1.2,
  /** The neutral frame must be roughly level and frontal: every step is measured from it. */
  neutralMaxTiltDegrees: 15,
  neutralMaxTurnRatio: 0.25,
} as const;

/**
 * Why a scan failed, worded for the member. The worker (and the server, for `session_expired`)
 * stores the code and shows the message; nothing else invents liveness wording.
 */
export const LIVENESS_FAILURES = {
  session_expired: 'This face scan has expired. Please start a new one.',
  incomplete_scan: 'The face scan was cut short. Please start again and follow every prompt.',
  unreadable_frame: 'Part of the face scan could not be read. Please try again.',
  replayed_frames: 'The face scan must come live from your camera. Please try again.',
  no_face: 'We could not see your face all the way through. Keep your whole face in view, in good light.',
  several_faces: 'More than one face was in view. Make sure you are alone in front of the camera.',
  not_facing_camera: 'Start the scan looking straight at the camera, with your head level.',
  different_person: 'The whole face scan must show the same person. Please do every step yourself.',
  no_movement: 'We could not see you move. Use your live camera, not a photo, and follow each prompt.',
  wrong_order: 'The movements were done in a different order. Follow the prompts one at a time, as they appear.',
  step_missed: 'We did not see every movement. Make each one clearly and hold it until the next prompt appears.',
} as const;
export type LivenessFailureCode = keyof typeof LIVENESS_FAILURES;

/**
 * Draws a challenge: LIVENESS_STEP_COUNT different movements in random order (so no step
 * repeats, and none follows itself). `random` returns numbers in [0, 1) like Math.random; the
 * server passes a cryptographic source, tests a seeded one.
 */
export function createChallenge(random: () => number): LivenessStepKind[] {
  const pool = [...LIVENESS_STEP_KINDS];
  const steps: LivenessStepKind[] = [];
  while (steps.length < LIVENESS_STEP_COUNT) {
    // Clamped so a source that returns exactly 1 cannot index past the end.
    const index = Math.min(pool.length - 1, Math.floor(random() * pool.length));
    steps.push(pool.splice(index, 1)[0]);
  }
  return steps;
}

/** For a challenge read back from storage or an event: the right length, known kinds, no repeats. */
export function isLivenessChallenge(value: unknown): value is LivenessStepKind[] {
  return (
    Array.isArray(value) &&
    value.length === LIVENESS_STEP_COUNT &&
    value.every((step) => (LIVENESS_STEP_KINDS as readonly unknown[]).includes(step)) &&
    new Set(value).size === value.length
  );
}
