import { pipeline, Readable, Transform } from 'node:stream';
import { createInflateRaw } from 'node:zlib';

/**
 * Just enough ZIP to read an .xlsx within limits (docs/user-import.md "Limits"): the central directory
 * gives each entry's declared sizes, so a workbook that would unpack beyond the limits is refused before
 * anything is inflated; an entry is inflated as a stream that stops at its declared size (a directory that
 * lies about sizes is caught while reading, not after).
 */

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

export interface ZipLimits {
  /** Sum of the declared unpacked sizes of all entries. */
  maxUnpackedBytes: number;
  /** Largest unpacked / packed size of one entry (entries of 1 MB or more). */
  maxCompressionRatio: number;
}

/** A workbook refused by a limit or by its structure; the message says which, for the uploader. */
export class ZipLimitError extends Error {}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
/** An .xlsx has a few dozen entries; thousands are not a workbook. */
const MAX_ENTRIES = 2000;
/** Below this an entry's ratio says nothing (a tiny XML part compresses very well). */
const RATIO_MIN_BYTES = 1024 * 1024;

const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;

/** Reads the central directory and checks the declared sizes against the limits. */
export function readZipDirectory(bytes: Buffer, limits: ZipLimits): Map<string, ZipEntry> {
  const eocd = findEndOfDirectory(bytes);
  if (eocd < 0) throw new ZipLimitError('the file is not a readable spreadsheet (no ZIP directory)');
  const count = bytes.readUInt16LE(eocd + 10);
  const size = bytes.readUInt32LE(eocd + 12);
  const offset = bytes.readUInt32LE(eocd + 16);
  if (count === 0xffff || offset === 0xffffffff) {
    throw new ZipLimitError('the workbook is a ZIP64 archive, which an import does not read');
  }
  if (count > MAX_ENTRIES) throw new ZipLimitError(`the workbook has more than ${MAX_ENTRIES} parts`);
  if (offset + size > bytes.length) throw new ZipLimitError('the file is not a readable spreadsheet');
  const entries = new Map<string, ZipEntry>();
  let total = 0;
  let p = offset;
  for (let i = 0; i < count; i += 1) {
    if (p + 46 > bytes.length || bytes.readUInt32LE(p) !== CENTRAL_SIGNATURE) {
      throw new ZipLimitError('the file is not a readable spreadsheet (damaged ZIP directory)');
    }
    const method = bytes.readUInt16LE(p + 10);
    const compressedSize = bytes.readUInt32LE(p + 20);
    const uncompressedSize = bytes.readUInt32LE(p + 24);
    const nameLength = bytes.readUInt16LE(p + 28);
    const extraLength = bytes.readUInt16LE(p + 30);
    const commentLength = bytes.readUInt16LE(p + 32);
    const localHeaderOffset = bytes.readUInt32LE(p + 42);
    const name = bytes.toString('utf8', p + 46, p + 46 + nameLength);
    p += 46 + nameLength + extraLength + commentLength;
    if (compressedSize === 0xffffffff || uncompressedSize === 0xffffffff) {
      throw new ZipLimitError('the workbook is a ZIP64 archive, which an import does not read');
    }
    total += uncompressedSize;
    if (total > limits.maxUnpackedBytes) {
      throw new ZipLimitError(
        `the workbook unpacks to more than ${mb(limits.maxUnpackedBytes)}, the limit of an import; split it into smaller files`,
      );
    }
    if (
      uncompressedSize >= RATIO_MIN_BYTES &&
      uncompressedSize > limits.maxCompressionRatio * Math.max(compressedSize, 1)
    ) {
      throw new ZipLimitError(
        `a part of the workbook (${name}) unpacks to more than ${limits.maxCompressionRatio} times its packed size, the limit of an import`,
      );
    }
    entries.set(name, { name, method, compressedSize, uncompressedSize, localHeaderOffset });
  }
  return entries;
}

function findEndOfDirectory(bytes: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65,535.
  const stop = Math.max(0, bytes.length - 22 - 65535);
  for (let i = bytes.length - 22; i >= stop; i -= 1) {
    if (bytes.readUInt32LE(i) === EOCD_SIGNATURE) return i;
  }
  return -1;
}

/**
 * An entry's bytes as a stream of at most its declared unpacked size: inflating stops with an error as
 * soon as the data goes beyond it (a directory that understates a size).
 */
export function openZipEntry(bytes: Buffer, entry: ZipEntry): Readable {
  const p = entry.localHeaderOffset;
  if (p + 30 > bytes.length || bytes.readUInt32LE(p) !== LOCAL_SIGNATURE) {
    throw new ZipLimitError('the file is not a readable spreadsheet (damaged ZIP entry)');
  }
  const start = p + 30 + bytes.readUInt16LE(p + 26) + bytes.readUInt16LE(p + 28);
  const packed = bytes.subarray(start, start + entry.compressedSize);
  if (packed.length !== entry.compressedSize) {
    throw new ZipLimitError('the file is not a readable spreadsheet (truncated ZIP entry)');
  }
  let seen = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > entry.uncompressedSize) {
        done(
          new ZipLimitError(
            `a part of the workbook (${entry.name}) unpacks to more than the size its ZIP directory declares`,
          ),
        );
      } else done(null, chunk);
    },
  });
  const source = Readable.from([packed], { objectMode: false });
  if (entry.method !== 0 && entry.method !== 8) {
    throw new ZipLimitError(`a part of the workbook uses an unknown compression (${entry.method})`);
  }
  // pipeline: an error anywhere (the cap above included) stops the inflating too.
  const done = (err: Error | null) => {
    if (err && !cap.destroyed) cap.destroy(err);
  };
  if (entry.method === 0) pipeline(source, cap, done);
  else {
    const inflate = createInflateRaw({ chunkSize: 64 * 1024 });
    pipeline(source, inflate, cap, (err) =>
      done(
        err && !(err instanceof ZipLimitError)
          ? new ZipLimitError('the file is not a readable spreadsheet (bad compressed data)')
          : err,
      ),
    );
  }
  return cap;
}
