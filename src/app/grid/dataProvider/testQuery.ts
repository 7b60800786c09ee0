/**
 * The test data provider's reading: filters as the client row model tests them
 * (clientQuery.ts), a search over the key and text columns, and the list order by the
 * query rules both sides use (core/query/order.ts): the sort, else the descriptor's, then
 * the keys; NULL last in both directions; text in the language's collation, keys by code points.
 */
import type { ScreenDescriptor } from '../../../../schemas/screen.ts';
import { compareCodePoints, textComparer } from '../../../core/query/collation.ts';
import { kindOf } from '../../../core/query/kinds.ts';
import { collated, fullOrder } from '../../../core/query/order.ts';
import type { ValueType } from '../../../core/validation/columns.ts';
import { ApiError } from '../../api/client.ts';
import { invalidValueParams, type ErrorParams } from '../../../core/errorCodes.ts';
import { apiActionMessage } from '../../../core/httpErrors.ts';
import { englishText, type Message } from '../../../core/validation/messages.ts';
import { orderNumber, queryValue, valueTest, type QueryColumn } from '../rowModel/clientQuery.ts';
import type { Row } from '../types.ts';
import type * as C from './contract.ts';

/** A form's rows with what reading them needs. */
export interface Table {
  screen: ScreenDescriptor;
  keys: string[];
  version: string | undefined;
  types: Record<string, ValueType>;
  rows: Row[];
}

/** A failure as the client's ApiError with the server's status, code and message. */
export const fail = (status: number, code: string, message: string, params?: ErrorParams) => new ApiError(status, code, message, apiActionMessage(status, message).id, undefined, params);
export const badRequest = (message: string) => fail(400, 'bad_request', message);
/** A value the column's rules refuse, as the server answers it (`invalid_value`). */
export const invalidValue = (field: string, m: Message, input: unknown, label?: string) => fail(400, 'invalid_value', `${field}: ${englishText(m, input)}`, invalidValueParams(field, m, label));

/** The rows of `t` under the filters (and a search), in the list order. */
export function queryRows(t: Table, cols: Map<string, QueryColumn>, p: Pick<C.ListParams, 'filterModel' | 'sortModel' | 'language' | 'search'>): Row[] {
  const lang = p.language ?? 'en';
  const tests = Object.entries(p.filterModel ?? {}).map(([f, item]) => {
    const col = cols.get(f);
    if (!col) throw badRequest(`payload.filterModel.${f}: not a column of ${t.screen.form}`);
    const test = valueTest(item, col.valueType);
    return (row: Row) => test(queryValue(row, col, lang));
  });
  let out = t.rows.filter((r) => tests.every((test) => test(r)));
  if (p.search) {
    const words = p.search.toLowerCase().split(/\s+/).filter(Boolean);
    const texts = [...t.keys, ...Object.keys(t.types).filter((f) => t.types[f] === 'text' || t.types[f] === 'multi')];
    const textOf = (r: Row) =>
      texts
        .map((f) => String(queryValue(r, cols.get(f) ?? { field: f, valueType: 'text' }, lang) ?? ''))
        .join(' ')
        .toLowerCase();
    out = out.filter((r) => words.every((w) => textOf(r).includes(w)));
  }
  const o = listOrder(t, cols, p.sortModel, lang);
  const keyed = out.map((row) => ({ row, values: o.values(row) }));
  keyed.sort((a, b) => o.compare(a.values, b.values));
  return keyed.map((k) => k.row);
}

/** A list's order (`fullOrder`): a row's values in it, and two rows' values compared (NULL last both ways). */
export function listOrder(t: Table, cols: Map<string, QueryColumn>, sortModel: readonly C.SortItem[] | undefined, lang: string) {
  const order = fullOrder(sortModel ?? [], t.screen.source.sort, t.keys);
  const inLang = textComparer(lang);
  const compares = order.map((o) => {
    const col = cols.get(o.colId) ?? { field: o.colId, valueType: 'text' as const };
    const kind = kindOf(col.valueType);
    const cmp: (x: unknown, y: unknown) => number =
      kind === 'text' || kind === 'json'
        ? (x, y) => (collated(kind, t.keys.includes(o.colId)) ? inLang : compareCodePoints)(String(x), String(y))
        : (x, y) => {
            const [a, b] = [orderNumber(x, col.valueType), orderNumber(y, col.valueType)];
            return a < b ? -1 : a > b ? 1 : 0;
          };
    return { col, desc: o.sort === 'desc', cmp };
  });
  return {
    order,
    values: (row: Row): unknown[] => compares.map((c) => queryValue(row, c.col, lang) ?? null),
    compare(a: readonly unknown[], b: readonly unknown[]): number {
      for (let i = 0; i < compares.length; i++) {
        const [x, y] = [a[i] ?? null, b[i] ?? null];
        if (x === y) continue;
        // No value sorts last, ascending and descending alike.
        if (x === null || y === null) return x === null ? 1 : -1;
        const c = compares[i]!.cmp(x, y);
        if (c) return compares[i]!.desc ? -c : c;
      }
      return 0;
    },
  };
}
