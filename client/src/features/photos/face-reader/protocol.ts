/**
 * The messages between the page and the face reader's worker. The page sends a picture of the
 * camera to read, and asks for the last picture read as a JPEG when it is worth keeping; the
 * worker answers each request with the same id, in order.
 */
import type { Point } from '@contract/liveness-pose.ts';

export interface DetectedFace {
  landmarks: Point[];
  box: { x: number; y: number; width: number; height: number };
}

export interface FaceReading {
  /** Size of the picture the points refer to (the reading size, not the camera's). */
  width: number;
  height: number;
  faces: DetectedFace[];
}

export type ReaderRequest =
  /** Read the faces in this picture, and remember it as the last picture read. */
  | { type: 'read'; id: number; picture: ImageBitmap }
  /** The last picture read, at its own size, as a base64 JPEG (no data: prefix). */
  | { type: 'keep'; id: number };

export type ReaderReply =
  /** One more part of the loading is done (`done` of `total`: the backend, each network, the warm-up). */
  | { type: 'progress'; done: number; total: number }
  /** The models are loaded and warmed: readings from now on take their usual time. */
  | { type: 'ready' }
  | { type: 'reading'; id: number; reading: FaceReading }
  | { type: 'kept'; id: number; jpeg: string }
  | { type: 'failed'; id: number | null; message: string };
