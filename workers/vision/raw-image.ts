/**
 * Decoded pixels the vision models share. A photo is decoded once (JPEG to 3-channel sRGB) and
 * every model takes what it needs from those pixels, instead of each decoding the file again.
 */
import sharp, { type Sharp } from 'sharp';

/** Upright, 3-channel sRGB pixels, row by row. */
export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
}

/** An encoded image (any format sharp reads) or pixels already decoded. */
export type ImageInput = Buffer | RawImage;

const isRaw = (input: ImageInput): input is RawImage => !Buffer.isBuffer(input);

/** Same pixel bound as uploads: the vision code never decodes more than the pipeline accepts. */
const MAX_INPUT_PIXELS = 50_000_000;

function open(input: ImageInput): Sharp {
  if (isRaw(input)) return sharp(input.data, { raw: { width: input.width, height: input.height, channels: 3 } });
  return sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
}

/** The image scaled down to fit `maxSide` (never enlarged), as pixels. */
export async function decodeRaw(input: ImageInput, maxSide: number): Promise<RawImage> {
  if (isRaw(input) && Math.max(input.width, input.height) <= maxSide) return input;
  const { data, info } = await open(input)
    .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The whole image squeezed to `side` × `side` (proportions not kept), as classifiers expect. */
export async function squeezeRaw(input: ImageInput, side: number): Promise<RawImage> {
  const { data, info } = await open(input)
    .resize(side, side, { fit: 'fill' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
