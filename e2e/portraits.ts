/**
 * Portrait photos for the match journeys, made from the repository's fixture images (the
 * astronaut for women, the camera man for men; crops, mirror images and colour changes so each
 * member differs) into a folder of the built client, which the real server serves. The folder is
 * the journey's own and goes when the test ends.
 */
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../server/kernel/db/client.ts';
import { profiles } from '../server/kernel/db/schema/index.ts';
import { CLIENT_DIST } from '../server/plugins/static-client.ts';

const IMAGES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/images');

interface Teardown {
  teardown(fn: () => unknown): void;
}

const WOMEN: Array<[number, number, number, number]> = [
  // [left, top, size, hue]
  [40, 0, 400, 0],
  [90, 10, 340, 10],
  [120, 30, 300, -8],
];
const MEN: Array<[string, number, number]> = [
  // [position, brightness, hue]
  ['north', 1, 0],
  ['centre', 1.1, 0],
  ['north', 0.95, 20],
  ['centre', 1.05, -20],
  ['north', 1.15, 35],
];

/**
 * Writes `women` and `men` portraits under client/dist/<folder>; answers their URLs
 * (`/<folder>/woman-1.jpg`, ...), women first.
 */
export async function writePortraits(
  t: Teardown,
  folder: string,
  women = WOMEN.length,
  men = MEN.length,
): Promise<{ women: string[]; men: string[] }> {
  const dir = path.join(CLIENT_DIST, folder);
  await mkdir(dir, { recursive: true });
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const astronaut = path.join(IMAGES, 'astronaut.jpg');
  const camera = path.join(IMAGES, 'camera.png');
  const jobs: Promise<unknown>[] = [];
  const urls = { women: [] as string[], men: [] as string[] };
  WOMEN.slice(0, women).forEach(([left, top, size, hue], i) => {
    const name = `woman-${i + 1}.jpg`;
    const width = Math.min(size, 512 - left);
    const height = Math.min(Math.round(size * 1.25), 512 - top);
    let image = sharp(astronaut).extract({ left, top, width, height }).resize(480, 600, { fit: 'cover', position: 'north' });
    if (i % 2) image = image.flop();
    jobs.push(image.modulate({ hue }).jpeg({ quality: 82 }).toFile(path.join(dir, name)));
    urls.women.push(`/${folder}/${name}`);
  });
  // The camera man is grey: as three channels, a tint tells the men apart.
  const grey = await sharp(camera).toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  MEN.slice(0, men).forEach(([position, brightness, hue], i) => {
    const name = `man-${i + 1}.jpg`;
    let image = sharp(grey.data, { raw: grey.info })
      .tint({ r: 225 - i * 12, g: 185, b: 150 + i * 15 })
      .resize(480, 600, { fit: 'cover', position });
    if (i % 2) image = image.flop();
    jobs.push(image.modulate({ brightness, hue }).jpeg({ quality: 82 }).toFile(path.join(dir, name)));
    urls.men.push(`/${folder}/${name}`);
  });
  await Promise.all(jobs);
  return urls;
}

/** Photo 1 of a member, as if uploaded and approved. */
export async function setPhoto1(db: Db, member: { userId: number }, url: string): Promise<void> {
  await db.update(profiles).set({ photo1Url: url }).where(eq(profiles.userId, member.userId));
}
