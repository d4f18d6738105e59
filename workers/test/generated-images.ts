/**
 * Files the moderation tests need that are better generated than committed: hostile, broken or
 * degenerate inputs, and containers sharp cannot write (HEIC headers). Test-only.
 */
import { crc32 } from 'node:zlib';
import sharp from 'sharp';

export const solid = (width: number, height: number, background = '#c04040') =>
  sharp({ create: { width, height, channels: 3, background } });

export const noise = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } });

/** A PNG whose header claims the given size, followed by a few bytes of data: a classic bomb. */
export function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, default compression, filter, no interlace
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const box = (type: string, ...children: Buffer[]) => {
  const payload = Buffer.concat(children);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + payload.length);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, payload]);
};
const fullBoxHeader = () => Buffer.alloc(4);

export function ftyp(major: string, ...compatible: string[]): Buffer {
  return box('ftyp', Buffer.from(major, 'latin1'), Buffer.alloc(4), ...compatible.map((brand) => Buffer.from(brand, 'latin1')));
}

/** A HEIC container that declares an image of this size but holds no coded picture. */
export function heicClaiming(width: number, height: number): Buffer {
  const size = Buffer.alloc(8);
  size.writeUInt32BE(width, 0);
  size.writeUInt32BE(height, 4);
  const ispe = box('ispe', fullBoxHeader(), size);
  return Buffer.concat([ftyp('heic', 'mif1', 'heic'), box('meta', fullBoxHeader(), box('iprp', box('ipco', ispe)))]);
}
