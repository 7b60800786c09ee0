/**
 * The grid's columns as the client row model reads them (clientQuery.ts `QueryColumn`):
 * looked-up columns sort, and option columns filter, by the text they show (a group
 * order's key: the lookup's text, the option's label), as the server does. Part of the
 * client row model's chunk (clientRows.ts): a server-model grid never needs them.
 */
import { aggregateRows } from './clientAggregate.ts';
import type { QueryColumn } from './clientQuery.ts';
import type { ClientRowModel } from './ClientRowModel.ts';
import type { GridModel } from '../columns.ts';
import type { FilterModel, SortItem } from '../filters.ts';
import type { AggResult } from '../gridApi.ts';
import type { GroupOrder } from './grouping.ts';

/** Each set of texts has a version of its own (the client row model keeps sort keys by it). */
let textsVersion = 0;

/** The columns, by field, reading the texts `order` gives (none: the values as they are). */
export function queryColumns(model: GridModel, order?: GroupOrder): Map<string, QueryColumn> {
  const version = ++textsVersion;
  const shown = (field: string) => (v: unknown) => String(order?.key(field, v) ?? v);
  return new Map(
    model.columns.map((c) => {
      const col: QueryColumn = { field: c.field, valueType: c.valueType, html: c.meta.html };
      // Filtered by the name it shows (the cell's text), as the server does.
      if (c.filter === 'text' && c.renderer.optionLabelId) col.filterText = shown(c.field);
      if (c.type === 'ref' && c.lookup && !c.lookup.search && !model.keys.includes(c.field)) col.sortText = { of: shown(c.field), version: () => version };
      return [c.field, col];
    }),
  );
}

/**
 * `texts` for a view sorted by `sortModel` (else the descriptor's `defaultSort`) and
 * filtered by `filterModel` when it reads a shown text, else undefined (the model's own
 * columns answer it alike: other texts changing changes nothing).
 */
export function textsRead(
  texts: Map<string, QueryColumn>,
  sortModel: readonly SortItem[],
  defaultSort: readonly SortItem[] | undefined,
  filterModel: FilterModel,
): Map<string, QueryColumn> | undefined {
  const sorted = sortModel.length ? sortModel : (defaultSort ?? []);
  const read = (f: string) => texts.get(f)?.sortText ?? texts.get(f)?.filterText;
  return sorted.some((s) => read(s.colId)) || Object.keys(filterModel).some(read) ? texts : undefined;
}

/** A grouped grid's groups over the rows in memory: their counts, as the aggregate action answers. */
export function groupCounts(client: ClientRowModel, texts: Map<string, QueryColumn>, filterModel: FilterModel, lang: string, groupBy: readonly string[]): Promise<AggResult> {
  const v = client.open({ sortModel: [], filterModel, lang, columns: texts }, 'aggregate');
  return v.ready.then(() =>
    aggregateRows(
      v.loadedRows().map((r) => r.data),
      texts,
      groupBy,
      {},
      lang,
    ),
  );
}
