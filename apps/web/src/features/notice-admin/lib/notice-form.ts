import { NOTICE_LIMITS } from '@psy/contracts';

/**
 * Whether the editor's HTML holds nothing to read: no text (spaces and `&nbsp;` do not count) and no
 * image. Browsers leave `<br>` or `<p><br></p>` behind in an emptied editable area.
 */
export function isBlankNoticeHtml(html: string): boolean {
  if (/<img\b/i.test(html)) return false;
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;|&#xa0;/gi, ' ')
    .trim();
  return text.length === 0;
}

/** Whether the HTML fits the server's cap (the content counts its markup). */
export function isNoticeHtmlTooLong(html: string): boolean {
  return html.length > NOTICE_LIMITS.content;
}

const LINK_SCHEMES = ['http:', 'https:', 'mailto:'];

/**
 * The address a link in the editor may point to: http, https or mailto (the server removes any other,
 * docs/messages-and-notices.md); an address without a scheme is taken as https, an e-mail address as
 * mailto. Null when it cannot be a link.
 */
export function linkHref(input: string): string | null {
  const text = input.trim();
  if (!text || /\s/.test(text)) return null;
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(text);
  const candidate = hasScheme
    ? text
    : /^[^@/]+@[^@/]+\.[^@/]+$/.test(text)
      ? `mailto:${text}`
      : `https://${text.replace(/^\/\//, '')}`;
  try {
    const url = new URL(candidate);
    if (!LINK_SCHEMES.includes(url.protocol)) return null;
    if (url.protocol !== 'mailto:' && !url.hostname) return null;
    return url.href;
  } catch {
    return null;
  }
}

export interface AudienceDept {
  id: number;
  name: string;
}

/** Adds a department to the chosen audience once, keeping the order of choosing. */
export function addAudienceDept(list: readonly AudienceDept[], dept: AudienceDept): AudienceDept[] {
  return list.some((d) => d.id === dept.id) ? [...list] : [...list, dept];
}

/** Whether a notice goes to everyone of the school (no department and no role chosen). */
export function isForEveryone(audience: { depts: readonly unknown[]; roles: readonly unknown[] }): boolean {
  return audience.depts.length === 0 && audience.roles.length === 0;
}
