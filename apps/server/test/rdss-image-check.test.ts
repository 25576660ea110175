import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { white } from '@signet/contracts/signature-profiles';
import { checkImage } from '#rdss/profiles/image-check';
import { readImageDataUrl } from '#rdss/profiles/profile-image';
import { composeOnBackground } from '#rdss/profiles/visible-signature-image';
import { signatureImage } from './signature-images';

/** A PNG of the given header and raw (filtered) data, with correct CRCs. */
function png(width: number, height: number, raw: Buffer): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('image check (before any native decoder)', () => {
  it('takes whole PNG and JPEG files', async () => {
    expect(checkImage(await signatureImage('png', 300, 100))).toEqual({
      type: 'image/png',
      width: 300,
      height: 100,
    });
    expect(checkImage(await signatureImage('jpeg', 120, 40))).toEqual({
      type: 'image/jpeg',
      width: 120,
      height: 40,
    });
    expect(checkImage(png(2, 2, Buffer.alloc(2 * 3)))).toMatchObject({ width: 2, height: 2 });
  });

  it('refuses cut-off files, bad checksums, short image data and pixel bombs', async () => {
    const good = await signatureImage('png');
    expect(checkImage(good.subarray(0, 60))).toBeNull();
    expect(checkImage(good.subarray(0, good.length - 12))).toBeNull();
    const flipped = Buffer.from(good);
    flipped[40] = (flipped[40] ?? 0) ^ 0xff;
    expect(checkImage(flipped)).toBeNull();
    expect(checkImage(png(4, 4, Buffer.alloc(3 * 5)))).toBeNull();
    expect(checkImage(png(10_000, 10_000, Buffer.alloc(10)))).toBeNull();
    const jpeg = await signatureImage('jpeg');
    expect(checkImage(jpeg.subarray(0, jpeg.length - 2))).toBeNull();
    expect(checkImage(jpeg.subarray(0, 100))).toBeNull();
    expect(checkImage(Buffer.from('GIF89a'))).toBeNull();
    expect(checkImage(new Uint8Array(0))).toBeNull();
  });

  it('never hands a damaged image to a native decoder: refused, or decoded in JavaScript and composed', async () => {
    // A fixed pseudo-random sequence, so the same damaged files every run.
    let seed = 14;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const originals = { png: await signatureImage('png'), jpeg: await signatureImage('jpeg') };
    let refused = 0;
    for (let i = 0; i < 120; i++) {
      const type = i % 2 ? 'jpeg' : 'png';
      const bytes = Buffer.from(originals[type]);
      for (let k = 0; k <= i % 6; k++) {
        bytes[20 + Math.floor(random() * (bytes.length - 40))] = Math.floor(random() * 256);
      }
      const url = `data:image/${type};base64,${bytes.toString('base64')}`;
      try {
        const image = await readImageDataUrl(url, 'sourceImageDataUrl', 1_048_576);
        await composeOnBackground({ color: white, image }, image);
      } catch (error) {
        expect(error).toMatchObject({ code: 'VALIDATION_FAILED' });
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(60);
  });
});
