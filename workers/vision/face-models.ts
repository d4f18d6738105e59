/**
 * @vladmandic/face-api with every network the face code uses, loaded once per process from the
 * weights shipped in its npm package (nothing is downloaded), on the shared wasm tfjs.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { wasmTf } from './tf-backend.ts';

export type FaceApi = typeof import('@vladmandic/face-api');

const require = createRequire(import.meta.url);
const MODEL_DIR = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');

let loaded: Promise<FaceApi> | null = null;

async function load(): Promise<FaceApi> {
  await wasmTf();
  const faceapi = (await import('@vladmandic/face-api/dist/face-api.node-wasm.js')) as unknown as FaceApi;
  await Promise.all([
    faceapi.nets.ssdMobilenetv1.loadFromDisk(MODEL_DIR),
    faceapi.nets.tinyFaceDetector.loadFromDisk(MODEL_DIR),
    faceapi.nets.faceLandmark68Net.loadFromDisk(MODEL_DIR),
    faceapi.nets.faceRecognitionNet.loadFromDisk(MODEL_DIR),
  ]);
  return faceapi;
}

/** The loaded library (about a second the first time, then immediate). */
export function faceModels(): Promise<FaceApi> {
  loaded ??= load().catch((error: unknown) => {
    // A failed load is retried by the next caller rather than cached as broken forever.
    loaded = null;
    throw error;
  });
  return loaded;
}
