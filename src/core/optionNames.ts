/**
 * The catalogue key naming a value of an option column (issue 45): by convention the value
 * `v` of an option set is `options.<set>.<v>`, the set being the column's `optionsKey` —
 * its field name unless the descriptor names another (`deriveScreen`, schemas/screen.ts).
 * keep_in_stock 2 → `options.keep_in_stock.2` ('On order'), a stock movement's kind
 * receipt → `options.kind.receipt`. A new option set is its descriptor's `options` and the
 * keys in the seven catalogues: no renderer, no code (codegen checks every key).
 *
 * The grid's cells, copies, set filters and form selects, the server's first paint, exports,
 * imports, named text filters and the change log's words all read it here, so a value is
 * named alike everywhere.
 *
 * Two kinds of column name their values otherwise: a renderer whose values are no fixed set
 * (`screenTitle`: any screen's form, said as its title), and one whose values name themselves
 * (`languageCode`: a language's code with its flag; `eventButton`: a workflow event's icon by
 * its lucide name, drawn on the event's button).
 */
import { screenTitleId } from './logWords.ts';

/** The key naming value `v` of option set `set`. */
const optionKey = (set: string, v: unknown): string => `options.${set}.${String(v)}`;

/** Renderers naming values that are no fixed set, each by its own rule. */
const byRenderer: Readonly<Record<string, (value: unknown) => string>> = {
  screenTitle: screenTitleId,
};

/** Renderers whose values are shown as they are, with what the renderer adds (a language's flag). */
const SELF_NAMED: ReadonlySet<string> = new Set(['languageCode', 'eventButton']);

/** Whether a column with this renderer names its values without the convention (so its options need no keys). */
export const namesOwnValues = (renderer: string | undefined): boolean => !!renderer && (Object.hasOwn(byRenderer, renderer) || SELF_NAMED.has(renderer));

/** What of a column names its values: its renderer, and its option set (`optionsKey`, derived for every option column). */
export interface NamedColumn {
  renderer?: string | undefined;
  optionsKey?: string | undefined;
}

/** The key-maker naming this column's values (its renderer's, else its option set's), else undefined: shown as they are. */
export function optionLabelIdOf(col: NamedColumn): ((value: unknown) => string) | undefined {
  if (col.renderer && Object.hasOwn(byRenderer, col.renderer)) return byRenderer[col.renderer];
  const set = col.optionsKey;
  return set ? (v) => optionKey(set, v) : undefined;
}
