/**
 * What a translation request sends and answers, engine-independent: the request's text (one
 * string, or named fields) as segments — each plain text or HTML — and the answer rebuilt in
 * the request's shape per target language. Empty texts are not sent (their translation is
 * empty); HTML comes back sanitized as stored rich text is (actions/engine/html.ts).
 */
import { sanitizeHtml } from '../actions/engine/html.ts';

export type TranslateText = string | Record<string, string>;

export interface Segment {
  /** '' for a single string, else the field's name. */
  field: string;
  text: string;
  html: boolean;
}

/** An HTML element's tag or an entity: the text is sent as HTML so that its markup survives. */
const HTML = /<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>|&(?:[a-z]+|#\d+|#x[0-9a-f]+);/i;

const isHtml = (text: string): boolean => HTML.test(text);

/** The segments to send (the non-empty texts), in the request's order. */
export function segmentsOf(text: TranslateText): Segment[] {
  const entries: [string, string][] = typeof text === 'string' ? [['', text]] : Object.entries(text);
  return entries.filter(([, t]) => t.trim() !== '').map(([field, t]) => ({ field, text: t, html: isHtml(t) }));
}

/** The characters a request bills: the engines count the characters sent, per target language. */
export const charactersOf = (segments: readonly { text: string }[]): number => segments.reduce((n, s) => n + s.text.length, 0);

/** One target language's answer in the request's shape: `translated[i]` is segment i's text. */
export function rebuild(text: TranslateText, segments: readonly Segment[], translated: readonly string[]): TranslateText {
  const got = new Map(segments.map((s, i) => [s.field, s.html ? sanitizeHtml(translated[i]!) : translated[i]!]));
  if (typeof text === 'string') return got.get('') ?? '';
  return Object.fromEntries(Object.keys(text).map((f) => [f, got.get(f) ?? '']));
}

/**
 * Splits segments into the batches an engine takes: at most `maxItems` texts and about
 * `maxChars` characters (a longer text goes alone), plain text and HTML apart (each batch
 * says its format once). Answers each batch with its segments' indexes.
 */
export function batches(segments: readonly Segment[], maxItems: number, maxChars: number): { html: boolean; indexes: number[] }[] {
  const out: { html: boolean; indexes: number[] }[] = [];
  for (const html of [false, true]) {
    let cur: number[] = [];
    let chars = 0;
    segments.forEach((s, i) => {
      if (s.html !== html) return;
      if (cur.length && (cur.length >= maxItems || chars + s.text.length > maxChars)) {
        out.push({ html, indexes: cur });
        cur = [];
        chars = 0;
      }
      cur.push(i);
      chars += s.text.length;
    });
    if (cur.length) out.push({ html, indexes: cur });
  }
  return out;
}
