/**
 * Small pictures made in code for the upload tests (unit, API and end to end), so no binary file sits in the repo.
 * The PNG is a real one a browser shows; the others carry only the headers that say what they are and their size.
 */
import { crc32, deflateSync } from 'node:zlib';

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  return Buffer.concat([u32(data.length), body, u32(crc32(body))]);
}

/** A real PNG of `width` × `height` pixels in one colour (RGB, default a brand blue). */
export function pngBytes(width: number, height: number, rgb: [number, number, number] = [29, 78, 216]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, truecolour, deflate, no filter, not interlaced
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The start of a JPEG: an Exif orientation (1 upright, 6 turned a quarter) and the frame header with its size. */
export function jpegBytes(width: number, height: number, orientation = 1): Buffer {
  const tiff = Buffer.from([0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0]);
  const exif = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const app1 = Buffer.concat([Buffer.from([0xff, 0xe1]), Buffer.from([(exif.length + 2) >> 8, (exif.length + 2) & 0xff]), exif]);
  const sof = Buffer.from([0xff, 0xc0, 0, 17, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3, 1, 0x11, 0, 2, 0x11, 1, 3, 0x11, 1]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app1, sof, Buffer.from([0xff, 0xd9])]);
}

/** The start of an extended WebP with its canvas size. */
export function webpBytes(width: number, height: number): Buffer {
  const vp8x = Buffer.alloc(10);
  vp8x.writeUIntLE(width - 1, 4, 3);
  vp8x.writeUIntLE(height - 1, 7, 3);
  const body = Buffer.concat([Buffer.from('WEBPVP8X', 'latin1'), u32(10).reverse(), vp8x]);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), Buffer.from(u32(body.length)).reverse(), body]);
}

const box = (type: string, ...payload: Buffer[]) => {
  const data = Buffer.concat(payload);
  return Buffer.concat([u32(data.length + 8), Buffer.from(type, 'latin1'), data]);
};

/** The boxes of an ISO media file that say its brand and its picture's size: AVIF by default, HEIC with "heic". */
export function isoBytes(width: number, height: number, brand = 'avif'): Buffer {
  const ftyp = box('ftyp', Buffer.from(brand, 'latin1'), u32(0), Buffer.from(`${brand}mif1miaf`, 'latin1'));
  const ispe = box('ispe', u32(0), u32(width), u32(height));
  const meta = box('meta', u32(0), box('iprp', box('ipco', ispe)));
  return Buffer.concat([ftyp, meta]);
}

/** A plain drawing with whatever `inside` holds, and the root's attributes (a size by default). */
export function svgText(inside = '<rect width="10" height="10" fill="#1d4ed8"/>', attributes = 'width="120" height="80"'): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ${attributes}>${inside}</svg>`;
}
