// Pictures for upload tests: real PNGs (so the browser decodes and crops them), made here with zlib.
import { crc32, deflateSync } from 'node:zlib';

type Rgb = [number, number, number];

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A width × height 8-bit RGB PNG, pixel (x, y) in the colour `pixel` gives. */
function png(width: number, height: number, pixel: (x: number, y: number) => Rgb): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit depth, truecolour, deflate, no filter method, no interlace
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3); // filter byte 0, then the pixels
    for (let x = 0; x < width; x += 1) row.set(pixel(x, y), 1 + x * 3);
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A width × height RGB PNG: a diagonal gradient in the given colour, so crops differ visibly. */
export function pngImage(width: number, height: number, colour: Rgb = [250, 204, 21]): Buffer {
  return png(width, height, (x, y) => {
    const shade = (x + y) / (width + height);
    return [Math.round(colour[0] * shade), Math.round(colour[1] * shade), Math.round(colour[2] * shade)];
  });
}

/** A solid-colour RGB PNG of the given size. */
export function solidPngImage(width: number, height: number, rgb: Rgb = [250, 204, 21]): Buffer {
  return png(width, height, () => rgb);
}
