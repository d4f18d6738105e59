/**
 * The frames are checked as files before any face detection: the right number, each a JPEG of a
 * sensible size that actually decodes. Everything here is cheap (a decode of a small JPEG takes
 * milliseconds), and once it passes, an error from the detector is the machine's fault, not the
 * scan's, so the handler can retry it.
 */
import sharp from 'sharp';
import {
  LIVENESS_MAX_FRAME_BYTES,
  LIVENESS_MAX_FRAME_SIDE,
  LIVENESS_MAX_FRAMES,
  LIVENESS_MIN_FRAME_SIDE,
  LIVENESS_MIN_FRAMES,
} from '../../server/contract/liveness.ts';

const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);

async function isReadableFrame(frame: Buffer): Promise<boolean> {
  if (frame.length > LIVENESS_MAX_FRAME_BYTES || !frame.subarray(0, 3).equals(JPEG_MAGIC)) return false;
  try {
    const { format, width = 0, height = 0 } = await sharp(frame).metadata();
    const inRange = (side: number) => side >= LIVENESS_MIN_FRAME_SIDE && side <= LIVENESS_MAX_FRAME_SIDE;
    if (format !== 'jpeg' || !inRange(width) || !inRange(height)) return false;
    // The header can be fine and the data cut short: decode it all, as the detector will.
    await sharp(frame).raw().toBuffer();
    return true;
  } catch {
    return false;
  }
}

export async function frameProblem(frames: readonly Buffer[]): Promise<'incomplete_scan' | 'unreadable_frame' | null> {
  if (frames.length < LIVENESS_MIN_FRAMES || frames.length > LIVENESS_MAX_FRAMES) return 'incomplete_scan';
  for (const frame of frames) {
    if (!(await isReadableFrame(frame))) return 'unreadable_frame';
  }
  return null;
}
