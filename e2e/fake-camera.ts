/**
 * Videos for Chromium's fake camera (`--use-file-for-fake-video-capture`) in which the astronaut
 * of fixtures/images/astronaut.jpg looks ahead and then moves. The poses are the 2D transforms
 * the liveness worker's own tests use (workers/face-liveness/test-frames.ts): a tilt turns the
 * frame about the face, a turn bends the face around a cylinder, closer and farther are tighter
 * and looser crops.
 *
 * Chromium reads an .mjpeg file as JPEG frames back to back (no container), all the same size,
 * at 30 frames a second, and starts again from the first frame at the end. It reads the file
 * each time a capture starts, and a capture begins at the first frame: a test may write another
 * video into the same file before the next scan starts its camera.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LivenessStepKind } from '../server/contract/liveness.ts';
import { astronautFrame, type FramePose } from '../workers/face-liveness/test-frames.ts';

export const FAKE_CAMERA_FPS = 30;

/** Each movement a challenge can ask for, clearly past its threshold (docs/liveness.md). */
export const FAKE_CAMERA_POSES: Record<'neutral' | LivenessStepKind, FramePose> = {
  neutral: {},
  tilt_left: { tilt: 22 },
  tilt_right: { tilt: -22 },
  turn_left: { turn: 32 },
  turn_right: { turn: -32 },
  closer: { scale: 1.35 },
  farther: { scale: 0.74 },
};

export interface Segment {
  pose: 'neutral' | LivenessStepKind;
  seconds: number;
}

/**
 * Neutral, then every movement in turn: whatever challenge the server draws appears within one
 * 19 s loop. Held long enough for a few face readings each on a busy machine.
 */
export const EVERY_MOVEMENT: Segment[] = [
  { pose: 'neutral', seconds: 4 },
  ...(['tilt_left', 'tilt_right', 'turn_left', 'turn_right', 'closer', 'farther'] as const).map((pose) => ({ pose, seconds: 2.5 })),
];

/** A member who follows the prompts: looks ahead for `neutralSeconds`, then makes each step of `challenge` in order. */
export function following(
  challenge: readonly LivenessStepKind[],
  { neutralSeconds, stepSeconds }: { neutralSeconds: number; stepSeconds: number },
): Segment[] {
  return [{ pose: 'neutral', seconds: neutralSeconds }, ...challenge.map((pose) => ({ pose, seconds: stepSeconds }))];
}

/** A member who looks ahead and never moves. */
export const HOLDING_STILL: Segment[] = [{ pose: 'neutral', seconds: 2 }];

/** Writes the video of `segments` into `file` (replacing it). */
export async function writeCameraVideo(file: string, segments: readonly Segment[]): Promise<string> {
  const parts: Buffer[] = [];
  for (const segment of segments) {
    const frame = await astronautFrame({ ...FAKE_CAMERA_POSES[segment.pose], size: 480, quality: 85 });
    for (let i = 0; i < Math.round(segment.seconds * FAKE_CAMERA_FPS); i += 1) parts.push(frame);
  }
  await writeFile(file, Buffer.concat(parts));
  return file;
}

/** Writes the every-movement video into `dir` and answers its path. */
export const writeFakeCameraVideo = (dir: string) => writeCameraVideo(path.join(dir, 'face-scan.mjpeg'), EVERY_MOVEMENT);

/** The Chromium switches for a camera (and microphone) that need no prompt and play `video`. */
export const fakeCameraArgs = (video: string) => [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  `--use-file-for-fake-video-capture=${video}`,
];
