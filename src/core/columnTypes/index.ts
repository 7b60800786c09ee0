/**
 * The column types, one module each, keyed by type (Twenty's field modules): how a value of
 * the type is typed (`parse`), and read (`format`) (how its values sort: ./order.ts), with what the rest
 * derives from the type (./types.ts). Its value rules are its `rules/<type>.ts`, gathered in
 * ./validate.ts: valibot, in modules apart, since a bundle takes a module whole and a list
 * paints without validation code (measured: +5.4 KiB gzipped on the list route together). A switch on a column's type
 * is a lookup here; a new type is a module and its entries here and in validate.ts, and the
 * compiler names each record that must then grow (docs/architecture.md "Where to add X").
 */
import type { ColumnType } from '../descriptor.ts';
import { bool } from './bool.ts';
import { date } from './date.ts';
import { datetime } from './datetime.ts';
import { int } from './int.ts';
import { json } from './json.ts';
import { money } from './money.ts';
import { multi } from './multi.ts';
import { number } from './number.ts';
import { ref } from './ref.ts';
import { text } from './text.ts';
import type { ColumnTypeModule } from './types.ts';

export const columnTypes: Readonly<Record<ColumnType, ColumnTypeModule>> = { text, int, number, money, bool, date, datetime, multi, json, ref };

export type { ColumnTypeModule, MoneyTyping, TypeCtx } from './types.ts';

/** The type a column's values are typed and read as: a number column with the money renderer is money (as its cells, inputs and export treat it). */
export const shownType = (col: { type: ColumnType; renderer?: string | undefined }): ColumnType => (col.type === 'number' && col.renderer === 'money' ? 'money' : col.type);
