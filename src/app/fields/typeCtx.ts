/**
 * A grid cell's context as its column type reads it (core/columnTypes `TypeCtx`): the UI
 * language and its words, a money cell's currencies, an identifier's digits. The Display
 * and Input of every type (fields/<type>/), copy, paste and Fill read values through it.
 */
import { shownType, columnTypes, type ColumnTypeModule, type TypeCtx } from '../../core/columnTypes/index.ts';
import { moneyTyping } from '../grid/moneyCurrency.ts';
import type { CellCtx, Formatters, GridColumn, Row } from '../grid/types.ts';

/** One plain context per cell context (a grid's render): most cells need nothing of their row. */
const plain = new WeakMap<CellCtx, TypeCtx>();

/** The type context of a cell; `current` is the value a parse replaces (a multi-language text merges into it). */
export function cellTypeCtx(col: GridColumn, row: Row, ctx: CellCtx, current?: unknown): TypeCtx {
  const money = moneyTyping(col, row, ctx);
  const identifier = col.rendererKey === 'identifier';
  if (!money && !identifier && current === undefined) {
    let p = plain.get(ctx);
    if (!p) plain.set(ctx, (p = { lang: ctx.lang, t: ctx.t }));
    return p;
  }
  return { lang: ctx.lang, t: ctx.t, money, identifier, current };
}

/** The type a grid column's values are typed and read as (a number column with the money renderer is money). */
export const cellType = (col: GridColumn): ColumnTypeModule => columnTypes[shownType({ type: col.type, renderer: col.rendererKey })];

/**
 * The types whose cells format through the grid's formatters (`ctx.fmt`, made once per grid
 * and language of these types' own `format` by grid/format.ts): a cell formats with what the
 * grid hoisted, and a test or a view may hand other formatters in.
 */
const viaFormatters: Partial<Record<ColumnTypeModule['type'], (fmt: Formatters, value: unknown) => string | undefined>> = {
  int: (fmt, v) => (typeof v === 'number' ? fmt.int(v) : undefined),
  number: (fmt, v) => (typeof v === 'number' ? fmt.number(v) : undefined),
  date: (fmt, v) => fmt.date(v),
  datetime: (fmt, v) => fmt.datetime(v),
};

/** A cell's value as its column type writes it (copies, group rows): the type's `format`, through the grid's formatters where it has them. */
export function cellFormat(col: GridColumn, value: unknown, row: Row, ctx: CellCtx): string {
  const type = cellType(col);
  return viaFormatters[type.type]?.(ctx.fmt, value) ?? type.format(value, cellTypeCtx(col, row, ctx));
}
