import JSZip from 'jszip';

/** One file to put in a ZIP archive. */
export interface ZipEntry {
  name: string;
  data: Buffer | Uint8Array | string;
}

const MAX_NAME = 120;

/**
 * A safe archive entry name: no directories (path separators become `_`), no `..`, no control or
 * Windows-reserved characters, at most 120 characters (the extension kept), never empty.
 */
export function safeEntryName(name: string): string {
  let s = name
    .replace(/[\\/]/g, '_')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '_')
    .replace(/\.{2,}/g, '.')
    .trim()
    .replace(/^[.\s]+/, '');
  if (s.length > MAX_NAME) {
    const dot = s.lastIndexOf('.');
    const ext = dot > 0 && s.length - dot <= 10 ? s.slice(dot) : '';
    s = s.slice(0, MAX_NAME - ext.length) + ext;
  }
  return s || 'file';
}

/** Names made safe and unique (case-insensitively): a repeated `a.docx` becomes `a (2).docx`, `a (3).docx`. */
export function uniqueEntryNames(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((raw) => {
    const safe = safeEntryName(raw);
    let name = safe;
    const dot = safe.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [safe.slice(0, dot), safe.slice(dot)] : [safe, ''];
    for (let n = 2; used.has(name.toLowerCase()); n += 1) name = `${stem} (${n})${ext}`;
    used.add(name.toLowerCase());
    return name;
  });
}

/** The files as one ZIP archive (DEFLATE), every entry at the top level with a safe unique name. */
export async function zipFiles(entries: readonly ZipEntry[]): Promise<Buffer> {
  const zip = new JSZip();
  const names = uniqueEntryNames(entries.map((e) => e.name));
  entries.forEach((e, i) => zip.file(names[i]!, e.data, { binary: typeof e.data !== 'string' }));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 6 } });
}
