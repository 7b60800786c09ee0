/**
 * A text filter on a column shown by name matches the names the user sees, not the stored
 * codes: the change log's Screen column ('product_list' shown as 'Product list', in German
 * 'Produktliste') typed "produkt" keeps the screens whose title in the request language
 * contains it. The names are the catalogue's (core/optionNames.ts, as the grid's cells and
 * the client row model's filter); the codes whose name matches travel as one parameter.
 */
import type { ColumnMeta } from '../../../../schemas/screen.ts';
import { optionLabelIdOf } from '../../../core/optionNames.ts';
import { TEXT_TESTS, textOp } from '../../../core/query/operators.ts';
import { catalogueText } from '../../transfer/catalogue.ts';
import { screens } from './screens.ts';
import type { Params } from './sql.ts';

/** Every value such a column can hold: its options, or every screen for a screen title. */
function valuesOf(col: ColumnMeta): string[] | undefined {
  if (col.options) return col.options.map(String);
  return col.renderer === 'screenTitle' ? [...screens.keys()] : undefined;
}

/**
 * The condition of a text filter `op` for `x` on column expression `e`, or undefined when
 * the column is not shown by name (or the filter is blank / notBlank, which read the value).
 */
export function namedTextCondition(col: ColumnMeta, e: string, op: string, x: string, p: Params, lang: string): string | undefined {
  const id = optionLabelIdOf(col);
  const values = id && valuesOf(col);
  // The text filters' meaning (core/query/operators.ts), tested on the names here: a negated
  // filter keeps the rows whose name fails the positive test (no value: kept).
  const t = textOp(op);
  if (!values || !t) return undefined;
  const test = TEXT_TESTS[t.test];
  const needle = x.toLowerCase();
  const hits = values.filter((v) => test(catalogueText(lang, id(v), v).toLowerCase(), needle));
  const any = `${e} = any(${p.add(hits, 'text[]')})`;
  return t.negate ? `not coalesce(${any}, false)` : any;
}
