import type { FaceReader } from '../face-reader/face-reader.ts';
import { createScanGuide, type GuideSession, type GuideView } from './scan-guide.ts';

/** Frames are sent at most this size (the worker accepts 240–1280 px). */
const FRAME_MAX_SIDE = 640;

export const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The video's current picture, unmirrored, at most FRAME_MAX_SIDE, for the face reader: copied
 * by the browser off the main thread and handed over without another copy. Null while the
 * camera has no picture yet.
 */
async function grab(video: HTMLVideoElement | null): Promise<ImageBitmap | null> {
  if (!video || video.readyState < 2 || video.videoWidth === 0) return null;
  const scale = Math.min(1, FRAME_MAX_SIDE / Math.max(video.videoWidth, video.videoHeight));
  return createImageBitmap(video, {
    resizeWidth: Math.round(video.videoWidth * scale),
    resizeHeight: Math.round(video.videoHeight * scale),
    resizeQuality: 'medium',
  }).catch(() => null);
}

interface ReadStepsOptions {
  session: GuideSession;
  faces: FaceReader;
  video: () => HTMLVideoElement | null;
  /** False once this scan was cancelled, closed or restarted. */
  current: () => boolean;
  /** Each new view of the live guidance. */
  show: (view: GuideView) => void;
}

/** How often the guide is asked for a due nudge between readings (a reading can take seconds on a phone). */
const NUDGE_CHECK_MS = 500;

/**
 * Reads the camera picture by picture through the face reader and the guide until every step is
 * taken: the frames the guide kept (each encoded by the worker while the next picture is read),
 * or null when the scan stopped being current meanwhile. A nudge that falls due while no reading
 * comes back (no picture yet, a slow reading) is shown on time all the same.
 */
export async function readSteps({ session, faces, video, current, show }: ReadStepsOptions): Promise<Promise<string>[] | null> {
  const guide = createScanGuide(session, performance.now());
  show(guide.view());
  const nudges = setInterval(() => {
    if (current() && guide.tick(performance.now())) show(guide.view());
  }, NUDGE_CHECK_MS);
  try {
    return await readUntilDone(guide, { faces, video, current, show });
  } finally {
    clearInterval(nudges);
  }
}

async function readUntilDone(
  guide: ReturnType<typeof createScanGuide>,
  { faces, video, current, show }: Omit<ReadStepsOptions, 'session'>,
): Promise<Promise<string>[] | null> {
  const frames: Promise<string>[] = [];
  for (;;) {
    const picture = await grab(video());
    if (!current()) {
      picture?.close();
      return null;
    }
    if (!picture) {
      await delay(100);
      continue;
    }
    const reading = await faces.read(picture);
    if (!current()) return null;
    const decision = guide.next(reading, performance.now());
    show(guide.view());
    if (decision.keep) frames.push(faces.keep());
    if (decision.done) return frames;
  }
}
