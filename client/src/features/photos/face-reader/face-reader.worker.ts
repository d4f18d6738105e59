/**
 * The face reader, in a dedicated worker so that face detection never holds the page's main
 * thread: face-api with its bundled TensorFlow.js on the WebAssembly backend, the tiny face
 * detector and the 68-point landmarks, loaded from this app's own origin (`/face-scan/`, copied
 * there by the build). It reads each picture at READ_SIDE, which is all the detector looks at,
 * and keeps the last picture at the size it came in, so the frame sent for verification is the
 * very picture that was read.
 */
import * as faceapi from '@vladmandic/face-api';
import type { ReaderReply, ReaderRequest } from './protocol.ts';

/** Where the build puts the models and the wasm binaries. */
const ASSETS = '/face-scan';
/**
 * The picture is read at this longer side: the detector works at 320 px whatever it is given
 * (input 320 kept tilted faces in view where 416 lost some), and the face it finds is still
 * more pixels than the landmark model's 112 px input, so a bigger picture would only cost time.
 */
const READ_SIDE = 320;
/** Score 0.3 keeps faces tilted 22-25° that 0.45 lost (measured on the test frames). */
const DETECTOR = new faceapi.TinyFaceDetectorOptions({ inputSize: 320, scoreThreshold: 0.3 });
const FRAME_QUALITY = 0.85;

interface WorkerScope {
  onmessage: ((event: MessageEvent<ReaderRequest>) => void) | null;
  postMessage(message: ReaderReply): void;
}
const scope = self as unknown as WorkerScope;
const reply = (message: ReaderReply) => scope.postMessage(message);

interface WasmTf {
  setWasmPaths(prefix: string): void;
  setBackend(name: string): Promise<boolean>;
  ready(): Promise<void>;
}

/**
 * face-api looks for a page (document, HTMLCanvasElement...) or Node, and a worker is neither; it
 * only needs these to fetch its weights and to read a canvas, and is handed tensors here.
 */
function workerEnvironment() {
  const none = class {};
  faceapi.env.setEnv({
    Canvas: OffscreenCanvas,
    CanvasRenderingContext2D: OffscreenCanvasRenderingContext2D,
    Image: none,
    ImageData,
    Video: none,
    createCanvasElement: () => new OffscreenCanvas(1, 1),
    createImageElement: () => {
      throw new Error('no images in the face reader');
    },
    createVideoElement: () => {
      throw new Error('no video in the face reader');
    },
    fetch: (url: string, init?: RequestInit) => fetch(url, init),
    readFile: () => {
      throw new Error('no files in the face reader');
    },
  } as unknown as Parameters<typeof faceapi.env.setEnv>[0]);
}

/** The parts of loading reported to the page: the backend, the two networks, the warm-up. */
const LOAD_PARTS = 4;
let partsDone = 0;
const partDone = () => reply({ type: 'progress', done: ++partsDone, total: LOAD_PARTS });

async function load(): Promise<void> {
  workerEnvironment();
  const tf = faceapi.tf as unknown as WasmTf;
  tf.setWasmPaths(`${ASSETS}/wasm/`);
  if (!(await tf.setBackend('wasm'))) throw new Error('The WebAssembly backend did not start');
  await tf.ready();
  partDone();
  await Promise.all([
    faceapi.nets.tinyFaceDetector.loadFromUri(`${ASSETS}/models`).then(partDone),
    faceapi.nets.faceLandmark68Net.loadFromUri(`${ASSETS}/models`).then(partDone),
  ]);
  // The first run of each network sets up its kernels and memory, which takes several times a
  // usual reading: done now, while the camera starts, instead of on the member's first pose.
  const blank = faceapi.tf.zeros([240, READ_SIDE, 3], 'int32');
  const face = faceapi.tf.zeros([112, 112, 3], 'int32');
  try {
    await faceapi.detectAllFaces(blank as never, DETECTOR);
    await faceapi.nets.faceLandmark68Net.detectLandmarks(face as never);
  } finally {
    blank.dispose();
    face.dispose();
  }
  partDone();
}

/** The last picture read, kept until the next one arrives. */
let last: ImageBitmap | null = null;
let readCanvas: OffscreenCanvas | null = null;

async function read(picture: ImageBitmap) {
  last?.close();
  last = picture;
  const scale = Math.min(1, READ_SIDE / Math.max(picture.width, picture.height));
  const width = Math.round(picture.width * scale);
  const height = Math.round(picture.height * scale);
  if (!readCanvas || readCanvas.width !== width || readCanvas.height !== height) readCanvas = new OffscreenCanvas(width, height);
  const context = readCanvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('No 2D context in the face reader');
  context.drawImage(picture, 0, 0, width, height);
  const pixels = faceapi.tf.browser.fromPixels(context.getImageData(0, 0, width, height));
  try {
    const results = await faceapi.detectAllFaces(pixels as never, DETECTOR).withFaceLandmarks();
    return {
      width,
      height,
      faces: results.map((result) => ({
        landmarks: result.landmarks.positions.map((p) => ({ x: p.x, y: p.y })),
        box: {
          x: result.detection.box.x,
          y: result.detection.box.y,
          width: result.detection.box.width,
          height: result.detection.box.height,
        },
      })),
    };
  } finally {
    pixels.dispose();
  }
}

async function keep(): Promise<string> {
  if (!last) throw new Error('No picture was read yet');
  const canvas = new OffscreenCanvas(last.width, last.height);
  canvas.getContext('2d')?.drawImage(last, 0, 0);
  const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: FRAME_QUALITY });
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

const loaded = load();
loaded.then(
  () => reply({ type: 'ready' }),
  (error: unknown) => reply({ type: 'failed', id: null, message: String(error) }),
);

// One request at a time, in the order sent: a 'keep' always refers to the reading before it.
let queue: Promise<unknown> = loaded;
scope.onmessage = (event) => {
  const request = event.data;
  queue = queue
    .then(async () => {
      if (request.type === 'read') reply({ type: 'reading', id: request.id, reading: await read(request.picture) });
      else reply({ type: 'kept', id: request.id, jpeg: await keep() });
    })
    .catch((error: unknown) => reply({ type: 'failed', id: request.id, message: String(error) }));
};
