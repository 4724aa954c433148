import { describe, expect, it } from 'vitest';
import { md5Hex } from './md5';

/** Digests from node:crypto of bytes (i * 31 + size) & 0xff, at the padding boundaries and beyond. */
const PATTERN_DIGESTS: [number, string][] = [
  [55, 'fa1ee565da064b26ecce74a83aa4bf8c'],
  [56, '4816b1cca34a57a3a6e751d958dd9e9b'],
  [57, '81c05033ac5be9dfa2a7abf85753ebd0'],
  [63, '9fe8ad4ec318f2df2d53f22afb08bda7'],
  [64, '171f68812908fe2ccf0b1a3cfd345b03'],
  [65, '61ee6a89fa80e9054ee19f3af13b52bd'],
  [119, '88093ab624b7b278c38b0c9dedbedfa8'],
  [120, '8faf0c40fe4bd11fa2e4b5c08b76a006'],
  [128, '7cde02ba23c3f372cdc11ad390fe99c0'],
  [1000, 'ec212097c05d77e5c154e72cd3c154bb'],
  [70001, 'f89ba9f07ba5a92304e6dea0a5a61bca'],
];

const text = (value: string) => new TextEncoder().encode(value);

describe('md5Hex (the upload fileMd5) [spec:S0.3.10]', () => {
  it('gives the RFC 1321 test-suite digests', () => {
    expect(md5Hex(text(''))).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(md5Hex(text('a'))).toBe('0cc175b9c0f1b6a831c399e269772661');
    expect(md5Hex(text('abc'))).toBe('900150983cd24fb0d6963f7d28e17f72');
    expect(md5Hex(text('message digest'))).toBe('f96b697d7cb7938d525a2f31aaf161d0');
    expect(md5Hex(text('abcdefghijklmnopqrstuvwxyz'))).toBe('c3fcd3d76192e4007dfb496cca67e13b');
    expect(md5Hex(text('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'))).toBe(
      'd174ab98d277d9f5a5611c2c9f419d9f',
    );
    expect(
      md5Hex(text('12345678901234567890123456789012345678901234567890123456789012345678901234567890')),
    ).toBe('57edf4a22be3c955ac49da2e2107b67a');
  });

  it('agrees with node:crypto at every padding boundary and on binary data', () => {
    for (const [size, digest] of PATTERN_DIGESTS) {
      const bytes = new Uint8Array(size).map((_, i) => (i * 31 + size) & 0xff);
      expect(md5Hex(bytes), `size ${size}`).toBe(digest);
    }
  });

  it('takes an ArrayBuffer as well as bytes', () => {
    expect(md5Hex(text('abc').buffer)).toBe('900150983cd24fb0d6963f7d28e17f72');
  });
});
