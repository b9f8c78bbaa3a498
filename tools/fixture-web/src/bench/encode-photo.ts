import { crc32, deflateSync } from "node:zlib";

/** One PNG chunk: length, type, data, and the CRC of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A photo-sized PNG (8-bit RGB) with a gradient that depends on `seed`: small on the wire, but the browser
 * decodes it to width × height × 4 bytes, as it does a news site's JPEG photos. Made in code so the
 * repository carries no large binary.
 */
export function encodePhoto(options: { width: number; height: number; seed: number }): Buffer {
  const { width, height, seed } = options;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // bit depth 8, colour type RGB, default compression, filter, no interlace
  const rowBytes = 1 + width * 3;
  const pixels = Buffer.alloc(rowBytes * height);
  for (let y = 0; y < height; y += 1) {
    pixels[y * rowBytes] = 0; // filter: none
    for (let x = 0; x < width; x += 1) {
      const at = y * rowBytes + 1 + x * 3;
      pixels[at] = (x + seed * 37) & 0xff;
      pixels[at + 1] = (y + seed * 59) & 0xff;
      pixels[at + 2] = (x ^ y ^ seed) & 0xff;
    }
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk("IHDR", header), chunk("IDAT", deflateSync(pixels)), chunk("IEND", Buffer.alloc(0))]);
}
