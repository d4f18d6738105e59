/**
 * Faces in a photo, through @vladmandic/face-api on the wasm backend with the models shipped in
 * its npm package (nothing is downloaded). Two ways in:
 *
 * - `detect`: every face SSD MobileNet finds, each with its 68 landmarks and 128-number
 *   descriptor. What the liveness check builds on (head movement, same person across frames).
 *   Unfiltered: SSD also scores a cat's face 0.94, so nothing here says a detection is human.
 * - `findFaces`: the faces the photo rules count, fast and confirmed. The tiny detector looks
 *   first (about a fifth of SSD's time); only when it finds no face does SSD look, since it sees
 *   smaller and more tilted faces. Every candidate must then survive a second look at its own
 *   surroundings (face-confirmation.ts), which is what keeps cats and coins out. Landmarks and
 *   descriptor are computed only when asked for, for one face (`describe`).
 *
 * Both describe faces the same way (face-description.ts), so a descriptor from a liveness frame
 * and one from a profile photo can be compared. Measurements: docs/vision.md.
 */
import type * as tfjs from '@tensorflow/tfjs';
import { CONFIRMATION_MIN_SCORE, confirmFace } from './face-confirmation.ts';
import { type Box, describeFace, type Point } from './face-description.ts';
import { descriptorDistance } from './face-identity.ts';
import { type FaceApi, faceModels } from './face-models.ts';
import { decodeRaw, type ImageInput, type RawImage } from './raw-image.ts';
import { wasmTf } from './tf-backend.ts';

export type { Point } from './face-description.ts';
export { descriptorDistance };

export interface DetectedFace {
  /** Detector confidence, 0..1. */
  score: number;
  /** In pixels of the analysed image. */
  box: Box;
  /** The 68-point layout (jaw 0-16, brows 17-26, nose 27-35, eyes 36-47, mouth 48-67). */
  landmarks: Point[];
  /** Identity embedding; see face-identity.ts for what distance means the same person. */
  descriptor: Float32Array;
}

export interface FaceAnalysis {
  /** Size of the image the boxes and landmarks refer to (the input, scaled to fit 1024 px). */
  width: number;
  height: number;
  faces: DetectedFace[];
}

export interface DetectOptions {
  /** Faces below this detector confidence are ignored. */
  minConfidence?: number;
}

/** A face `findFaces` is sure of; no landmarks or descriptor yet (they cost about 50 ms). */
export interface FoundFace {
  /** The confidence of the detector that found it, 0..1. */
  score: number;
  /** The score of the second look that confirmed it, 0..1. */
  confirmation: number;
  /** Which detector found it: 'tiny' first, 'ssd' only when tiny found nothing. */
  detector: 'tiny' | 'ssd';
  /** In pixels of the analysed image. */
  box: Box;
}

export interface FaceSearch {
  width: number;
  height: number;
  /** Confirmed faces, largest first. */
  faces: FoundFace[];
  /** Landmarks and descriptor of one of `faces`. */
  describe(face: FoundFace): Promise<DetectedFace>;
}

export interface FaceDetector {
  detect(image: ImageInput, options?: DetectOptions): Promise<FaceAnalysis>;
  findFaces(image: ImageInput): Promise<FaceSearch>;
}

/** Detection works on ~512 px anyway; 1024 keeps enough pixels for landmarks and descriptors. */
export const ANALYSIS_SIDE = 1024;
const DEFAULT_MIN_CONFIDENCE = 0.5;
/** Candidate bars of the two detectors in `findFaces` (docs/vision.md, "Face detection"). */
export const TINY_MIN_SCORE = 0.4;
export const SSD_MIN_SCORE = 0.5;
const TINY_INPUT_SIZE = 416;

async function withTensor<T>(raw: RawImage, use: (tf: typeof tfjs, image: tfjs.Tensor3D) => Promise<T>): Promise<T> {
  const tf = await wasmTf();
  const image = tf.tensor3d(new Int32Array(raw.data), [raw.height, raw.width, 3], 'int32');
  try {
    return await use(tf, image);
  } finally {
    image.dispose();
  }
}

const plainBox = (box: Box): Box => ({ x: box.x, y: box.y, width: box.width, height: box.height });

/** Loads the models once per process (about a second), then detects on demand. */
export function createFaceDetector(): FaceDetector {
  return {
    async detect(image, options = {}) {
      const faceapi = await faceModels();
      const raw = await decodeRaw(image, ANALYSIS_SIDE);
      return withTensor(raw, async (tf, input) => {
        const minConfidence = options.minConfidence ?? DEFAULT_MIN_CONFIDENCE;
        const detections = await faceapi.detectAllFaces(input as never, new faceapi.SsdMobilenetv1Options({ minConfidence }));
        const faces: DetectedFace[] = [];
        for (const detection of detections) {
          const box = plainBox(detection.box);
          const { landmarks, descriptor } = await describeFace(faceapi, tf, input, box);
          faces.push({ score: detection.score, box, landmarks, descriptor });
        }
        return { width: raw.width, height: raw.height, faces };
      });
    },

    async findFaces(image) {
      const faceapi = await faceModels();
      const raw = await decodeRaw(image, ANALYSIS_SIDE);
      const faces = await withTensor(raw, async (tf, input) => {
        const confirmed = async (detector: FoundFace['detector'], options: Parameters<FaceApi['detectAllFaces']>[1]) => {
          const found: FoundFace[] = [];
          for (const detection of await faceapi.detectAllFaces(input as never, options)) {
            const box = plainBox(detection.box);
            const confirmation = await confirmFace(faceapi, tf, input, box);
            if (confirmation >= CONFIRMATION_MIN_SCORE) found.push({ score: detection.score, confirmation, detector, box });
          }
          return found;
        };
        const byTiny = await confirmed(
          'tiny',
          new faceapi.TinyFaceDetectorOptions({ inputSize: TINY_INPUT_SIZE, scoreThreshold: TINY_MIN_SCORE }),
        );
        return byTiny.length > 0 ? byTiny : confirmed('ssd', new faceapi.SsdMobilenetv1Options({ minConfidence: SSD_MIN_SCORE }));
      });
      faces.sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height);
      return {
        width: raw.width,
        height: raw.height,
        faces,
        describe: (face) =>
          withTensor(raw, async (tf, input) => {
            const { landmarks, descriptor } = await describeFace(faceapi, tf, input, face.box);
            return { score: face.score, box: face.box, landmarks, descriptor };
          }),
      };
    },
  };
}
