/**
 * Cells of rich-text (`html`) multi columns: the text as a reader sees it (core/htmlText.ts:
 * no tags, entities decoded, one space between blocks), rendered as text — never as markup;
 * the formatting lives in the form's editor only. A chunk of its own, loaded by the first
 * such cell (renderers/index.tsx), which also takes the multi renderer's copy `text` from
 * here: list routes without rich text never load it.
 */
import { htmlText } from '../../../core/htmlText.ts';
import { ownText } from '../../../core/multiText.ts';
import type { RenderArgs } from '../types.ts';

/** The text of a value per language, read once (a page body can be long; cells render often). */
const read = new WeakMap<object, Map<string, string>>();

/** A multi cell's text in the language (else its fallback, which the cell marks); rich text as read. */
function multiText({ value, col, ctx }: RenderArgs): string {
  const raw = ctx.multi(value);
  if (!col.meta.html || !value || typeof value !== 'object') return raw;
  let byLang = read.get(value);
  if (!byLang) read.set(value, (byLang = new Map()));
  let text = byLang.get(ctx.lang);
  if (text === undefined) byLang.set(ctx.lang, (text = htmlText(raw)));
  return text;
}

/** What a copy takes: the language's own text only (no fallback), rich text as read. */
export function copyText({ value, col, ctx }: RenderArgs): string {
  const own = ownText(value, ctx.lang);
  return col.meta.html ? htmlText(own) : own;
}

export default function RichText(a: RenderArgs): string {
  return multiText(a);
}
