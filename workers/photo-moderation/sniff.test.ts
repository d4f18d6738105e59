import { readFileSync } from 'node:fs';
import t from 'tap';
import { sniffImage } from './sniff.ts';
import { ftyp, heicClaiming, solid } from '../test/generated-images.ts';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/images/${name}`, import.meta.url));

t.test('photos are recognised by their bytes', async (t) => {
  t.equal(sniffImage(fixture('astronaut.jpg')), 'jpeg');
  t.equal(sniffImage(fixture('camera.png')), 'png');
  t.equal(sniffImage(await solid(10, 10).webp().toBuffer()), 'webp');
});

t.test('HEIC and HEIF are recognised by their ftyp brand', async (t) => {
  // sharp's prebuilt libvips cannot write HEVC-coded HEIF, so these are hand-built containers.
  for (const brand of ['heic', 'heix', 'hevc', 'hevx', 'mif1', 'msf1', 'heif']) {
    t.equal(sniffImage(Buffer.concat([ftyp(brand, 'mif1'), Buffer.alloc(16)])), 'heic', brand);
  }
  t.equal(sniffImage(heicClaiming(4032, 3024)), 'heic');
});

t.test('everything else is not an image, whatever it claims to be', async (t) => {
  const refused: Record<string, Buffer> = {
    'a PDF (named photo.jpg by the client)': Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n'),
    'an SVG': Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400"/></svg>'),
    'an SVG with an XML prolog': Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'),
    'a GIF': await solid(300, 300).gif().toBuffer(),
    'a TIFF': await solid(300, 300).tiff().toBuffer(),
    'an AVIF (HEIF container, AV1 coding)': await solid(300, 300).avif().toBuffer(),
    'an MP4 video header': Buffer.concat([ftyp('isom', 'iso2', 'mp41'), Buffer.alloc(16)]),
    text: Buffer.from('hello, this is not a photo\n'),
    nothing: Buffer.alloc(0),
    'two JPEG bytes': Buffer.from([0xff, 0xd8]),
    'RIFF that is not WebP': Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt ')]),
  };
  for (const [what, bytes] of Object.entries(refused)) t.equal(sniffImage(bytes), null, what);
});
