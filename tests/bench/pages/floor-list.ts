/**
 * Bench page (c), the scroll floor: the same rows under ScreenGrid's own stylesheet
 * (Balham theme, the same header height, row height and column template), in the least
 * a DOM virtual list can be — no framework, no focus, selection, ARIA or editing. The
 * viewport's rows are fixed slots (position p lives in slot p mod n), and a scroll event
 * rewrites, in place, only the slots whose position changed: their transform, parity
 * class and cell texts. Its frame time is what any DOM grid of this design costs per
 * scrolled frame on the machine at hand, measured in the same run as the grids.
 */
import '../../../src/app/grid/styles/grid.css';
import type { BenchRow } from './data.ts';
import { count, flag, money, weight } from './format.ts';
import type { Mount } from './shell.ts';

const ROW_H = 28;
const HEADER_H = 32;
const FILTER_H = 30;
type Align = 'start' | 'end' | 'center';
const COLS: [field: keyof BenchRow & string, label: string, align: Align][] = [
  ['code', 'Code', 'start'],
  ['name', 'Name', 'start'],
  ['brand', 'Brand', 'start'],
  ['category', 'Category', 'start'],
  ['price', 'Price', 'end'],
  ['stock', 'Stock', 'end'],
  ['weight', 'Weight', 'end'],
  ['date', 'Date', 'start'],
  ['active', 'Active', 'center'],
  ['country', 'Country', 'start'],
];

// The texts ScreenGrid shows (format.ts); the other columns as they are.
const text = (row: BenchRow, field: string): string => {
  const v = row[field];
  if (field === 'price') return money(v as number);
  if (field === 'stock') return count(v as number);
  if (field === 'weight') return weight(v as number);
  if (field === 'active') return flag(v);
  return String(v);
};

const div = (className: string, parent: HTMLElement): HTMLDivElement => {
  const d = document.createElement('div');
  d.className = className;
  parent.appendChild(d);
  return d;
};

interface Slot {
  row: HTMLDivElement;
  cells: Text[];
  pos: number;
}

export const mount: Mount = (rows, root) => {
  const grid = div('screen-grid grid-theme-balham', root);
  grid.setAttribute(
    'style',
    `--grid-row-h: ${ROW_H}px; --grid-header-h: ${HEADER_H}px; --grid-filter-h: ${FILTER_H}px; --grid-cols: repeat(${COLS.length}, minmax(100px, 1fr)); --grid-min-w: ${COLS.length * 100}px`,
  );
  // ScreenGrid's toolbar takes 30 px of the box: the same viewport height here.
  const toolbar = div('grid-toolbar', grid);
  Object.assign(toolbar.style, { height: '30px', boxSizing: 'border-box', flex: 'none' });
  div('grid-count', toolbar).textContent = `${count(rows.length)} rows`;
  const viewport = div('grid-viewport', div('grid-frame', grid));
  const header = div('grid-header', viewport);
  const labels = div('grid-header-row', header);
  for (const [, label, align] of COLS) div('grid-hlabel', div('grid-sort', div(`grid-hcell cell-${align}`, labels))).textContent = label;
  const filters = div('grid-filter-row', header);
  for (let i = 0; i < COLS.length; i++) div('grid-fcell', filters);
  const body = div('grid-body', viewport);
  body.style.height = `${rows.length * ROW_H}px`;

  // The rows a viewport can show while its first row is partly scrolled out (visibleRows.ts).
  const n = Math.ceil((viewport.clientHeight - header.offsetHeight) / ROW_H) + 1;
  const slots: Slot[] = [];
  for (let k = 0; k < n; k++) {
    const row = div('grid-row', body);
    const cells = COLS.map(([, , align]) => div(`cell cell-${align}`, row).appendChild(document.createTextNode('')));
    slots.push({ row, cells, pos: -1 });
  }
  const render = () => {
    const first = Math.floor(viewport.scrollTop / ROW_H);
    for (let p = first; p < first + n && p < rows.length; p++) {
      const slot = slots[p % n]!;
      if (slot.pos === p) continue;
      slot.pos = p;
      slot.row.className = p % 2 ? 'grid-row grid-row-odd' : 'grid-row';
      slot.row.dataset.index = String(p);
      slot.row.style.transform = `translateY(${p * ROW_H}px)`;
      const data = rows[p]!;
      for (let c = 0; c < COLS.length; c++) slot.cells[c]!.data = text(data, COLS[c]![0]);
    }
  };
  viewport.addEventListener('scroll', render, { passive: true });
  render();
};
