// Draws the demo shop's product pictures (server/data/media/product-*.png): small real PNGs, one
// per product of server/shop/catalog.ts, made of simple shapes (a bowl of dal, a flour bag, a
// snack packet, a butter block, a stack of biscuits, a box of kaju katli). No image library: the
// pixels are drawn here, 4x supersampled for smooth edges, and written as an 8-bit RGB PNG with
// node:zlib. Run it again after changing a drawing:  npx tsx scripts/make-product-pictures.ts
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const SIZE = 192;
const SS = 4;
const N = SIZE * SS;

type Rgb = readonly [number, number, number];
type Shape = (x: number, y: number) => boolean;

class Canvas {
  readonly px = new Uint8Array(N * N * 3);
  constructor(background: Rgb) {
    for (let i = 0; i < N * N; i++) this.px.set(background, i * 3);
  }
  /** Fills every sample inside `shape` (coordinates in 0..SIZE). */
  fill(colour: Rgb, shape: Shape, box: [number, number, number, number] = [0, 0, SIZE, SIZE]): void {
    const [x0, y0, x1, y1] = box.map((v) => Math.max(0, Math.min(N, Math.round(v * SS))));
    for (let y = y0!; y < y1!; y++) {
      for (let x = x0!; x < x1!; x++) {
        if (shape((x + 0.5) / SS, (y + 0.5) / SS)) this.px.set(colour, (y * N + x) * 3);
      }
    }
  }
  /** The picture at SIZE x SIZE: each pixel the mean of its SS x SS samples. */
  downsample(): Uint8Array {
    const out = new Uint8Array(SIZE * SIZE * 3);
    for (let y = 0; y < SIZE; y++) {
      for (let x = 0; x < SIZE; x++) {
        for (let c = 0; c < 3; c++) {
          let sum = 0;
          for (let dy = 0; dy < SS; dy++) for (let dx = 0; dx < SS; dx++) sum += this.px[((y * SS + dy) * N + x * SS + dx) * 3 + c]!;
          out[(y * SIZE + x) * 3 + c] = Math.round(sum / (SS * SS));
        }
      }
    }
    return out;
  }
}

const rect = (x0: number, y0: number, x1: number, y1: number, r = 0): Shape => (x, y) => {
  if (x < x0 || x > x1 || y < y0 || y > y1) return false;
  const cx = Math.min(Math.max(x, x0 + r), x1 - r);
  const cy = Math.min(Math.max(y, y0 + r), y1 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
};
const ellipse = (cx: number, cy: number, rx: number, ry: number): Shape => (x, y) => ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1;
const circle = (cx: number, cy: number, r: number): Shape => ellipse(cx, cy, r, r);
const diamond = (cx: number, cy: number, rx: number, ry: number): Shape => (x, y) => Math.abs(x - cx) / rx + Math.abs(y - cy) / ry <= 1;
const both = (a: Shape, b: Shape): Shape => (x, y) => a(x, y) && b(x, y);

// ---------- the pictures ----------

function dal(c: Canvas): void {
  c.fill([255, 236, 179], rect(0, 0, SIZE, SIZE));
  // bowl of yellow lentils
  c.fill([242, 182, 50], both(ellipse(96, 104, 66, 26), (_x, y) => y < 110));
  // lentils spread evenly (the R2 low-discrepancy sequence) over the bowl's top
  for (let i = 1; i <= 70; i++) {
    const x = 38 + ((i * 0.7548776662) % 1) * 116;
    const y = 84 + ((i * 0.5698402910) % 1) * 22;
    if (ellipse(96, 104, 62, 24)(x, y)) c.fill([214, 146, 24], circle(x, y, 3.2));
  }
  c.fill([161, 98, 62], both(ellipse(96, 104, 74, 60), (_x, y) => y >= 104));
  c.fill([120, 70, 44], rect(70, 160, 122, 170, 4));
}

function atta(c: Canvas): void {
  c.fill([232, 245, 233], rect(0, 0, SIZE, SIZE));
  c.fill([236, 214, 170], rect(46, 34, 146, 170, 14)); // the bag
  c.fill([214, 188, 140], rect(46, 34, 146, 50, 8)); // its folded top
  c.fill([46, 125, 50], rect(46, 96, 146, 124)); // band
  // a wheat ear on the band's left
  for (let i = 0; i < 4; i++) c.fill([255, 213, 79], ellipse(74 + i * 9, 110 - (i % 2) * 4, 5, 8));
  c.fill([255, 255, 255], rect(112, 104, 136, 116, 3));
}

function bhujia(c: Canvas): void {
  c.fill([255, 224, 178], rect(0, 0, SIZE, SIZE));
  c.fill([230, 81, 0], rect(50, 26, 142, 168, 10)); // packet
  c.fill([191, 54, 12], rect(50, 26, 142, 40, 4)); // crimped top
  c.fill([191, 54, 12], rect(50, 154, 142, 168, 4)); // crimped bottom
  c.fill([255, 248, 225], ellipse(96, 98, 34, 28)); // window
  // strands of sev in the window
  for (let i = 0; i < 7; i++) c.fill([214, 150, 40], both(ellipse(96, 98, 32, 26), (x, y) => Math.abs(y - (80 + i * 6) - 4 * Math.sin(x / 6 + i)) < 1.6));
}

function butter(c: Canvas): void {
  c.fill([227, 242, 253], rect(0, 0, SIZE, SIZE));
  c.fill([236, 239, 241], ellipse(96, 134, 80, 22)); // plate
  c.fill([207, 216, 220], both(ellipse(96, 134, 80, 22), (_x, y) => y > 140));
  c.fill([255, 213, 79], rect(44, 78, 148, 134, 6)); // block
  c.fill([255, 236, 153], rect(44, 78, 148, 92, 6)); // its top face
  c.fill([21, 101, 192], rect(60, 104, 132, 118, 3)); // wrapper stripe
}

function biscuits(c: Canvas): void {
  c.fill([255, 243, 224], rect(0, 0, SIZE, SIZE));
  for (let i = 0; i < 5; i++) {
    const y = 142 - i * 20;
    c.fill([196, 134, 50], rect(44 + i * 2, y, 148 - i * 2, y + 16, 5));
    c.fill([224, 168, 78], rect(46 + i * 2, y + 1, 146 - i * 2, y + 12, 5));
    for (let d = 0; d < 6; d++) c.fill([170, 110, 38], circle(58 + i * 2 + d * 15, y + 7, 1.6));
  }
}

function kaju(c: Canvas): void {
  c.fill([243, 229, 245], rect(0, 0, SIZE, SIZE));
  c.fill([123, 31, 162], rect(24, 40, 168, 160, 12)); // box
  c.fill([255, 215, 64], rect(24, 92, 168, 104)); // ribbon
  c.fill([255, 215, 64], rect(90, 40, 102, 160));
  // katli diamonds with silver varq on the lid
  for (const [x, y] of [[56, 66], [136, 66], [56, 132], [136, 132]] as const) {
    c.fill([245, 240, 230], diamond(x, y, 20, 14));
    c.fill([200, 200, 210], diamond(x, y, 12, 8));
  }
}

export const PRODUCT_PICTURES = { dal, atta, bhujia, butter, biscuits, kaju } as const;

// ---------- PNG ----------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

function png(rgb: Uint8Array, size: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const raw = Buffer.alloc(size * (size * 3 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 3 + 1)] = 0; // filter: none
    Buffer.from(rgb.buffer, rgb.byteOffset + y * size * 3, size * 3).copy(raw, y * (size * 3 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const OUT = fileURLToPath(new URL('../server/data/media/', import.meta.url));

for (const [name, draw] of Object.entries(PRODUCT_PICTURES)) {
  const canvas = new Canvas([255, 255, 255]);
  draw(canvas);
  const file = `${OUT}product-${name}.png`;
  writeFileSync(file, png(canvas.downsample(), SIZE));
  console.log(file);
}
