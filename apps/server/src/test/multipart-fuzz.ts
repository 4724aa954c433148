import type { RouteDef } from '../core/http/register';

/** A request body sent as multipart/form-data, with the content type that goes with it. */
export interface MultipartCase {
  name: string;
  contentType: string;
  body: Buffer;
}

const B = 'b';
const CT = `multipart/form-data; boundary=${B}`;
const filePartHead = (name = 'file', filename = 'a.xlsx') =>
  `--${B}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;

/**
 * Malformed multipart bodies: cut short at every stage, boundaries missing or wrong, too many parts,
 * garbage. The first one is the request that stopped the server (a file part cut short, on any path).
 */
export function malformedMultipartCases(): MultipartCase[] {
  const fields = (n: number) =>
    Array.from(
      { length: n },
      (_, i) => `--${B}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`,
    ).join('');
  const files = (n: number) =>
    Array.from({ length: n }, (_, i) => `${filePartHead(`file${i}`, `f${i}.png`)}x\r\n`).join('');
  return [
    { name: 'file part cut short', contentType: CT, body: Buffer.from(`${filePartHead()}PK\x03`, 'latin1') },
    {
      name: 'part header cut short',
      contentType: CT,
      body: Buffer.from(`--${B}\r\nContent-Disposition: form-da`),
    },
    {
      name: 'closing boundary cut short',
      contentType: CT,
      body: Buffer.from(`${filePartHead()}PK\x03\x04data\r\n--${B}-`, 'latin1'),
    },
    {
      name: 'no closing boundary',
      contentType: CT,
      body: Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="fileMd5"\r\n\r\nabc\r\n`),
    },
    { name: 'empty body', contentType: CT, body: Buffer.alloc(0) },
    {
      name: 'no boundary parameter',
      contentType: 'multipart/form-data',
      body: Buffer.from(`${filePartHead()}x\r\n--${B}--\r\n`),
    },
    {
      name: 'boundary that does not match',
      contentType: 'multipart/form-data; boundary=zzz',
      body: Buffer.from(`${filePartHead()}x\r\n--${B}--\r\n`),
    },
    {
      name: 'part without a content-disposition',
      contentType: CT,
      body: Buffer.from(`--${B}\r\nContent-Type: text/plain\r\n\r\nx\r\n--${B}--\r\n`),
    },
    {
      name: 'binary garbage',
      contentType: CT,
      body: Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256)),
    },
    { name: 'too many fields', contentType: CT, body: Buffer.from(`${fields(80)}--${B}--\r\n`) },
    { name: 'too many files', contentType: CT, body: Buffer.from(`${files(8)}--${B}--\r\n`) },
    {
      name: 'too many files, the last cut short',
      contentType: CT,
      body: Buffer.from(`${files(8)}${filePartHead()}PK`, 'latin1'),
    },
  ];
}

/** A well-formed multipart body just over `limit` bytes: the file part fills it. */
export function oversizedMultipartCase(limit: number): MultipartCase {
  const head = Buffer.from(filePartHead());
  const tail = Buffer.from(`\r\n--${B}--\r\n`);
  return {
    name: `well-formed, ${limit + 1} bytes`,
    contentType: CT,
    body: Buffer.concat([head, Buffer.alloc(limit + 1 - head.length - tail.length, 0x61), tail]),
  };
}

/** The routes whose contract takes a multipart body (the uploads). */
export const multipartRoutes = (routes: readonly RouteDef[]): RouteDef[] =>
  routes.filter((r) => r.endpoint.bodyType === 'multipart');

/** The largest body a route accepts: its own limit, or the app's default. */
export const bodyLimitOf = (route: RouteDef | null, appDefault: number): number =>
  route?.bodyLimit ?? appDefault;
