import { inflateSync } from 'node:zlib';

const CHANNELS: Readonly<Record<number, number>> = { 0: 1, 2: 3, 4: 2, 6: 4 };

/**
 * Count the "ink" pixels of an 8-bit PNG (gray, RGB, with or without alpha): pixels whose first
 * channel is darker than mid-grey. Enough to tell a rendered page from a blank one in tests.
 */
export function countInkPixels(png: Buffer): { width: number; height: number; ink: number } {
  if (png.subarray(0, 8).toString('latin1') !== '\x89PNG\r\n\x1a\n') throw new Error('Not a PNG file.');
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.subarray(offset + 4, offset + 8).toString('latin1');
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      if (body[8] !== 8 || body[12] !== 0) throw new Error('Only 8-bit, non-interlaced PNGs are supported.');
      channels = CHANNELS[body[9]!] ?? 0;
      if (channels === 0) throw new Error(`Unsupported PNG colour type ${body[9]}.`);
    } else if (type === 'IDAT') {
      data.push(body);
    }
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  let previous = Buffer.alloc(stride);
  let ink = 0;
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = Buffer.from(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)));
    unfilter(filter, line, previous, channels);
    for (let x = 0; x < width; x++) if (line[x * channels]! < 128) ink += 1;
    previous = line;
  }
  return { width, height, ink };
}

// PNG filters (RFC 2083 section 6): each byte is predicted from the left, upper and upper-left bytes.
function unfilter(filter: number, line: Buffer, previous: Buffer, bpp: number): void {
  for (let i = 0; i < line.length; i++) {
    const left = i >= bpp ? line[i - bpp]! : 0;
    const up = previous[i]!;
    const upLeft = i >= bpp ? previous[i - bpp]! : 0;
    let predictor = 0;
    if (filter === 1) predictor = left;
    else if (filter === 2) predictor = up;
    else if (filter === 3) predictor = (left + up) >> 1;
    else if (filter === 4) predictor = paeth(left, up, upLeft);
    line[i] = (line[i]! + predictor) & 0xff;
  }
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}
