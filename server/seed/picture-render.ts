/**
 * Rasterises a demo member's picture (pictures.ts) into the JPEG an approved photo is shown as:
 * 640x800, the 4:5 of a phone portrait at the 800 px moderation gives a photo's long side, encoded
 * as moderation encodes its sizes. One sharp pipeline from the SVG straight to the JPEG: the
 * pixel work, not the drawing, is most of the cost, and hundreds of pictures are drawn at a first
 * start.
 *
 * DiceBear and sharp load with the first picture, not with the server: together they cost about
 * 0.5-0.8 s that only a first start with demo members needs.
 */
import type { MemberLook } from './member-look.ts';
import { avatarOptions, composePicture, type Shot } from './pictures.ts';

export const PICTURE_SIZE = { width: 640, height: 800 } as const;
/** Moderation's quality and chroma subsampling; baseline rather than progressive, which takes twice as long to encode. */
const JPEG = { quality: 82, chromaSubsampling: '4:2:0' } as const;

let drawingTools: Promise<{
  createAvatar: typeof import('@dicebear/core').createAvatar;
  style: typeof import('@dicebear/collection').avataaars;
  sharp: typeof import('sharp').default;
}> | null = null;

function loadDrawingTools() {
  drawingTools ??= Promise.all([import('@dicebear/core'), import('@dicebear/collection'), import('sharp')]).then(
    ([core, collection, sharp]) => ({ createAvatar: core.createAvatar, style: collection.avataaars, sharp: sharp.default }),
  );
  return drawingTools;
}

/** The picture's SVG document at PICTURE_SIZE. */
export async function pictureSvg(look: MemberLook, shot: Shot): Promise<string> {
  const { createAvatar, style } = await loadDrawingTools();
  return composePicture(shot, createAvatar(style, avatarOptions(look, shot)).toString(), PICTURE_SIZE.width, PICTURE_SIZE.height);
}

/** The picture as a JPEG of PICTURE_SIZE. */
export async function renderPicture(look: MemberLook, shot: Shot): Promise<Buffer> {
  const { sharp } = await loadDrawingTools();
  // The scene covers the whole canvas, so dropping the alpha channel for JPEG changes no pixel.
  return sharp(Buffer.from(await pictureSvg(look, shot)))
    .jpeg(JPEG)
    .toBuffer();
}
