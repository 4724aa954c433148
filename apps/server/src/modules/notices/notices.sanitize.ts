import sanitizeHtml from 'sanitize-html';

/**
 * The HTML a notice may keep (rich-text editor output). Everything else is removed: script and style
 * elements with their text, event-handler attributes (on*), style attributes, and links or images whose
 * address is not http(s), mailto or (images) an inline data image.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'div',
    'span',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'del',
    'sub',
    'sup',
    'blockquote',
    'pre',
    'code',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed'],
  transformTags: {
    // A link opening a new tab must not hand the opener to the target page.
    a: (tagName, attribs) =>
      attribs.target === '_blank'
        ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }
        : { tagName, attribs },
  },
  exclusiveFilter: (frame) =>
    frame.tag === 'img' && typeof frame.attribs.src === 'string' && /^data:/i.test(frame.attribs.src)
      ? !/^data:image\/(png|jpe?g|gif|webp);/i.test(frame.attribs.src)
      : false,
};

/** The notice HTML with only allowlisted tags, attributes and URL schemes left. */
export function sanitizeNoticeHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
