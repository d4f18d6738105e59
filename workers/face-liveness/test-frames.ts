/**
 * Test-only: camera frames made from still photos, posed with 2D transforms. A tilt is the frame
 * turned about the face (what a head roll is on camera), closer and farther are tighter and
 * looser crops, and a turn bends the face as if painted on a vertical cylinder a little wider
 * than the face, which moves the nose tip across the face the way turning a head does (a flat
 * squeeze does not). A flat picture turned in perspective is here too, as the attack a turn step
 * should resist. Frames are 480 px JPEGs, as the browser sends.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import type { FaceAnalysis, FaceDetector } from '../vision/face-detector.ts';

export interface FramePose {
  /** Degrees toward the member's left (clockwise on the image). */
  tilt?: number;
  /** Apparent size of the face, 1 = neutral. */
  scale?: number;
  /** Degrees toward the member's left, on the cylinder model. */
  turn?: number;
  /** Degrees a flat print of the face is turned about its vertical axis, seen from `printDistance`. */
  flatTurn?: number;
  /** Camera-to-print distance for `flatTurn`, in source pixels (the face is about 85 px wide). */
  printDistance?: number;
  /** Shift of the camera, in source pixels. */
  shift?: number;
  quality?: number;
  size?: number;
}

interface Raw {
  data: Buffer;
  width: number;
  height: number;
}

/** The edges are repeated outward so that tilted and loose crops never reach past the photo. */
const PAD = 256;
/** The photos and where their face is, from a detection on the original. */
const SOURCES = {
  astronaut: { file: 'astronaut.jpg', face: { x: 222, y: 125 }, crop: 240, headRadius: 55 },
  cameraMan: { file: 'camera.png', face: { x: 228, y: 159 }, crop: 230, headRadius: 36 },
};
type SourceName = keyof typeof SOURCES;

const decoded = new Map<SourceName, Promise<Raw>>();

function source(name: SourceName): Promise<Raw> {
  if (!decoded.has(name)) {
    const bytes = readFileSync(new URL(`../../fixtures/images/${SOURCES[name].file}`, import.meta.url));
    decoded.set(
      name,
      sharp(bytes)
        .removeAlpha()
        .toColourspace('srgb')
        .extend({ top: PAD, bottom: PAD, left: PAD, right: PAD, extendWith: 'copy' })
        .raw()
        .toBuffer({ resolveWithObject: true })
        .then(({ data, info }) => ({ data, width: info.width, height: info.height })),
    );
  }
  return decoded.get(name)!;
}

/** Each output column takes its pixels from the source column `from(x)`. */
function remapColumns(image: Raw, from: (x: number) => number): Raw {
  const data = Buffer.alloc(image.data.length);
  for (let x = 0; x < image.width; x += 1) {
    const sx = Math.max(0, Math.min(image.width - 1, Math.round(from(x))));
    for (let y = 0; y < image.height; y += 1) {
      const o = (y * image.width + x) * 3;
      const i = (y * image.width + sx) * 3;
      data[o] = image.data[i];
      data[o + 1] = image.data[i + 1];
      data[o + 2] = image.data[i + 2];
    }
  }
  return { ...image, data };
}

/** A point at angle a on a cylinder of radius r shows at r·sin(a); turned by φ it shows at r·sin(a + φ). */
function cylinderTurn(image: Raw, axis: number, radius: number, degrees: number): Raw {
  const phi = (degrees * Math.PI) / 180;
  return remapColumns(image, (x) => {
    const shown = x - axis;
    if (Math.abs(shown) >= radius) return x;
    const angle = Math.max(-Math.PI / 2, Math.min(Math.PI / 2, Math.asin(shown / radius) - phi));
    return axis + radius * Math.sin(angle);
  });
}

/** A flat print turned by φ, pinhole camera at distance d: u shows at d·u·cos φ / (d + u·sin φ). */
function flatTurn(image: Raw, axis: number, distance: number, degrees: number): Raw {
  const phi = (degrees * Math.PI) / 180;
  return remapColumns(image, (x) => {
    const shown = x - axis;
    return axis + (shown * distance) / (distance * Math.cos(phi) - shown * Math.sin(phi));
  });
}

async function render(name: SourceName, pose: FramePose): Promise<Buffer> {
  const { face, crop, headRadius } = SOURCES[name];
  let image = await source(name);
  let fx = face.x + PAD;
  let fy = face.y + PAD;
  if (pose.turn) image = cylinderTurn(image, fx, headRadius, pose.turn);
  if (pose.flatTurn) image = flatTurn(image, fx, pose.printDistance ?? 400, pose.flatTurn);
  let raw = sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } });
  if (pose.tilt) {
    // sharp turns about the centre and grows the canvas; follow the face to its new place.
    const turned = await raw.rotate(pose.tilt, { background: '#000000' }).raw().toBuffer({ resolveWithObject: true });
    const a = (pose.tilt * Math.PI) / 180;
    const [dx, dy] = [fx - image.width / 2, fy - image.height / 2];
    fx = turned.info.width / 2 + dx * Math.cos(a) - dy * Math.sin(a);
    fy = turned.info.height / 2 + dx * Math.sin(a) + dy * Math.cos(a);
    raw = sharp(turned.data, { raw: { width: turned.info.width, height: turned.info.height, channels: 3 } });
  }
  const side = Math.round(crop / (pose.scale ?? 1));
  const window = {
    left: Math.round(fx - side / 2 + (pose.shift ?? 0)),
    top: Math.round(fy - side / 2 + crop / 16),
    width: side,
    height: side,
  };
  const cropped = await raw.extract(window).raw().toBuffer();
  const size = pose.size ?? 480;
  return sharp(cropped, { raw: { width: side, height: side, channels: 3 } })
    .resize(size, size)
    .jpeg({ quality: pose.quality ?? 82 })
    .toBuffer();
}

/** The astronaut (one clear frontal face), posed. */
export const astronautFrame = (pose: FramePose = {}) => render('astronaut', pose);

/** Another person: the man with the camera, his face framed like the astronaut's. */
export const otherPersonFrame = (pose: FramePose = {}) => render('cameraMan', pose);

/** Two astronauts side by side in one frame. */
export async function twoFacesFrame(): Promise<Buffer> {
  const half = await sharp(await astronautFrame({ scale: 0.8 }))
    .resize(320, 320)
    .toBuffer();
  return sharp({ create: { width: 640, height: 320, channels: 3, background: '#808080' } })
    .composite([
      { input: half, left: 0, top: 0 },
      { input: half, left: 320, top: 0 },
    ])
    .jpeg({ quality: 82 })
    .toBuffer();
}

/**
 * Remembers detections by the frame's bytes: the detector is deterministic and the tests send the
 * same frames in many scans. Calls are counted, to show where a scan stopped.
 */
export function rememberingDetector(detector: Pick<FaceDetector, 'detect'>): Pick<FaceDetector, 'detect'> & { calls: number } {
  const known = new Map<string, Promise<FaceAnalysis>>();
  const remembering = {
    calls: 0,
    detect(image: Buffer, options?: { minConfidence?: number }) {
      remembering.calls += 1;
      const key = `${createHash('sha256').update(image).digest('hex')}:${options?.minConfidence ?? ''}`;
      if (!known.has(key)) known.set(key, detector.detect(image, options));
      return known.get(key)!;
    },
  };
  return remembering;
}
