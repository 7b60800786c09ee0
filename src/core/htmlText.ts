/**
 * Rich text as a reader sees it: what the grid's cells, copies, filters, sorts and exports
 * of an `html` column read, and what meta descriptions are cut from. Script and style
 * blocks go; inline tags (bold, italic, links, spans…) are removed without a trace, so
 * '<strong>2009</strong>.' reads '2009.'; every other tag (paragraphs, line breaks, list
 * items, cells, images, unknown tags) is a word boundary. Entities are decoded in one pass
 * ('&amp;lt;' reads '&lt;'), whitespace runs (JavaScript's \s) become one space, trimmed.
 *
 * Its SQL twin is app.html_text() (migration 024): the server filters and sorts by it.
 * tests/api/html-text.test.ts holds both equal on both engines; change them together.
 */
const INLINE = 'a|abbr|b|bdi|bdo|big|cite|code|data|del|dfn|em|font|i|ins|kbd|mark|q|s|samp|small|span|strike|strong|sub|sup|time|tt|u|var|wbr';

const SCRIPT = /<(script|style)[^>]*>[\s\S]*?<\/\1>/gi;
const INLINE_TAG = new RegExp(`</?(?:${INLINE})(?=[\\t\\n\\f\\r />])[^>]*>`, 'gi');
const TAG = /<[^>]*>/g;
const ENTITY = /&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z]+);/g;
const NAMED = new Map([
  ['amp', '&'],
  ['lt', '<'],
  ['gt', '>'],
  ['quot', '"'],
  ['apos', "'"],
  ['nbsp', '\u00a0'],
]);

function entity(whole: string, name: string): string {
  if (name[0] !== '#') return NAMED.get(name) ?? whole;
  const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
  // No character for NUL, lone surrogates or beyond Unicode: the entity stays as written.
  return code === 0 || (code >= 0xd800 && code <= 0xdfff) || code > 0x10ffff ? whole : String.fromCodePoint(code);
}

export function htmlText(html: string): string {
  return html.replace(SCRIPT, ' ').replace(INLINE_TAG, '').replace(TAG, ' ').replace(ENTITY, entity).replace(/\s+/g, ' ').trim();
}

const BLOCK_END = /<\/(?:p|div|h[1-6]|li|tr|blockquote|pre|ul|ol|table)\s*>|<br\s*\/?>/gi;
const LIST_ITEM = /<li(?=[\t\n\f\r />])[^>]*>/gi;

/**
 * Rich text as paragraphs of plain text (print documents: the same words in the page and
 * the PDF, never markup): a new paragraph after each block and line break, list items
 * marked '• ', each paragraph read by htmlText, empty ones dropped.
 */
export function htmlParagraphs(html: string): string[] {
  return html
    .replace(LIST_ITEM, '$&• ')
    .split(BLOCK_END)
    .map(htmlText)
    .filter((p) => p !== '' && p !== '•');
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Plain text as rich text: a paragraph per blank-line-separated block, lines within it kept by <br>, every character escaped (an AI proposal for the long description). */
export function textAsHtml(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .map((p) => `<p>${p.replace(/[&<>"]/g, (c) => ESCAPES[c]!).replace(/\n/g, '<br>')}</p>`)
    .join('');
}
