/**
 * Option columns (a descriptor's `options`) in sheets, as the grid shows them. A column whose
 * values are named (core/optionNames.ts: keep_in_stock 2 → 'On order') is exported
 * by name in the request language; import reads that name back (or the English one, as
 * yes/no), and the raw value still, so files written before keep working — case, accents and
 * spacing ignored. Anything else is a problem naming the text and the allowed names.
 */
import type { ColumnMeta } from '../../../schemas/screen.ts';
import { fold } from '../../core/fold.ts';
import { optionLabelIdOf } from '../../core/optionNames.ts';
import { catalogueText } from './catalogue.ts';
import type { Converted } from './converted.ts';
import { IMPORT_MESSAGES } from './refs.ts';

/** The name the grid shows for a value ('' for none), or undefined when the renderer names nothing. */
export function optionName(col: ColumnMeta, value: unknown, lang: string): string | undefined {
  const id = optionLabelIdOf(col);
  if (!id) return undefined;
  return value === null || value === undefined || value === '' ? '' : catalogueText(lang, id(value));
}

/** The option a (non-empty) cell text names: by value, by name in `lang`, by English name. */
export function optionValue(col: ColumnMeta, options: readonly (string | number)[], text: string, lang: string): Converted {
  const key = fold(text);
  const names = [(o: string | number) => String(o), ...[lang, 'en'].map((l) => (o: string | number) => optionName(col, o, l) ?? String(o))];
  for (const name of names) {
    const hit = options.find((o) => fold(name(o)) === key);
    if (hit !== undefined) return { ok: true, value: hit };
  }
  const allowed = options.map((o) => optionName(col, o, lang) ?? String(o)).join(', ');
  return { ok: false, message: `${IMPORT_MESSAGES.unknown_option}?${new URLSearchParams({ value: text.trim().slice(0, 80), options: allowed })}` };
}
