/**
 * The 68 landmarks and the identity descriptor of one detected face.
 *
 * face-api's own chain crops the face along the image axes, so a head tilted by 30° reaches the
 * recognition network tilted: on our test faces that alone moved a descriptor 0.6 away from the
 * same photo upright, as far as two different people. Here the face is turned upright first
 * (by the angle of the line between the eyes), its landmarks found again, and the descriptor
 * taken from the upright crop, as dlib, the network's origin, does. See docs/vision.md.
 */
import type * as tfjs from '@tensorflow/tfjs';
import type { FaceApi } from './face-models.ts';

export interface Point {
  x: number;
  y: number;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface FaceDescription {
  /** In pixels of the image the box refers to. */
  landmarks: Point[];
  descriptor: Float32Array;
  /** Head tilt in degrees (clockwise positive), from the eye line. */
  rollDegrees: number;
}

type Tf = typeof tfjs;
type Landmarks68 = InstanceType<FaceApi['FaceLandmarks68']>;

/** Below this tilt the upright pass changes nothing worth its cost. */
const MIN_ROLL_DEGREES = 3;
/** Grey fill for the corners a rotation uncovers, the least face-like value. */
const FILL = 128;
/** Longest side of the region turned upright; the face in it is then about 190 px wide. */
const MAX_UPRIGHT_SIDE = 384;

const mean = (points: Point[]): Point => ({
  x: points.reduce((sum, p) => sum + p.x, 0) / points.length,
  y: points.reduce((sum, p) => sum + p.y, 0) / points.length,
});

/** The box cut to the image, in whole pixels. */
function clip(box: Box, width: number, height: number): Box {
  const x = Math.max(0, Math.floor(box.x));
  const y = Math.max(0, Math.floor(box.y));
  const right = Math.min(width, Math.ceil(box.x + box.width));
  const bottom = Math.min(height, Math.ceil(box.y + box.height));
  return { x, y, width: Math.max(1, right - x), height: Math.max(1, bottom - y) };
}

/** Landmarks of the face in `box`, in the image's coordinates. */
async function landmarksIn(faceapi: FaceApi, tf: Tf, image: tfjs.Tensor3D, box: Box): Promise<Landmarks68> {
  const [height, width] = image.shape;
  const cut = clip(box, width, height);
  const crop = tf.slice3d(image, [cut.y, cut.x, 0], [cut.height, cut.width, 3]);
  try {
    const found = (await faceapi.nets.faceLandmark68Net.detectLandmarks(crop as never)) as Landmarks68;
    return found.shiftBy<Landmarks68>(cut.x, cut.y);
  } finally {
    crop.dispose();
  }
}

async function descriptorFrom(faceapi: FaceApi, image: tfjs.Tensor3D, landmarks: Landmarks68): Promise<Float32Array> {
  const aligned = landmarks.align(null, { useDlibAlignment: true });
  const [face] = await faceapi.extractFaceTensors(image as never, [aligned]);
  try {
    return (await faceapi.nets.faceRecognitionNet.computeFaceDescriptor(face)) as Float32Array;
  } finally {
    face.dispose();
  }
}

const eyeLineAngle = (landmarks: Point[]) => {
  const left = mean(landmarks.slice(36, 42));
  const right = mean(landmarks.slice(42, 48));
  return Math.atan2(right.y - left.y, right.x - left.x);
};

export async function describeFace(faceapi: FaceApi, tf: Tf, image: tfjs.Tensor3D, box: Box): Promise<FaceDescription> {
  const landmarks = await landmarksIn(faceapi, tf, image, box);
  const points = landmarks.positions.map((p) => ({ x: p.x, y: p.y }));
  const roll = eyeLineAngle(points);
  const rollDegrees = (roll * 180) / Math.PI;
  if (Math.abs(rollDegrees) < MIN_ROLL_DEGREES) {
    return { landmarks: points, descriptor: await descriptorFrom(faceapi, image, landmarks), rollDegrees };
  }

  // Turn a region around the face (twice its size, so the upright face stays inside) about the
  // face centre, then find the landmarks of the upright face and describe it. A large face is
  // scaled down first: the networks see 112 and 150 px faces, and turning a megapixel is slow.
  const [height, width] = image.shape;
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const side = 2 * Math.max(box.width, box.height);
  const region = clip({ x: centre.x - side / 2, y: centre.y - side / 2, width: side, height: side }, width, height);
  const scale = Math.min(1, MAX_UPRIGHT_SIDE / Math.max(region.width, region.height));
  const size: [number, number] = [Math.max(1, Math.round(region.height * scale)), Math.max(1, Math.round(region.width * scale))];
  const upright = tf.tidy(() => {
    const cut = tf.slice3d(image, [region.y, region.x, 0], [region.height, region.width, 3]).toFloat();
    const scaled = scale < 1 ? tf.image.resizeBilinear(cut, size) : cut;
    const pivot: [number, number] = [(centre.x - region.x) / region.width, (centre.y - region.y) / region.height];
    return tf.image.rotateWithOffset(scaled.expandDims(0) as tfjs.Tensor4D, roll, FILL, pivot).squeeze([0]) as tfjs.Tensor3D;
  });
  try {
    const uprightBox = {
      x: (box.x - region.x) * scale,
      y: (box.y - region.y) * scale,
      width: box.width * scale,
      height: box.height * scale,
    };
    const uprightLandmarks = await landmarksIn(faceapi, tf, upright, uprightBox);
    return { landmarks: points, descriptor: await descriptorFrom(faceapi, upright, uprightLandmarks), rollDegrees };
  } finally {
    upright.dispose();
  }
}
