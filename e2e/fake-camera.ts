/**
 * A video for Chromium's fake camera (`--use-file-for-fake-video-capture`) in which the astronaut
 * of fixtures/images/astronaut.jpg looks ahead and then makes every movement a face scan can ask
 * for, so that whatever challenge the server draws, the browser's live guidance sees it. The
 * poses are the 2D transforms the liveness worker's own tests use (workers/face-liveness/
 * test-frames.ts): a tilt turns the frame about the face, a turn bends the face around a cylinder,
 * closer and farther are tighter and looser crops.
 *
 * Chromium reads an .mjpeg file as JPEG frames back to back (no container), all the same size,
 * at 30 frames a second, and starts again from the first frame at the end; a capture that starts
 * begins at the first frame, so the scan's neutral frame comes first.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { astronautFrame, type FramePose } from '../workers/face-liveness/test-frames.ts';

export const FAKE_CAMERA_FPS = 30;

/** Held long enough for a few face-api readings each on a busy machine. */
export const FAKE_CAMERA_SEGMENTS: Array<{ name: string; pose: FramePose; seconds: number }> = [
  { name: 'neutral', pose: {}, seconds: 4 },
  { name: 'tilt_left', pose: { tilt: 22 }, seconds: 2.5 },
  { name: 'tilt_right', pose: { tilt: -22 }, seconds: 2.5 },
  { name: 'turn_left', pose: { turn: 32 }, seconds: 2.5 },
  { name: 'turn_right', pose: { turn: -32 }, seconds: 2.5 },
  { name: 'closer', pose: { scale: 1.35 }, seconds: 2.5 },
  { name: 'farther', pose: { scale: 0.74 }, seconds: 2.5 },
];

/** Writes the video into `dir` and answers its path. */
export async function writeFakeCameraVideo(dir: string): Promise<string> {
  const parts: Buffer[] = [];
  for (const segment of FAKE_CAMERA_SEGMENTS) {
    const frame = await astronautFrame({ ...segment.pose, size: 480, quality: 85 });
    for (let i = 0; i < Math.round(segment.seconds * FAKE_CAMERA_FPS); i += 1) parts.push(frame);
  }
  const file = path.join(dir, 'face-scan.mjpeg');
  await writeFile(file, Buffer.concat(parts));
  return file;
}

/** The Chromium switches for a camera (and microphone) that need no prompt and play `video`. */
export const fakeCameraArgs = (video: string) => [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  `--use-file-for-fake-video-capture=${video}`,
];
