/**
 * From untrusted bytes to upright sRGB pixels no larger than the biggest derivative, or the
 * reason why not. All the hostile-input handling lives here: content sniffing, the pixel limit
 * checked from the header before decoding, strict decoding and a time bound.
 */
import sharp, { type Metadata } from 'sharp';
import { heicDeclaredSize, heicToJpeg } from './heic.ts';
import { DERIVATIVE_SIZES, MAX_INPUT_PIXELS, MIN_SIDE } from './limits.ts';
import type { RejectionCode } from './reasons.ts';
import { sniffImage } from './sniff.ts';
import { TimeoutError, withTimeout } from '../../server/kernel/timeout.ts';

export interface DecodedImage {
  /** Raw 8-bit RGB pixels, already rotated upright and reduced to fit the full derivative. */
  pixels: Buffer;
  info: { width: number; height: number; channels: 3 };
  /** Size of the upright source photo. */
  width: number;
  height: number;
}

export type DecodeResult = { ok: true; image: DecodedImage } | { ok: false; code: RejectionCode };

const fail = (code: RejectionCode): DecodeResult => ({ ok: false, code });

export async function decodeUpload(bytes: Buffer, timeoutMs: number): Promise<DecodeResult> {
  const format = sniffImage(bytes);
  if (!format) return fail('not_an_image');
  const started = Date.now();
  let input = bytes;
  if (format === 'heic') {
    const declared = heicDeclaredSize(bytes);
    if (!declared) return fail('damaged');
    if (declared.width * declared.height > MAX_INPUT_PIXELS) return fail('too_large');
    try {
      input = await withTimeout(heicToJpeg(bytes), timeoutMs);
    } catch (error) {
      return fail(failureCode(error));
    }
  }
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' } as const;
  let header: Metadata;
  try {
    // Reads only the header: a bomb is refused here without allocating its pixels.
    header = await sharp(input, options).metadata();
  } catch (error) {
    return fail(failureCode(error));
  }
  if (!header.width || !header.height) return fail('damaged');
  if (header.width * header.height > MAX_INPUT_PIXELS) return fail('too_large');
  if (Math.min(header.width, header.height) < MIN_SIDE) return fail('too_small');

  const remainingMs = Math.max(1, timeoutMs - (Date.now() - started));
  const side = DERIVATIVE_SIZES.full;
  const work = sharp(input, options)
    // libvips stops its own work at this bound; withTimeout covers everything around it.
    .timeout({ seconds: Math.max(1, Math.ceil(remainingMs / 1000)) })
    .autoOrient()
    .resize(side, side, { fit: 'inside', withoutEnlargement: true })
    // JPEG has no transparency: transparent areas become white rather than black.
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  try {
    const { data, info } = await withTimeout(work, remainingMs);
    if (info.channels !== 3) return fail('damaged');
    const upright = header.autoOrient ?? { width: header.width, height: header.height };
    return {
      ok: true,
      image: { pixels: data, info: { width: info.width, height: info.height, channels: 3 }, width: upright.width, height: upright.height },
    };
  } catch (error) {
    return fail(failureCode(error));
  }
}

/** Only two decoder failures need their own wording; any other means the file is broken. */
function failureCode(error: unknown): RejectionCode {
  if (error instanceof TimeoutError) return 'timed_out';
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return 'too_large';
  if (/timeout/i.test(message)) return 'timed_out';
  return 'damaged';
}
