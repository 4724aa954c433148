/**
 * A notice's text may come from the rich-text editor (HTML). The detail views render that HTML (it was
 * sanitised by the server when it was published, see components/notice-content.tsx); where only a line of
 * text fits, `noticePlainText` gives the text: tags become line breaks or nothing, entities their characters.
 */
const BREAKING_TAGS = /<\s*(br|\/p|\/div|\/li|\/h[1-6]|\/tr)\b[^>]*>/gi;
const ANY_TAG = /<[^>]*>/g;
const ENTITIES: Record<string, string> = {
  nbsp: ' ',
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
    }
    return ENTITIES[name.toLowerCase()] ?? match;
  });
}

/** Whether a notice body is HTML from the rich-text editor (else plain text, shown with its line breaks). */
export function isNoticeHtml(content: string): boolean {
  return /<[a-z/!]/i.test(content);
}

/** The readable text of a notice body, plain text or HTML; paragraphs kept, at most one empty line in a row. */
export function noticePlainText(content: string): string {
  if (!isNoticeHtml(content)) return content.trim();
  const text = content
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(BREAKING_TAGS, '\n')
    .replace(ANY_TAG, '');
  return decodeEntities(text)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The `id` query parameter of `/noticeList/detail`: a positive whole number, else null. */
export function noticeIdParam(raw: string | null): number | null {
  if (raw === null || !/^\d{1,15}$/.test(raw.trim())) return null;
  const id = Number(raw.trim());
  return id > 0 ? id : null;
}
