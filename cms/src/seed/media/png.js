'use strict';

// Generates PNG images with no dependencies: a vertical gradient with circles and bars, encoded
// with Node's zlib. Deterministic for a given spec, so seeds are reproducible.
const zlib = require('node:zlib');

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(buffer) {
  let crc = 0xffffffff;
  for (let i = 0; i < buffer.length; i += 1)
    crc = CRC_TABLE[(crc ^ buffer[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

function hexToRgb(hex) {
  const value = parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/**
 * @param {{ width: number, height: number, from: string, to: string, accent?: string, seed?: number }} spec
 * @returns {Buffer} a PNG file
 */
function makePng({ width, height, from, to, accent = '#ffffff', seed = 1 }) {
  const top = hexToRgb(from);
  const bottom = hexToRgb(to);
  const mark = hexToRgb(accent);
  // A few circles (notes) and a bar chart (a stave of sorts), placed from the seed.
  let state = seed * 9301 + 49297;
  const random = () => {
    state = (state * 9301 + 49297) % 233280;
    return state / 233280;
  };
  const circles = Array.from({ length: 3 + (seed % 4) }, () => ({
    x: random() * width,
    y: random() * height,
    r: (0.06 + random() * 0.12) * Math.min(width, height),
  }));
  const staveTop = Math.round(height * 0.7);
  const staveGap = Math.max(3, Math.round(height * 0.035));

  const rowLength = width * 3 + 1;
  const raw = Buffer.alloc(rowLength * height);
  for (let y = 0; y < height; y += 1) {
    const t = height > 1 ? y / (height - 1) : 0;
    const base = top.map((c, i) => Math.round(c + (bottom[i] - c) * t));
    const offset = y * rowLength;
    raw[offset] = 0; // filter: none
    const onStave = y >= staveTop && (y - staveTop) % staveGap === 0 && y < staveTop + staveGap * 5;
    for (let x = 0; x < width; x += 1) {
      let pixel = base;
      if (onStave && x > width * 0.05 && x < width * 0.95) pixel = mark;
      for (const circle of circles) {
        const dx = x - circle.x;
        const dy = y - circle.y;
        if (dx * dx + dy * dy < circle.r * circle.r) {
          pixel = pixel.map((c, i) => Math.round(c * 0.45 + mark[i] * 0.55));
        }
      }
      const p = offset + 1 + x * 3;
      raw[p] = pixel[0];
      raw[p + 1] = pixel[1];
      raw[p + 2] = pixel[2];
    }
  }

  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: truecolour
  header[10] = 0;
  header[11] = 0;
  header[12] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

module.exports = { makePng, crc32 };
