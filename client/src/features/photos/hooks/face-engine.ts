/**
 * face-api in the browser, loaded only when the face scan opens: the library (with its bundled
 * TensorFlow.js) is a separate chunk fetched by this dynamic import, on the WebAssembly backend,
 * with the tiny face detector and the 68-point landmark model. The models and the backend's
 * .wasm files are copied into the app's own build (`/face-scan/`, see client/vite.config.ts), so
 * nothing is fetched from anywhere else.
 */
import type { Point } from '../../../../../server/contract/liveness-pose.ts';

/** Where the build puts the models and the wasm binaries. */
export const FACE_SCAN_ASSETS = '/face-scan';

export interface DetectedFace {
  landmarks: Point[];
  box: { x: number; y: number; width: number; height: number };
}

export interface FaceReading {
  /** Size of the picture the points refer to. */
  width: number;
  height: number;
  faces: DetectedFace[];
}

export interface FaceEngine {
  /** Faces in a still picture (a canvas holding one video frame). */
  read(picture: HTMLCanvasElement): Promise<FaceReading>;
}

interface WasmTf {
  setWasmPaths(prefix: string): void;
  setBackend(name: string): Promise<boolean>;
  ready(): Promise<void>;
}

let loading: Promise<FaceEngine> | null = null;

async function load(): Promise<FaceEngine> {
  const faceapi = await import('@vladmandic/face-api');
  const tf = faceapi.tf as unknown as WasmTf;
  tf.setWasmPaths(`${FACE_SCAN_ASSETS}/wasm/`);
  if (!(await tf.setBackend('wasm'))) throw new Error('The WebAssembly backend did not start');
  await tf.ready();
  await Promise.all([
    faceapi.nets.tinyFaceDetector.loadFromUri(`${FACE_SCAN_ASSETS}/models`),
    faceapi.nets.faceLandmark68Net.loadFromUri(`${FACE_SCAN_ASSETS}/models`),
  ]);
  const options = new faceapi.TinyFaceDetectorOptions({ inputSize: 320, scoreThreshold: 0.3 });
  return {
    async read(picture) {
      const results = await faceapi.detectAllFaces(picture, options).withFaceLandmarks();
      return {
        width: picture.width,
        height: picture.height,
        faces: results.map((result) => ({
          landmarks: result.landmarks.positions.map((p) => ({ x: p.x, y: p.y })),
          box: { x: result.detection.box.x, y: result.detection.box.y, width: result.detection.box.width, height: result.detection.box.height },
        })),
      };
    },
  };
}

/** The engine, loaded once per page; a failed load is tried again by the next scan. */
export function loadFaceEngine(): Promise<FaceEngine> {
  loading ??= load().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
