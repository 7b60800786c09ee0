/**
 * The choices of a ref or option column — its filter's list and its select editor. A
 * lookup's rows in the order of the text they show, by the UI language's collation (not the
 * lookup's own order: ISO codes, parent ids; the one rule of core/choiceOrder.ts, which the
 * forms' drop-downs follow too), sorted once per lookup data, label rule and
 * language, not per render or cell. A column's own options keep the descriptor's order:
 * it means something (No, Yes, On order; added, changed, deleted).
 */
import { sortChoices } from '../../core/choiceOrder.ts';
import { displayText } from './renderers/index.tsx';
import type { CellCtx, GridColumn, LookupData, Row } from './types.ts';

export interface Choice {
  value: unknown;
  label: string;
}

export type LookupLabel = (row: Row, data: LookupData, ctx: CellCtx) => string;

// owner (lookup data, or a column's options) → label rule → language → sorted choices
const cache = new WeakMap<object, Map<unknown, Map<string, Choice[]>>>();

function cached(owner: object, rule: unknown, lang: string, make: () => Choice[]): Choice[] {
  let byRule = cache.get(owner);
  if (!byRule) cache.set(owner, (byRule = new Map()));
  let byLang = byRule.get(rule);
  if (!byLang) byRule.set(rule, (byLang = new Map()));
  let out = byLang.get(lang);
  if (!out) byLang.set(lang, (out = make()));
  return out;
}

/** A lookup's rows as choices labelled by `label` (keep it one function: it is part of the cache key), sorted. */
export function lookupChoices(data: LookupData, label: LookupLabel, ctx: CellCtx): Choice[] {
  return cached(data, label, ctx.lang, () =>
    sortChoices(
      data.rows.map((r) => ({ value: r[data.def.keyField], label: label(r, data, ctx) })),
      ctx.lang,
    ),
  );
}

/** A column's choices: its options by name, in their order (keyed by `ctx.t`, which changes with the catalogue), else its lookup's rows as its cells show them. */
export function columnChoices(col: GridColumn, ctx: CellCtx): Choice[] {
  const options = col.meta.options;
  if (options) {
    const name = col.renderer.optionLabelId;
    return cached(options, ctx.t, ctx.lang, () => options.map((o) => ({ value: o, label: name ? ctx.t(name(o)) : String(o) })));
  }
  const data = col.lookup && !col.lookup.search ? ctx.lookup(col.lookup.form) : undefined;
  return data ? lookupChoices(data, col.renderer.lookupText ?? displayText, ctx) : [];
}
