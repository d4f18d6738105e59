/**
 * HEIC support. sharp's prebuilt libvips reads only AVIF out of the HEIF family, so HEIC goes
 * through heic-convert (libheif compiled to WebAssembly) to a JPEG that sharp then handles like
 * any other upload. That decoder has no pixel limit, so the declared size is read from the
 * container first and a bomb is refused before a single pixel is decoded.
 */
import convert from 'heic-convert';

/** The largest image size (`ispe` property) the container declares, or null if none. */
export function heicDeclaredSize(bytes: Buffer): { width: number; height: number } | null {
  const meta = findBox(bytes, 0, bytes.length, 'meta');
  // meta is a full box: 4 bytes of version and flags precede its children.
  const iprp = meta && findBox(bytes, meta.start + 4, meta.end, 'iprp');
  const ipco = iprp && findBox(bytes, iprp.start, iprp.end, 'ipco');
  if (!ipco) return null;
  let largest: { width: number; height: number } | null = null;
  for (const box of boxes(bytes, ipco.start, ipco.end)) {
    if (box.type !== 'ispe' || box.end - box.start < 12) continue;
    const width = bytes.readUInt32BE(box.start + 4);
    const height = bytes.readUInt32BE(box.start + 8);
    if (!largest || width * height > largest.width * largest.height) largest = { width, height };
  }
  return largest;
}

/** Decodes the primary image to a high-quality JPEG (upright: libheif applies irot/imir). */
export async function heicToJpeg(bytes: Buffer): Promise<Buffer> {
  const out = await convert({ buffer: bytes, format: 'JPEG', quality: 0.95 });
  return Buffer.from(out instanceof Uint8Array ? out : new Uint8Array(out));
}

interface Box {
  type: string;
  /** First byte of the payload (after the header). */
  start: number;
  end: number;
}

function findBox(bytes: Buffer, from: number, to: number, type: string): Box | undefined {
  for (const box of boxes(bytes, from, to)) if (box.type === type) return box;
  return undefined;
}

/** ISO-BMFF boxes between two offsets; stops at the first malformed header instead of trusting it. */
function* boxes(bytes: Buffer, from: number, to: number): Generator<Box> {
  let at = from;
  while (at + 8 <= to) {
    let size = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      if (at + 16 > to) return;
      size = Number(bytes.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) {
      size = to - at;
    }
    if (size < header || at + size > to) return;
    yield { type, start: at + header, end: at + size };
    at += size;
  }
}
