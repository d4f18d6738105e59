// Renders the PWA icons from the SVG logos once; the PNGs are committed.
// Usage: node client/scripts/generate-icons.mjs
// tap runs every script under a folder it is given; this one is a build-time tool, not a test.
if (process.env.TAP === '1') process.exit(0);

import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const iconsDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
const logo = await readFile(join(iconsDir, 'logo.svg'));
const maskable = await readFile(join(iconsDir, 'maskable.svg'));

const outputs = [
  { source: logo, size: 192, name: 'icon-192.png' },
  { source: logo, size: 512, name: 'icon-512.png' },
  { source: logo, size: 180, name: 'apple-touch-icon.png' },
  { source: maskable, size: 512, name: 'maskable-512.png' },
];

for (const { source, size, name } of outputs) {
  await sharp(source, { density: 300 }).resize(size, size).png({ compressionLevel: 9 }).toFile(join(iconsDir, name));
  console.log(`wrote ${name}`);
}
