// Writes the PWA icons (public/icons/*.png) without any image library or download:
// a gold coin with a "G" on the night-blue brand background, drawn with 4×4 supersampling and
// encoded as PNG with node:zlib. Run it again only when the artwork changes:
//   node client/scripts/make-icons.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
const BACKGROUND = [15, 20, 32];
const GOLD = [245, 179, 1];
const INK = [15, 20, 32];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function encodePng(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  const rows = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    rows[y * (size * 4 + 1)] = 0; // filter: none
    rgba.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Colour of one point in unit coordinates (0..1), or null where the icon is transparent. */
function shade(x, y, { maskable }) {
  const corner = maskable ? 0 : 0.22;
  const cx = Math.min(Math.max(x, corner), 1 - corner);
  const cy = Math.min(Math.max(y, corner), 1 - corner);
  if (Math.hypot(x - cx, y - cy) > corner) return null;

  const scale = maskable ? 0.72 : 0.86; // maskable art stays inside the 80 % safe zone
  const dx = (x - 0.5) / scale;
  const dy = (y - 0.5) / scale;
  const r = Math.hypot(dx, dy);
  if (r > 0.42) return BACKGROUND;
  if (r > 0.385) return GOLD;
  // The "G": a thick ring open at the upper right, with a bar pointing inwards.
  const angle = Math.atan2(-dy, dx); // 0 = right, counter-clockwise positive
  const onRing = r > 0.2 && r < 0.3 && !(angle > -0.05 && angle < 0.75);
  const onBar = dy > -0.02 && dy < 0.07 && dx > 0.02 && dx < 0.3;
  const onStem = dx > 0.21 && dx < 0.3 && dy > -0.02 && r < 0.3;
  const onRim = r > 0.35 && r < 0.362;
  return onRing || onBar || onStem || onRim ? INK : GOLD;
}

function render(size, options) {
  const samples = 4;
  const rgba = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const colour = shade((px + (sx + 0.5) / samples) / size, (py + (sy + 0.5) / samples) / size, options);
          if (!colour) continue;
          r += colour[0];
          g += colour[1];
          b += colour[2];
          a += 1;
        }
      }
      const i = (py * size + px) * 4;
      const n = samples * samples;
      rgba[i] = a ? Math.round(r / a) : 0;
      rgba[i + 1] = a ? Math.round(g / a) : 0;
      rgba[i + 2] = a ? Math.round(b / a) : 0;
      rgba[i + 3] = Math.round((a / n) * 255);
    }
  }
  return encodePng(size, rgba);
}

mkdirSync(OUT, { recursive: true });
const targets = [
  ['icon-192.png', 192, { maskable: false }],
  ['icon-512.png', 512, { maskable: false }],
  ['maskable-512.png', 512, { maskable: true }],
  ['apple-touch-icon.png', 180, { maskable: true }],
];
for (const [name, size, options] of targets) {
  writeFileSync(join(OUT, name), render(size, options));
  console.log(`wrote ${join(OUT, name)}`);
}
