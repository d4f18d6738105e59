/**
 * Decides what an upload is from its first bytes. The file name and the declared content type
 * come from the client and prove nothing, so they are never consulted.
 */
export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'heic';

/** ftyp brands of still HEIF images encoded with HEVC, the kind phones produce. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'mif1', 'msf1', 'heif']);
/** AVIF shares the container and often the mif1 brand, but heic-convert cannot decode AV1. */
const AVIF_BRANDS = new Set(['avif', 'avis']);

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');

export function sniffImage(bytes: Buffer): ImageFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (isHeic(bytes)) return 'heic';
  return null;
}

function isHeic(bytes: Buffer): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return false;
  const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length);
  const major = ascii(bytes, 8, 12);
  // Compatible brands follow the major brand and its 4-byte minor version.
  const compatible: string[] = [];
  for (let at = 16; at + 4 <= boxSize; at += 4) compatible.push(ascii(bytes, at, at + 4));
  if (!HEIC_BRANDS.has(major)) return false;
  return ![major, ...compatible].some((brand) => AVIF_BRANDS.has(brand));
}
