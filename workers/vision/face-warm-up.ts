/**
 * Loads the face models and runs each network once on a blank picture, so that the first face
 * scan after a process starts does not pay for it while the member waits: the first run of a
 * network on the wasm backend sets up its kernels and memory, and measured here the first
 * detection took about twice a later one (1.2 s against 0.5-0.6 s), on top of about 0.35 s of
 * loading. Run by the process entries that take face scans, once, at start.
 *
 * Each network's first run holds the thread for a while (seconds on a busy machine), so the
 * warm-up gives the event loop a turn between networks: requests, database probes and socket
 * pings that arrived meanwhile are served before the next one, instead of waiting for all five.
 */
import type * as tfjs from '@tensorflow/tfjs';
import { faceModels } from './face-models.ts';
import { wasmTf } from './tf-backend.ts';

/** Rotating a face upright is part of describing a tilted one (face-description.ts). */
const TILT_RADIANS = 0.3;

export async function warmFaceModels(): Promise<void> {
  const faceapi = await faceModels();
  const tf = await wasmTf();
  const picture = tf.zeros([480, 480, 3], 'int32') as tfjs.Tensor3D;
  const landmarkInput = tf.zeros([112, 112, 3], 'int32') as tfjs.Tensor3D;
  const faceInput = tf.zeros([150, 150, 3], 'float32') as tfjs.Tensor3D;
  const steps: Array<() => unknown> = [
    () => faceapi.detectAllFaces(picture as never, new faceapi.SsdMobilenetv1Options({ minConfidence: 0.5 })),
    () => faceapi.detectAllFaces(picture as never, new faceapi.TinyFaceDetectorOptions({ inputSize: 416, scoreThreshold: 0.4 })),
    () => faceapi.nets.faceLandmark68Net.detectLandmarks(landmarkInput as never),
    () => faceapi.nets.faceRecognitionNet.computeFaceDescriptor(faceInput as never),
    () => tf.tidy(() => tf.image.rotateWithOffset(picture.toFloat().expandDims(0) as tfjs.Tensor4D, TILT_RADIANS, 128)),
  ];
  try {
    for (const step of steps) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      await step();
    }
  } finally {
    picture.dispose();
    landmarkInput.dispose();
    faceInput.dispose();
  }
}
