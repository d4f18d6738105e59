/**
 * The three JPEGs stored for an approved photo. They are encoded from decoded pixels with no
 * metadata carried over (sharp writes none unless asked), so EXIF with its GPS position, XMP,
 * ICC and comments of the original never reach another member.
 */
import sharp from 'sharp';
import type { DecodedImage } from './decode.ts';

export interface Derivatives {
  thumbnail: Buffer;
  preview: Buffer;
  full: Buffer;
}

const JPEG = { quality: 82, progressive: true, chromaSubsampling: '4:2:0' } as const;

/** One size, from the decoded pixels (never from a smaller JPEG, so no size is re-compressed twice). */
export function renderDerivative(image: DecodedImage, side: number): Promise<Buffer> {
  return sharp(image.pixels, { raw: image.info }).resize(side, side, { fit: 'inside', withoutEnlargement: true }).jpeg(JPEG).toBuffer();
}
