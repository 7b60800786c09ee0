/**
 * The value a filter, a sort and a keyset cursor see of a row's field, for both sides: a
 * multi-language column's own text in the query's language (rich text as read,
 * core/htmlText.ts — the server's app.html_text), NULL for no value, else the value.
 * The server reads the same in SQL (engine/list.ts `expr`) and sends cursors so (`cursorOf`).
 */
import { htmlText } from '../htmlText.ts';
import { ownTextOrNull } from './langText.ts';

export interface ValueColumn {
  /** A multi-language column. */
  multi?: boolean | undefined;
  /** Rich text (an html multi column). */
  html?: boolean | undefined;
}

export function queryValue(value: unknown, col: ValueColumn, lang: string): unknown {
  if (col.multi) {
    const t = ownTextOrNull(value, lang);
    return t !== null && col.html ? htmlText(t) : t;
  }
  return value === undefined ? null : value;
}
