/**
 * A notice's text may come from the rich-text editor (HTML). The top bar shows it as plain text and never
 * renders it as HTML: tags become line breaks or nothing, the common entities their characters.
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

/** The readable text of a notice body, plain text or HTML; paragraphs kept, at most one empty line in a row. */
export function noticePlainText(content: string): string {
  if (!/<[a-z/!]/i.test(content)) return content.trim();
  const text = content
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(BREAKING_TAGS, '\n')
    .replace(ANY_TAG, '');
  return decodeEntities(text)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
