/**
 * Which client row model the grid uses over rows in memory (issue 20: "TanStack's row
 * models or the existing fast one behind TanStack's state — measure and say which").
 * 100,000 × 10 rows as the bench pages make them; each figure is the median of the runs,
 * the work done at once (sync), a fresh table or model per run (nothing cached):
 *
 * - TanStack Table v9 `constructTable` with the core row model alone (a Row object per
 *   row), then with sorting (`createSortedRowModel`, `sortFn_basic` / `sortFn_text`) and
 *   with column filtering (`createFilteredRowModel`, `filterFn_includesString`);
 * - the grid's ClientRowModel (grid/rowModel/ClientRowModel.ts) with the same sort and filter.
 *
 * Not part of `npm run bench`: `npx tsx tests/bench/tanstackRowModel.ts`.
 *
 *   RM_ROWS=100000  rows     RM_RUNS=5  runs
 */
import {
  columnFilteringFeature,
  constructTable,
  createFilteredRowModel,
  createSortedRowModel,
  filterFn_includesString,
  rowSortingFeature,
  sortFn_basic,
  sortFn_text,
  tableFeatures,
  type ColumnDef,
} from '@tanstack/table-core';
import { storeReactivityBindings } from '@tanstack/table-core/store-reactivity-bindings';
import { ClientRowModel } from '../../src/app/grid/rowModel/ClientRowModel.ts';
import type { Row } from '../../src/app/grid/types.ts';
import { prng } from './prng.ts';
import { medianTime } from './stats.ts';

const N = Number(process.env.RM_ROWS ?? 100_000);
const RUNS = Number(process.env.RM_RUNS ?? 5);
const random = prng(4);
const names = ['Garden', 'hose', 'Hammer', 'spade', 'Rake', 'oak', 'Walnut', 'chair', 'Table', 'lamp'];
const pick = (xs: readonly string[]) => xs[Math.floor(random() * xs.length)]!;
const rows: Row[] = Array.from({ length: N }, (_, i) => ({
  code: `P${String(i).padStart(6, '0')}`,
  name: `${pick(names)} ${pick(names)} ${Math.floor(random() * 100_000)}`,
  brand: pick(['Aurora', 'Ferrano', 'Nordvik', 'Kestrel']),
  category: pick(['Tools', 'Garden', 'Kitchen', 'Lighting']),
  price: Math.round(random() * 1_000_000) / 100 + i / 1e7,
  stock: Math.floor(random() * 500),
  weight: Math.round(random() * 10_000) / 1000,
  date: `2026-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`,
  active: random() < 0.8,
  country: pick(['DE', 'HU', 'SK', 'RO', 'CZ', 'BG']),
}));
const fields = Object.keys(rows[0]!);

const timed = (f: () => unknown) => medianTime(RUNS, f);

const features = tableFeatures({
  coreReactivityFeature: storeReactivityBindings(),
  rowSortingFeature,
  columnFilteringFeature,
  sortedRowModel: createSortedRowModel(),
  filteredRowModel: createFilteredRowModel(),
  sortFns: { basic: sortFn_basic, text: sortFn_text },
  filterFns: { includesString: filterFn_includesString },
});
type F = typeof features;
const columns: ColumnDef<F, Row, unknown>[] = fields.map((f) => ({
  id: f,
  accessorFn: (r: Row) => r[f],
  sortFn: f === 'name' ? 'text' : 'basic',
  filterFn: 'includesString',
}));
function tanstack(sorting: { id: string; desc: boolean }[], columnFilters: { id: string; value: string }[]): number {
  const table = constructTable<F, Row>({ features, columns, data: rows, state: { sorting, columnFilters }, onStateChange: () => {} } as never);
  return table.getRowModel().rows.length;
}

function client(sortModel: { colId: string; sort: 'asc' | 'desc' }[], filterModel: Record<string, { filterType: 'text'; type: 'contains'; filter: string }>): number {
  const m = new ClientRowModel(rows, {
    columns: fields.map((f) => ({
      field: f,
      valueType: f === 'price' || f === 'stock' || f === 'weight' ? 'number' : f === 'active' ? 'bool' : f === 'date' ? 'date' : 'text',
    })),
    keys: ['code'],
    rowId: (x) => String(x.code),
    sync: true,
  });
  return m.query({ sortModel, filterModel, lang: 'en' }).length;
}

console.log(`${N.toLocaleString('en')} rows × ${fields.length} columns, median of ${RUNS} runs`);
console.log(`TanStack core row model (Row objects only): ${timed(() => tanstack([], []))}`);
console.log(`sort by price: TanStack ${timed(() => tanstack([{ id: 'price', desc: false }], []))}, ClientRowModel ${timed(() => client([{ colId: 'price', sort: 'asc' }], {}))}`);
console.log(`sort by name: TanStack ${timed(() => tanstack([{ id: 'name', desc: false }], []))}, ClientRowModel ${timed(() => client([{ colId: 'name', sort: 'asc' }], {}))}`);
console.log(
  `filter name contains "oak": TanStack ${timed(() => tanstack([], [{ id: 'name', value: 'oak' }]))}, ClientRowModel ${timed(() => client([], { name: { filterType: 'text', type: 'contains', filter: 'oak' } }))}`,
);
