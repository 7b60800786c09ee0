import sanitize from 'sanitize-html';

/** The tags rich text keeps (Quill's output); the mail reader's sanitizer starts from them too (imap/body.ts). */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'blockquote',
  'code',
  'pre',
  'h1',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'span',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'hr',
] as const;

/**
 * Rich text (columns with `html: true`) is stored sanitized: formatting, lists, links,
 * images and tables survive; scripts, event handlers, styles and javascript: URLs do not.
 */
const options: sanitize.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    '*': ['class'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  // Quill's formatting classes only.
  allowedClasses: { '*': [/^ql-[a-z0-9-]+$/] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: { a: sanitize.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

export const sanitizeHtml = (html: string): string => sanitize(html, options);

/** Each language's text of a multi-language rich-text value, sanitized. */
export function sanitizeMulti(value: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(value).map(([lang, html]) => [lang, sanitizeHtml(html)]));
}
