import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import t, { type Test } from 'tap';
import { moderateImage, type ContentCheck, type ModerationResult } from './pipeline.ts';
import { DEFAULT_MODERATION_REASON, REJECTION_REASONS } from './reasons.ts';
import { heicClaiming, noise, pngClaiming, solid } from '../test/generated-images.ts';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/images/${name}`, import.meta.url));

function approved(t: Test, result: ModerationResult) {
  if (result.status !== 'approved') throw new Error(`expected approval, got ${JSON.stringify(result)}`);
  t.pass('approved');
  return result;
}

const sizeOf = async (jpeg: Buffer) => {
  const meta = await sharp(jpeg).metadata();
  return [meta.width, meta.height];
};

/** Longest side exact, the other within a pixel of the source's proportions (rounding). */
async function scaledTo(t: Test, jpeg: Buffer, longest: number, source: [number, number], what: string) {
  const [width, height] = await sizeOf(jpeg);
  const landscape = source[0] >= source[1];
  t.equal(landscape ? width : height, longest, `${what}: longest side`);
  const expected = (Math.min(...source) * longest) / Math.max(...source);
  t.ok(Math.abs((landscape ? height : width) - expected) <= 1, `${what}: proportions kept`);
}

t.test('the test photos are approved with three JPEG derivatives', async (t) => {
  for (const name of ['astronaut.jpg', 'camera.png', 'chelsea.jpg']) {
    const result = approved(t, await moderateImage(fixture(name), { purpose: 'profile' }));
    for (const [which, jpeg] of Object.entries(result.derivatives)) {
      t.equal((await sharp(jpeg).metadata()).format, 'jpeg', `${name} ${which}`);
    }
  }
  const webp = await noise(900, 600).webp().toBuffer();
  approved(t, await moderateImage(webp, { purpose: 'chat' }));
});

t.test('derivatives are scaled to 320, 800 and 1600 px and never enlarged', async (t) => {
  const large = approved(t, await moderateImage(await solid(3000, 2000).jpeg().toBuffer(), { purpose: 'profile' }));
  t.same([large.width, large.height], [3000, 2000]);
  await scaledTo(t, large.derivatives.full, 1600, [3000, 2000], 'full');
  await scaledTo(t, large.derivatives.preview, 800, [3000, 2000], 'preview');
  await scaledTo(t, large.derivatives.thumbnail, 320, [3000, 2000], 'thumbnail');
  const tall = approved(t, await moderateImage(await solid(1000, 2500).png().toBuffer(), { purpose: 'profile' }));
  await scaledTo(t, tall.derivatives.full, 1600, [1000, 2500], 'portrait full');
  await scaledTo(t, tall.derivatives.thumbnail, 320, [1000, 2500], 'portrait thumbnail');

  // chelsea.jpg is 451 × 300: only the thumbnail is smaller than the original.
  const small = approved(t, await moderateImage(fixture('chelsea.jpg'), { purpose: 'profile' }));
  t.same(await sizeOf(small.derivatives.full), [451, 300]);
  t.same(await sizeOf(small.derivatives.preview), [451, 300]);
  t.same(await sizeOf(small.derivatives.thumbnail), [320, 213]);
});

t.test('no metadata of the upload survives: EXIF with GPS, XMP, ICC', async (t) => {
  const upload = await noise(1200, 900)
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Snoop 3', Copyright: 'Alice' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2400/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 300/100' },
    })
    .withIccProfile('p3')
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="Alice at home"/></rdf:RDF></x:xmpmeta>',
    )
    .toBuffer();
  const before = await sharp(upload).metadata();
  t.ok(before.exif && before.exif.includes(Buffer.from('PhoneCo')), 'the upload carries EXIF');
  // The GPS IFD pointer (tag 0x8825), in either byte order.
  t.ok(
    before.exif && (before.exif.includes(Buffer.from([0x88, 0x25])) || before.exif.includes(Buffer.from([0x25, 0x88]))),
    'the upload carries a GPS block',
  );
  t.ok(before.icc, 'the upload carries an ICC profile');
  t.ok(before.xmp, 'the upload carries XMP');

  const result = approved(t, await moderateImage(upload, { purpose: 'profile' }));
  for (const [which, jpeg] of Object.entries(result.derivatives)) {
    const meta = await sharp(jpeg).metadata();
    t.equal(meta.exif, undefined, `${which}: no EXIF`);
    t.equal(meta.icc, undefined, `${which}: no ICC`);
    t.equal(meta.xmp, undefined, `${which}: no XMP`);
    t.equal(meta.iptc, undefined, `${which}: no IPTC`);
    t.equal(meta.comments, undefined, `${which}: no comments`);
    t.notOk(jpeg.includes(Buffer.from('PhoneCo')), `${which}: no trace of the camera`);
    t.notOk(jpeg.includes(Buffer.from('Alice')), `${which}: no trace of the owner`);
  }
});

t.test('an EXIF-rotated photo comes out upright', async (t) => {
  // Stored 400 × 300 with the left half red, tagged "rotate 90° clockwise to display" (6).
  const left = await solid(200, 300, '#ff0000').png().toBuffer();
  const stored = await solid(400, 300, '#0000ff')
    .composite([{ input: left, left: 0, top: 0 }])
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
  t.equal((await sharp(stored).metadata()).orientation, 6);

  const result = approved(t, await moderateImage(stored, { purpose: 'profile' }));
  t.same([result.width, result.height], [300, 400], 'portrait once upright');
  const full = await sharp(result.derivatives.full).metadata();
  t.same([full.width, full.height], [300, 400]);
  t.equal(full.orientation, undefined, 'no orientation tag left for a viewer to apply twice');
  // Turned clockwise, the stored left half is now the top half.
  const pixel = async (top: number) => {
    const { data } = await sharp(result.derivatives.full)
      .extract({ left: 150, top, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    return [...data];
  };
  const [topRed, , topBlue] = await pixel(50);
  const [bottomRed, , bottomBlue] = await pixel(350);
  t.ok(topRed > 200 && topBlue < 60, 'red on top');
  t.ok(bottomBlue > 200 && bottomRed < 60, 'blue below');
});

t.test('transparency becomes white, not black', async (t) => {
  const transparent = await sharp({ create: { width: 300, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .png()
    .toBuffer();
  const result = approved(t, await moderateImage(transparent, { purpose: 'profile' }));
  const { data } = await sharp(result.derivatives.full).raw().toBuffer({ resolveWithObject: true });
  t.ok(data[0] > 240 && data[1] > 240 && data[2] > 240);
});

t.test('files that are not photos are refused, whatever their name', async (t) => {
  const refused: Record<string, Buffer> = {
    'a PDF renamed .jpg': Buffer.from(
      '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
      'latin1',
    ),
    'an SVG': Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"><circle cx="400" cy="400" r="300"/></svg>'),
    'a GIF': await solid(400, 400).gif().toBuffer(),
    'a text file': Buffer.from('Dear moderator, please approve me.\n'),
    'an AVIF': await solid(400, 400).avif().toBuffer(),
  };
  for (const [what, bytes] of Object.entries(refused)) {
    t.same(
      await moderateImage(bytes, { purpose: 'profile' }),
      { status: 'rejected', code: 'not_an_image', reason: REJECTION_REASONS.not_an_image },
      what,
    );
  }
});

t.test('damaged and truncated photos are refused', async (t) => {
  const jpeg = await noise(800, 600).jpeg().toBuffer();
  const png = await noise(800, 600).png().toBuffer();
  const webp = await noise(800, 600).webp().toBuffer();
  const broken: Record<string, Buffer> = {
    'a JPEG cut in half': jpeg.subarray(0, jpeg.length / 2),
    'a JPEG header alone': jpeg.subarray(0, 600),
    'a PNG cut in half': png.subarray(0, png.length / 2),
    'a WebP cut in half': webp.subarray(0, webp.length / 2),
    'JPEG magic then garbage': Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 0x41)]),
  };
  for (const [what, bytes] of Object.entries(broken)) {
    const result = await moderateImage(bytes, { purpose: 'profile' });
    t.same(result, { status: 'rejected', code: 'damaged', reason: REJECTION_REASONS.damaged }, what);
  }
});

t.test('photos smaller than 200 px on a side are refused', async (t) => {
  for (const [width, height] of [
    [150, 150],
    [1200, 199],
    [16, 16],
  ]) {
    const result = await moderateImage(await solid(width, height).jpeg().toBuffer(), { purpose: 'profile' });
    t.same(result, { status: 'rejected', code: 'too_small', reason: REJECTION_REASONS.too_small }, `${width} × ${height}`);
  }
  approved(t, await moderateImage(await solid(200, 200).jpeg().toBuffer(), { purpose: 'profile' }));
});

t.test('decompression bombs are refused as too large, quickly', async (t) => {
  const tooLarge = { status: 'rejected', code: 'too_large', reason: REJECTION_REASONS.too_large };
  // A few hundred bytes claiming 30,000 × 30,000 (900 MP, 2.7 GB of pixels).
  let started = Date.now();
  t.same(await moderateImage(pngClaiming(30_000, 30_000), { purpose: 'profile' }), tooLarge, 'forged PNG header');
  t.ok(Date.now() - started < 1000, 'refused from the header');
  // A real, valid 100 MP PNG that compresses to a few hundred kilobytes.
  const blank = await solid(10_000, 10_000, '#ffffff').png({ compressionLevel: 9 }).toBuffer();
  t.ok(blank.length < 2_000_000);
  started = Date.now();
  t.same(await moderateImage(blank, { purpose: 'profile' }), tooLarge, 'blank 10,000 × 10,000 PNG');
  t.ok(Date.now() - started < 1000, 'refused without decoding');
  // HEIC goes through a decoder with no limit of its own: its declared size is checked first.
  started = Date.now();
  t.same(await moderateImage(heicClaiming(30_000, 30_000), { purpose: 'profile' }), tooLarge, 'HEIC declaring 900 MP');
  t.ok(Date.now() - started < 1000);
});

t.test('HEIC: what can be tested without a HEIC encoder', async (t) => {
  // This sharp build writes AVIF but not HEVC-coded HEIF, and heic-convert only decodes, so
  // there is no real HEIC photo here; broken containers must be refused, not crash or hang.
  t.equal(typeof (await import('heic-convert')).default, 'function');
  const damaged = { status: 'rejected', code: 'damaged', reason: REJECTION_REASONS.damaged };
  t.same(await moderateImage(heicClaiming(4032, 3024), { purpose: 'profile' }), damaged, 'declares a size, holds no picture');
  const headerOnly = heicClaiming(1, 1).subarray(0, 24);
  t.same(await moderateImage(headerOnly, { purpose: 'profile' }), damaged, 'ftyp alone');
});

t.test('a decode that overruns its time bound is refused, not awaited', async (t) => {
  const upload = await solid(6000, 4000).jpeg().toBuffer();
  const result = await moderateImage(upload, { purpose: 'profile', decodeTimeoutMs: 1 });
  t.same(result, { status: 'rejected', code: 'timed_out', reason: REJECTION_REASONS.timed_out });
});

t.test('content checks: the hook runs after decoding and can refuse', async (t) => {
  const seen: Array<{ width: number; height: number; purpose: string; format?: string }> = [];
  const recording: ContentCheck = async (input) => {
    seen.push({ width: input.width, height: input.height, purpose: input.purpose, format: (await sharp(input.jpeg).metadata()).format });
    return { ok: true };
  };
  approved(t, await moderateImage(fixture('astronaut.jpg'), { purpose: 'profile', checks: [recording] }));
  t.same(seen, [{ width: 512, height: 512, purpose: 'profile', format: 'jpeg' }]);

  await moderateImage(Buffer.from('not a photo'), { purpose: 'profile', checks: [recording] });
  t.equal(seen.length, 1, 'checks never see a refused file');

  const refusing: ContentCheck = async () => ({ ok: false, reason: 'No face was found in this photo.' });
  t.same(await moderateImage(fixture('astronaut.jpg'), { purpose: 'profile', checks: [refusing, recording] }), {
    status: 'rejected',
    code: 'moderation',
    reason: 'No face was found in this photo.',
  });
  t.equal(seen.length, 1, 'the first refusal ends the checks');
  t.same(
    await moderateImage(fixture('astronaut.jpg'), { purpose: 'chat', checks: [refusing] }),
    {
      status: 'rejected',
      code: 'moderation',
      reason: DEFAULT_MODERATION_REASON,
    },
    'chat photos show the default reason',
  );
  const silent: ContentCheck = async () => ({ ok: false });
  t.same(await moderateImage(fixture('astronaut.jpg'), { purpose: 'profile', checks: [silent] }), {
    status: 'rejected',
    code: 'moderation',
    reason: 'Photo was rejected by moderation',
  });

  const failing: ContentCheck = async () => {
    throw new Error('face service unavailable');
  };
  await t.rejects(
    moderateImage(fixture('astronaut.jpg'), { purpose: 'profile', checks: [failing] }),
    { message: 'face service unavailable' },
    'a broken check fails the job so it is retried',
  );
});
