import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ImageRefusedError, reencodeImage, sniffImage, type ImageRules } from './reencode-image';

const RULES: ImageRules = {
  types: ['image/png', 'image/jpeg'],
  maxBytes: 200 * 1024,
  maxPixels: 4_000_000,
  box: { width: 400, height: 200 },
};

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 10, g: 20, b: 30, alpha: 1 } } })
    .png()
    .toBuffer();

/** A ZIP archive's local file header and a little content: what a polyglot appends. */
const ZIP_TAIL = Buffer.concat([
  Buffer.from('PK\x03\x04', 'latin1'),
  Buffer.from('evil.html<script>1</script>'),
]);
const HTML_TAIL = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');

async function refusal(run: Promise<unknown>): Promise<string> {
  try {
    await run;
    return 'accepted';
  } catch (err) {
    if (err instanceof ImageRefusedError) return err.issue;
    throw err;
  }
}

describe('reencodeImage', () => {
  it('drops a ZIP or HTML appended after the image bytes (polyglots)', async () => {
    for (const tail of [ZIP_TAIL, HTML_TAIL]) {
      const polyglot = Buffer.concat([await png(20, 10), tail]);
      const out = await reencodeImage(polyglot, RULES);
      expect(out.type).toBe('image/png');
      expect(out.bytes.includes(Buffer.from('PK\x03\x04', 'latin1'))).toBe(false);
      expect(out.bytes.includes(Buffer.from('<script>'))).toBe(false);
      expect(await sharp(out.bytes).metadata()).toMatchObject({ format: 'png', width: 20, height: 10 });
    }
  });

  it('refuses a file that is not an image of an accepted type, whatever it is called', async () => {
    expect(await refusal(reencodeImage(Buffer.from('<html>not an image</html>'), RULES))).toBe('type');
    expect(await refusal(reencodeImage(Buffer.concat([Buffer.from('PK\x03\x04'), ZIP_TAIL]), RULES))).toBe(
      'type',
    );
    const gif = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect(await refusal(reencodeImage(gif, RULES))).toBe('type');
    // A PNG signature in front of garbage does not decode.
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), HTML_TAIL]);
    expect(await refusal(reencodeImage(fake, RULES))).toBe('unreadable');
    expect(await refusal(reencodeImage(Buffer.alloc(0), RULES))).toBe('empty');
  });

  it('refuses a file over its size, and a small file that unpacks to too many pixels', async () => {
    expect(await refusal(reencodeImage(Buffer.alloc(RULES.maxBytes + 1, 0xff), RULES))).toBe('size');
    // 3000 x 3000 of one colour is a few kilobytes of PNG but 9 million pixels.
    const bomb = await png(3000, 3000);
    expect(bomb.length).toBeLessThan(RULES.maxBytes);
    expect(await refusal(reencodeImage(bomb, RULES))).toBe('pixels');
  });

  it('shrinks into the box, never enlarges, keeps the format and drops metadata', async () => {
    const big = await reencodeImage(await png(1000, 300), RULES);
    expect([big.width, big.height]).toEqual([400, 120]);
    const small = await reencodeImage(await png(30, 30), RULES);
    expect([small.width, small.height]).toEqual([30, 30]);
    const photo = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#c84' } })
      .jpeg()
      .withExif({ IFD0: { ImageDescription: 'taken at home', Copyright: 'someone' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const out = await reencodeImage(photo, RULES);
    expect(out.type).toBe('image/jpeg');
    expect((await sharp(out.bytes).metadata()).exif).toBeUndefined();
    expect(out.bytes.includes(Buffer.from('taken at home'))).toBe(false);
  });

  it('recognises the accepted types by their first bytes', async () => {
    expect(sniffImage(await png(1, 1))).toBe('image/png');
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImage(Buffer.from('GIF89a'))).toBe('image/gif');
    expect(sniffImage(Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 ', 'latin1'))).toBe('image/webp');
    expect(sniffImage(Buffer.from('%PDF-1.7'))).toBeNull();
  });
});
