/**
 * Test-only photos built from the fixtures: the same face tilted, smaller or cropped, and two
 * people side by side, as members' uploads would show them.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';

export const fixture = (name: string): Buffer => readFileSync(new URL(`../../fixtures/images/${name}`, import.meta.url));

const GREY = '#808080';

/** Turned by `degrees` (clockwise), the uncovered corners grey. */
export const tilted = (image: Buffer, degrees: number) => sharp(image).rotate(degrees, { background: GREY }).png().toBuffer();

/** The whole picture at `scale`, placed off-centre on a plain canvas three times its size. */
export async function faraway(image: Buffer, scale: number): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(image).metadata();
  const small = await sharp(image)
    .resize(Math.round(width * scale), Math.round(height * scale))
    .png()
    .toBuffer();
  return sharp({
    create: { width: Math.round(width * 3 * scale), height: Math.round(height * 3 * scale), channels: 3, background: '#9a9a90' },
  })
    .composite([{ input: small, left: Math.round(width * scale * 1.4), top: Math.round(height * scale * 0.6) }])
    .png()
    .toBuffer();
}

/** A closer framing: `share` of each side, centred across and near the top, where a portrait's face is. */
export async function cropped(image: Buffer, share: number): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(image).metadata();
  const [w, h] = [Math.round(width * share), Math.round(height * share)];
  return sharp(image)
    .extract({ left: Math.round((width - w) / 2), top: Math.round(height * 0.05), width: w, height: h })
    .png()
    .toBuffer();
}

/** The pictures next to each other at one height, as one photo. */
export async function sideBySide(images: Buffer[], height = 512): Promise<Buffer> {
  const tiles = await Promise.all(
    images.map((image) => sharp(image).resize({ height }).removeAlpha().toColourspace('srgb').png().toBuffer({ resolveWithObject: true })),
  );
  const width = tiles.reduce((sum, tile) => sum + tile.info.width, 0);
  let left = 0;
  const placed = tiles.map((tile) => {
    const at = { input: tile.data, left, top: 0 };
    left += tile.info.width;
    return at;
  });
  return sharp({ create: { width, height, channels: 3, background: GREY } })
    .composite(placed)
    .jpeg({ quality: 90 })
    .toBuffer();
}
