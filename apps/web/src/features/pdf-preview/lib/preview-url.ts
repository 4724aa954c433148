import { isApiPath } from '@psy/contracts';

export type PreviewRefusal = 'missing' | 'invalid' | 'otherOrigin';

export type PreviewSource =
  | {
      kind: 'file';
      /** The address, made absolute. */
      href: string;
      /** Path and query, for calling it. */
      pathWithQuery: string;
      /** An API call (needs the signed, authorised request; shown from a downloaded copy). */
      isApi: boolean;
      fileName: string;
    }
  | { kind: 'refused'; reason: PreviewRefusal };

const DEFAULT_FILE_NAME = 'file.pdf';

function fileNameOf(url: URL, given: string | null): string {
  const fromQuery = given?.trim();
  if (fromQuery) return fromQuery.replace(/[\\/]/g, '_');
  const last = url.pathname.split('/').filter(Boolean).pop();
  if (!last) return DEFAULT_FILE_NAME;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/**
 * The file `/pdfPreview?url=...` may show (spec S0.2.14 file preview). Only an address of this app's own
 * origin (a relative path, or an absolute URL with the same scheme, host and port): the page fetches API
 * files with the user's credentials and shows the answer inside the app, so a link to another origin
 * would lend the app's frame to someone else's document (phishing) or, for a look-alike API path, send the
 * user's token elsewhere. `name` gives the download's file name.
 */
export function resolvePreviewSource(
  rawUrl: string | null,
  origin: string,
  name: string | null = null,
): PreviewSource {
  const raw = rawUrl?.trim();
  if (!raw) return { kind: 'refused', reason: 'missing' };
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return { kind: 'refused', reason: 'invalid' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { kind: 'refused', reason: 'invalid' };
  if (url.origin !== new URL(origin).origin) return { kind: 'refused', reason: 'otherOrigin' };
  return {
    kind: 'file',
    href: url.href,
    pathWithQuery: url.pathname + url.search,
    isApi: isApiPath(url.pathname),
    fileName: fileNameOf(url, name),
  };
}

/** The query of an API file address, as the request layer takes it (repeated keys: the last one). */
export function queryOf(pathWithQuery: string): Record<string, string> {
  const index = pathWithQuery.indexOf('?');
  if (index < 0) return {};
  return Object.fromEntries(new URLSearchParams(pathWithQuery.slice(index + 1)));
}
