import { randomUUID } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { FileStorage, UploadFolder } from '../platform/storage/storage';

/**
 * Small generated PNG images for demo data (merchant-type thumbnails, hotel logos, offer images): a coloured tile
 * with a simple shape, made in memory with node:zlib, so the demo needs no image files and no image library.
 */

export type TileShape = 'circle' | 'ring' | 'diamond' | 'triangle' | 'square' | 'plus' | 'stripes' | 'none';

export interface TileOptions {
  /** Pixels; default 320 x 200. */
  width?: number;
  height?: number;
  /** Background colour as #rrggbb; drawn as a soft top-to-bottom gradient. */
  background: string;
  /** Shape colour as #rrggbb; default white. */
  foreground?: string;
  shape?: TileShape;
}

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`Not a #rrggbb colour: ${hex}`);
  return [parseInt(match[1]!, 16), parseInt(match[2]!, 16), parseInt(match[3]!, 16)];
}

/** Is the point (x, y), in units where the shape's box is [-1, 1] on both axes, inside the shape? */
function inside(shape: TileShape, x: number, y: number): boolean {
  const r = Math.hypot(x, y);
  switch (shape) {
    case 'circle':
      return r <= 1;
    case 'ring':
      return r <= 1 && r >= 0.6;
    case 'diamond':
      return Math.abs(x) + Math.abs(y) <= 1;
    case 'triangle':
      return y >= -1 && y <= 0.85 && Math.abs(x) <= (y + 1) / 1.85; // apex up
    case 'square':
      return Math.abs(x) <= 0.85 && Math.abs(y) <= 0.85;
    case 'plus':
      return (Math.abs(x) <= 0.3 && Math.abs(y) <= 1) || (Math.abs(y) <= 0.3 && Math.abs(x) <= 1);
    case 'stripes':
      return Math.abs(x) <= 1 && Math.abs(y) <= 1 && Math.floor((x + y + 4) * 2.5) % 2 === 0;
    case 'none':
      return false;
  }
}

/** Raw RGB pixels (3 bytes each, rows top to bottom) of a tile; the shape is drawn with 4x4 supersampling. */
export function drawTile(options: TileOptions): { width: number; height: number; rgb: Uint8Array } {
  const width = options.width ?? 320;
  const height = options.height ?? 200;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1 || width * height > 4_000_000) {
    throw new Error(`Bad tile size ${width}x${height}`);
  }
  const bg = parseHex(options.background);
  const fg = parseHex(options.foreground ?? '#ffffff');
  const shape = options.shape ?? 'circle';
  const size = Math.min(width, height) * 0.32; // half the shape's box, in pixels
  const cx = width / 2;
  const cy = height / 2;
  const rgb = new Uint8Array(width * height * 3);
  const samples = 4;

  for (let py = 0; py < height; py++) {
    // Gradient: the top row is the colour, the bottom row 18 % darker.
    const shade = 1 - 0.18 * (py / Math.max(1, height - 1));
    for (let px = 0; px < width; px++) {
      let hits = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = (px + (sx + 0.5) / samples - cx) / size;
          const y = (py + (sy + 0.5) / samples - cy) / size;
          if (inside(shape, x, y)) hits++;
        }
      }
      const cover = hits / (samples * samples);
      const i = (py * width + px) * 3;
      for (let c = 0; c < 3; c++) rgb[i + c] = Math.round(bg[c]! * shade * (1 - cover) + fg[c]! * cover);
    }
  }
  return { width, height, rgb };
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  Buffer.from(data).copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** Encodes 8-bit RGB pixels (rows top to bottom) as a PNG file. */
export function encodePng(width: number, height: number, rgb: Uint8Array): Uint8Array {
  if (rgb.length !== width * height * 3) throw new Error('Pixel data does not match the size');
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: truecolour RGB
  // compression, filter and interlace methods stay 0
  const stride = width * 3;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (stride + 1)] = 0; // filter: none
    Buffer.from(rgb.buffer, rgb.byteOffset + y * stride, stride).copy(raw, y * (stride + 1) + 1);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(
    Buffer.concat([
      signature,
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(raw, { level: 9 })),
      chunk('IEND', new Uint8Array(0)),
    ]),
  );
}

/** A PNG tile: a coloured background with a simple shape. */
export function makeTilePng(options: TileOptions): Uint8Array {
  const { width, height, rgb } = drawTile(options);
  return encodePng(width, height, rgb);
}

/**
 * Makes a tile and stores it like an upload (random name in `folder`); answers the `/uploads/<folder>/<file>`
 * path that records keep (logo_url, thumbnail_url, offer images).
 */
export async function saveDemoImage(storage: FileStorage, folder: UploadFolder, options: TileOptions): Promise<string> {
  const name = `${randomUUID()}.png`;
  await storage.save(folder, name, makeTilePng(options));
  return `/uploads/${folder}/${name}`;
}
