/**
 * The navigation floor: a bare page that makes the one list call the app's first rows
 * need (product_list, rows 0–100, through the real server) and writes a plain table. No
 * framework, no lookups, no state: what any page showing these rows must at least spend.
 *
 * Sort and filter: a click on the sort column's header and typing into the filter
 * column's input each send one list call — the app's own payload when the bench hands
 * it over (window.__navbench, NavBenchBodies: the same body, the typed text put in), else
 * AG Grid's shape — and replace the table's body with the answer's rows (the old rows
 * stay until then).
 */
import { COLUMNS, FILTER_FIELD, SORT_FIELD, list, listAs, text, type ListAnswer, type NavBenchBodies } from './server.ts';

const VISIBLE = 30;
const given = (window as { __navbench?: NavBenchBodies }).__navbench ?? {};

const table = document.createElement('table');
table.id = 'floor';
const head = table.createTHead();
const labels = head.insertRow();
for (const c of COLUMNS) {
  const th = document.createElement('th');
  th.dataset.field = c;
  th.textContent = c;
  labels.append(th);
}
const filters = head.insertRow();
for (const c of COLUMNS) {
  const cell = filters.insertCell();
  if (c !== FILTER_FIELD) continue;
  const input = document.createElement('input');
  input.dataset.filterField = c;
  cell.append(input);
}
let body = table.createTBody();

/** The newest request wins: an older answer arriving late is dropped. */
let seq = 0;
function show(answer: Promise<ListAnswer>): void {
  const mine = ++seq;
  void answer.then(({ rows }) => {
    if (mine !== seq) return;
    const next = document.createElement('tbody');
    for (const r of rows.slice(0, VISIBLE)) {
      const tr = next.insertRow();
      for (const c of COLUMNS) tr.insertCell().textContent = text(r[c]);
    }
    body.replaceWith(next);
    body = next;
    if (!table.isConnected) document.body.append(table);
  });
}

let sortModel: { colId: string; sort: 'asc' | 'desc' }[] = [];
let filterModel: Record<string, unknown> = {};
const bodyWith = (template: Record<string, unknown> | undefined, typed?: string): Record<string, unknown> | undefined => {
  if (!template) return undefined;
  const copy = structuredClone(template);
  const fm = copy.filterModel as Record<string, { filter?: unknown }> | undefined;
  if (typed !== undefined && fm?.[FILTER_FIELD]) fm[FILTER_FIELD].filter = typed;
  return copy;
};

labels.querySelector(`th[data-field="${SORT_FIELD}"]`)!.addEventListener('click', () => {
  sortModel = [{ colId: SORT_FIELD, sort: sortModel[0]?.sort === 'asc' ? 'desc' : 'asc' }];
  const own = bodyWith(given.sort);
  show(own ? listAs(own) : list({ startRow: 0, endRow: 100, sortModel, filterModel }));
});
filters.querySelector('input')!.addEventListener('input', (e) => {
  const typed = (e.target as HTMLInputElement).value;
  filterModel = typed ? { [FILTER_FIELD]: { filterType: 'text', type: 'contains', filter: typed } } : {};
  const own = bodyWith(given.filter, typed);
  show(own ? listAs(own) : list({ startRow: 0, endRow: 100, sortModel, filterModel }));
});

show(list({ startRow: 0, endRow: 100 }));
