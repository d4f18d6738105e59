/**
 * The three JPEGs stored for an approved photo. They are encoded from decoded pixels with no
 * metadata carried over (sharp writes none unless asked), so EXIF with its GPS position, XMP,
 * ICC and comments of the original never reach another member.
 */
import sharp from 'sharp';
import type { DecodedImage } from './decode.ts';
import { DERIVATIVE_SIZES } from './limits.ts';

export interface Derivatives {
  thumbnail: Buffer;
  preview: Buffer;
  full: Buffer;
}

const JPEG = { quality: 82, progressive: true, chromaSubsampling: '4:2:0' } as const;

export async function renderDerivatives(image: DecodedImage): Promise<Derivatives> {
  const render = (side: number) =>
    sharp(image.pixels, { raw: image.info })
      .resize(side, side, { fit: 'inside', withoutEnlargement: true })
      .jpeg(JPEG)
      .toBuffer();
  const [thumbnail, preview, full] = await Promise.all([
    render(DERIVATIVE_SIZES.thumbnail),
    render(DERIVATIVE_SIZES.preview),
    render(DERIVATIVE_SIZES.full),
  ]);
  return { thumbnail, preview, full };
}
