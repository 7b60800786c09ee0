/**
 * A message's source → what the grid and the reader keep: subject, sender, date, the text
 * part, and the HTML part sanitized (postal-mime parses MIME, charsets and encodings). The
 * HTML keeps text formatting, lists, tables and links (rel="noopener noreferrer"); scripts,
 * styles, forms, event handlers and images go — a remote image in a mail is a tracking pixel,
 * and the reader shows the HTML in a sandboxed frame besides. Text is cleaned of what
 * PostgreSQL text cannot hold.
 */
import PostalMime from 'postal-mime';
import sanitize from 'sanitize-html';
import { htmlText } from '../../core/htmlText.ts';
import { RICH_TEXT_TAGS } from '../actions/engine/html.ts';

export interface ParsedMail {
  subject: string;
  sender: string;
  senderAddress: string;
  messageId: string;
  /** ISO time of the Date header, or null when it has none that parses. */
  date: string | null;
  text: string;
  html: string;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** Text PostgreSQL can hold, at most `max` characters. */
export const pgText = (s: string | undefined, max: number): string => (s ?? '').replaceAll('\u0000', '').replace(LONE_SURROGATE, '').slice(0, max);

const MAX_BODY = 200_000;

const mailHtml: sanitize.IOptions = {
  // The rich-text tags without images (a remote image in a mail is a tracking pixel), with mail's layout tags.
  allowedTags: [...RICH_TEXT_TAGS.filter((t) => t !== 'img'), 'div', 'h5', 'h6', 'tfoot'],
  allowedAttributes: { a: ['href', 'rel', 'target'], td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  // Dropped with their content: what they hold is code or layout, not the mail's words.
  nonTextTags: ['style', 'script', 'textarea', 'option', 'noscript', 'title', 'head'],
  transformTags: { a: sanitize.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
};

export const sanitizeMailHtml = (html: string): string => sanitize(html, mailHtml);

/** "Name <address>", or the address alone when there is no name. */
const said = (a: { name?: string; address?: string } | undefined): string => (a ? (a.name ? `${a.name} <${a.address ?? ''}>` : (a.address ?? '')) : '');

export async function parseMail(source: Buffer | Uint8Array): Promise<ParsedMail> {
  const m = await PostalMime.parse(source);
  const from = m.from && 'address' in m.from ? m.from : undefined;
  const html = m.html ? sanitizeMailHtml(pgText(m.html, MAX_BODY * 2)) : '';
  const text = m.text ?? (m.html ? htmlText(m.html) : '');
  const date = m.date ? new Date(m.date) : null;
  return {
    subject: pgText(m.subject, 1000),
    sender: pgText(said(from), 500),
    senderAddress: pgText(from?.address, 320),
    messageId: pgText(m.messageId, 1000),
    date: date && !Number.isNaN(date.getTime()) ? date.toISOString() : null,
    text: pgText(text, MAX_BODY),
    html: pgText(html, MAX_BODY * 2),
  };
}
