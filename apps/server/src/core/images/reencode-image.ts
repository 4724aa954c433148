import sharp, { type FormatEnum, type Metadata } from 'sharp';

// Each image is decoded once; libvips' operation cache would only hold memory.
sharp.cache(false);

/** Image types an upload may have, recognised by their first bytes. */
export type ImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

/** What one kind of uploaded image may be (signature, avatar, page-setup icon or logo). */
export interface ImageRules {
  /** Types accepted, by content, whatever the name or data-URL label says. */
  types: readonly ImageType[];
  /** Largest encoded image accepted, in bytes. */
  maxBytes: number;
  /** Largest decoded image, in pixels: a file of a few kilobytes can unpack to gigabytes. */
  maxPixels: number;
  /** The stored image fits in this box (a larger one is shrunk, never enlarged). */
  box: { width: number; height: number };
}

export type ImageIssue = 'empty' | 'type' | 'size' | 'pixels' | 'unreadable';

/** An upload that is not an acceptable image of its kind; the service turns it into a 400 naming its field. */
export class ImageRefusedError extends Error {
  constructor(readonly issue: ImageIssue) {
    super(`image refused: ${issue}`);
  }
}

/** The image type from the first bytes, or null. */
export function sniffImage(bytes: Uint8Array): ImageType | null {
  const at = (i: number, ...b: number[]) => b.every((v, k) => bytes[i + k] === v);
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (at(0, 0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'image/webp';
  return null;
}

const FORMAT_OF: Record<ImageType, keyof FormatEnum & string> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/**
 * Decodes an uploaded image and encodes it again, in its own format, with sharp (libvips): only the
 * pixels survive. Whatever followed the image data (a ZIP or HTML appended to make a polyglot), any
 * metadata (EXIF with a photo's place, comments) and all but the first frame are dropped; the EXIF
 * orientation is applied first; an image larger than the kind's box is shrunk into it. Refused, before
 * any pixel is decoded, are an empty file, one over `maxBytes`, one whose first bytes are not an
 * accepted type, and one over `maxPixels`; a file that does not decode is refused too.
 */
export async function reencodeImage(
  bytes: Uint8Array,
  rules: ImageRules,
): Promise<{ bytes: Buffer; type: ImageType; width: number; height: number }> {
  if (bytes.length === 0) throw new ImageRefusedError('empty');
  if (bytes.length > rules.maxBytes) throw new ImageRefusedError('size');
  const type = sniffImage(bytes);
  if (!type || !rules.types.includes(type)) throw new ImageRefusedError('type');
  const input = () => sharp(bytes, { limitInputPixels: rules.maxPixels, failOn: 'error', pages: 1 });
  let meta: Metadata;
  try {
    meta = await input().metadata();
  } catch (err) {
    throw new ImageRefusedError(isPixelLimit(err) ? 'pixels' : 'unreadable');
  }
  if (meta.format !== FORMAT_OF[type]) throw new ImageRefusedError('type');
  if ((meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0) > rules.maxPixels) {
    throw new ImageRefusedError('pixels');
  }
  try {
    const out = await input()
      .rotate()
      .resize({ ...rules.box, fit: 'inside', withoutEnlargement: true })
      .toFormat(FORMAT_OF[type], type === 'image/jpeg' || type === 'image/webp' ? { quality: 85 } : {})
      .toBuffer({ resolveWithObject: true });
    return { bytes: out.data, type, width: out.info.width, height: out.info.height };
  } catch (err) {
    throw new ImageRefusedError(isPixelLimit(err) ? 'pixels' : 'unreadable');
  }
}

const isPixelLimit = (err: unknown) => /pixel limit/i.test(String(err));
