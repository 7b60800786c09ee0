/**
 * The first paint of a signed-in screen page (issue 27): the page's frame and the grid's
 * first rows as HTML, written by the server from the start it sends anyway (startData.ts:
 * the session, the screen's saved state and lookups, its first block). The browser shows
 * them as soon as they and the page's CSS are in, while the app's code still loads; the
 * app's first commit removes them in the same frame as it shows its own grid
 * (app/chrome/firstPaint.ts). Hidden from assistive technology, with nothing in it to focus:
 * a screen reader reads the app's grid, not this picture of it. It lies over the page and
 * takes the clicks meant for it (not `inert`, which would let them through to the app's
 * page under it, still loading). The grid's class names (its CSS) but not its `data-form`: whatever finds
 * the app's grid by its form finds only the app's.
 *
 * The columns follow the grid's rules (app/grid/table/gridTable.ts `columnDefs`, layout.ts
 * `layoutOf`): the saved order, visibility, pins and widths, a descriptor width fixed, a
 * column without one flexible from its minimum. Header widths the grid measures in the
 * browser are not known here: such a column may widen when the grid takes over.
 * Positions go in a `<style>` with the response's nonce (the CSP allows no style attribute).
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ColumnMeta } from '../../../schemas/screen.ts';
import { breadcrumbs } from '../../core/breadcrumbs.ts';
import { fieldLabelId } from '../../core/fieldLabel.ts';
import { FLEX_MIN, MAX_WIDTH, MIN_WIDTH, PINNED_DEFAULT, SELECT_WIDTH_FINE, THEMES } from '../../core/gridLayout.ts';
import type { Lang } from '../../core/langs.ts';
import { LOGO } from '../../core/logo.ts';
import { isIdentifierField } from '../../core/registryKeys.ts';
import { rowIdOf } from '../../core/rowId.ts';
import { screenRoutes } from '../../generated/routeList.ts';
import { screens } from '../actions/engine/screens.ts';
import { intlOf } from '../mail/render.ts';
import { alignOf, cellHtml, escapeHtml, type PaintCtx } from './firstPaintCells.ts';
import type { StartData } from './startData.ts';

/** Rows written: a tall screen's first view (the grid's block is 100; the rest waits for the grid). */
export const FIRST_PAINT_ROWS = 40;

// The grid's geometry: the Balham theme on a fine pointer, the grid's default (the server knows
// neither the user's theme nor the device).
const GEOMETRY = THEMES.balham;
const ROW_H = GEOMETRY.rowHeight;
const SELECT_W = SELECT_WIDTH_FINE;

type Row = Readonly<Record<string, unknown>>;

/** The header's logo (core/logo.ts), drawn once as the app's `Logo` draws it. */
const LOGO_HTML = renderToStaticMarkup(
  createElement('svg', { width: LOGO.size, height: LOGO.size, viewBox: LOGO.viewBox, 'aria-hidden': true }, ...LOGO.shapes.map(({ tag, attrs }, i) => createElement(tag, { key: i, ...attrs }))),
);

interface Saved {
  columnOrder: string[];
  columnVisibility: Record<string, boolean>;
  /** Absent: the descriptor's pins. */
  columnPinning: { start: string[]; end: string[] } | undefined;
  columnSizing: Record<string, number>;
  sorting: { id: string; desc: boolean }[];
}

const strings = (x: unknown): string[] => (Array.isArray(x) ? x.filter((s): s is string => typeof s === 'string') : []);
const record = <T>(x: unknown, ok: (v: unknown) => v is T): Record<string, T> =>
  x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).filter((e): e is [string, T] => ok(e[1]))) : {};

/** The column parts of a saved state (version 2; the first block is only sent for one, or for none). */
function savedParts(state: unknown): Saved {
  const s = (state && typeof state === 'object' ? state : {}) as Record<string, unknown>;
  const pin = s.columnPinning && typeof s.columnPinning === 'object' ? (s.columnPinning as Record<string, unknown>) : undefined;
  return {
    columnOrder: strings(s.columnOrder),
    columnVisibility: record(s.columnVisibility, (v): v is boolean => typeof v === 'boolean'),
    columnPinning: pin && { start: strings(pin.start), end: strings(pin.end) },
    columnSizing: record(s.columnSizing, (v): v is number => typeof v === 'number' && Number.isFinite(v)),
    sorting: Array.isArray(s.sorting) ? (s.sorting as { id: string; desc: boolean }[]) : [],
  };
}

interface PaintColumn {
  field: string;
  col: ColumnMeta;
  pinned: 'start' | 'end' | false;
  /** Fixed width, or null: flexible from `min`. */
  width: number | null;
  min: number;
}

/** The shown columns in display order with their widths, as columnDefs + layoutOf make them. */
function paintColumns(columns: Readonly<Record<string, ColumnMeta>>, saved: Saved): PaintColumn[] {
  const declared = Object.keys(columns);
  const order = [...new Set(saved.columnOrder.filter((f) => declared.includes(f)))];
  for (const f of declared) {
    if (order.includes(f)) continue;
    const before = declared
      .slice(0, declared.indexOf(f))
      .reverse()
      .find((p) => order.includes(p));
    order.splice(before ? order.indexOf(before) + 1 : 0, 0, f);
  }
  const start = [...new Set(saved.columnPinning ? saved.columnPinning.start : declared.filter((f) => columns[f]!.pinned === 'left'))];
  const end = [...new Set(saved.columnPinning ? saved.columnPinning.end : declared.filter((f) => columns[f]!.pinned === 'right'))].filter((f) => !start.includes(f));
  const shown = (f: string) => declared.includes(f) && (saved.columnVisibility[f] ?? !columns[f]!.hidden);
  const region = (fs: string[], pinned: PaintColumn['pinned']) =>
    fs.filter(shown).map((field): PaintColumn => {
      const col = columns[field]!;
      const sized = saved.columnSizing[field];
      const base = col.width ?? (pinned ? PINNED_DEFAULT : FLEX_MIN);
      const size = Math.round(Math.max(MIN_WIDTH, Math.min(MAX_WIDTH, sized ?? base)));
      const flex = col.width === undefined && !pinned && sized === undefined;
      return { field, col, pinned, width: flex ? null : size, min: flex ? size : Math.min(FLEX_MIN, size) };
    });
  return [
    ...region(start, 'start'),
    ...region(
      order.filter((f) => !start.includes(f) && !end.includes(f)),
      false,
    ),
    ...region(end, 'end'),
  ];
}

interface Bootstrap {
  user?: { company?: string | null; companies?: { company_code: string; currency_code?: string }[] };
  currencies?: { currencies?: { currency_code: string; currency_precision?: number }[] };
  view_rates?: { rates?: Record<string, number> };
  screen?: { form: string; grid_state?: { rows?: { form: string; state: unknown }[] } | null; lookups?: Record<string, { rows?: Row[] }> } | null;
}

/**
 * The screen page's first paint for `start`, or '' (no first block: the grid asks itself,
 * nothing to show early). `captions`: an administrator's texts of the language over the
 * catalogue's (texts/captions.ts), as the app shows them.
 */
export function firstPaintHtml(start: StartData, lang: Lang, path: string, nonce: string, captions: Readonly<Record<string, string>> = {}): string {
  const rows = start.rows;
  const b = (start.bootstrap as { data?: Bootstrap }).data;
  const screen = rows && screens.get(rows.form);
  const data = rows?.data as { rows?: Row[]; total?: number; totalExact?: boolean } | undefined;
  if (!rows || !b || !screen || !Array.isArray(data?.rows) || data.rows.length === 0 || b.screen?.form !== rows.form) return '';
  const intl = intlOf(lang, captions);
  const t = (id: string, values?: Record<string, number>) => intl.formatMessage({ id }, values);
  const lookups = new Map<string, Map<string, Row>>();
  for (const [form, l] of Object.entries(b.screen.lookups ?? {})) {
    const s = screens.get(form);
    if (s && Array.isArray(l?.rows)) lookups.set(form, new Map(l.rows.map((r) => [String(r[s.keys[0]!]), r])));
  }
  const company = b.user?.companies?.find((c) => c.company_code === b.user?.company)?.currency_code;
  const precision = new Map((b.currencies?.currencies ?? []).map((c) => [c.currency_code, c.currency_precision ?? 2]));
  const ctx: PaintCtx = {
    lang,
    intl,
    money: { view: start.request.currency_code ?? company, company, rates: b.view_rates?.rates ?? {}, digits: (c) => precision.get(c) ?? 2 },
    lookup: (form) => lookups.get(form),
  };
  const saved = savedParts(b.screen.grid_state?.rows?.find((r) => r.form === rows.form)?.state ?? null);
  const cols = paintColumns(screen.columns, saved);
  const a = screen.actions ?? {};
  const selectable = !!(a.delete || a.translate || a.bulk?.length || screen.workflow);
  const sortOf = (f: string) => saved.sorting.find((s) => s.id === f);

  // Positions and widths: the grid's custom properties, the pinned offsets, each row's place.
  const template = [...(selectable ? [`${SELECT_W}px`] : []), ...cols.map((c) => (c.width === null ? `minmax(${c.min}px, 1fr)` : `${c.width}px`))].join(' ');
  const minW = (selectable ? SELECT_W : 0) + cols.reduce((s, c) => s + (c.width ?? c.min), 0);
  const css: string[] = [
    `#first-paint .screen-grid{--grid-row-h:${ROW_H}px;--grid-header-h:${GEOMETRY.headerHeight}px;--grid-filter-h:${GEOMETRY.filterHeight}px;--grid-cols:${template};--grid-min-w:${minW}px}`,
  ];
  let left = selectable ? SELECT_W : 0;
  if (selectable) css.push('#first-paint .fp-c0{left:0}');
  cols.forEach((c, i) => {
    if (c.pinned !== 'start') return;
    css.push(`#first-paint .fp-c${i + 1}{left:${left}px}`);
    left += c.width ?? c.min;
  });
  let right = 0;
  for (let i = cols.length - 1; i >= 0; i--) {
    const c = cols[i]!;
    if (c.pinned !== 'end') continue;
    css.push(`#first-paint .fp-c${i + 1}{right:${right}px}`);
    right += c.width ?? c.min;
  }
  const shown = data.rows.slice(0, FIRST_PAINT_ROWS);
  css.push(`#first-paint .grid-body{height:${shown.length * ROW_H}px}`);
  shown.forEach((_, i) => css.push(`#first-paint .fp-r${i}{transform:translateY(${i * ROW_H}px)}`));

  const pinCls = (c: PaintColumn) => (c.pinned ? ` cell-pinned cell-pinned-${c.pinned}` : '');
  const colCls = (i: number) => ` fp-c${i + 1}`;
  const select = selectable ? `<div role="columnheader" class="grid-hcell cell-select cell-pinned cell-pinned-start fp-c0"><span class="cell-checkbox"></span></div>` : '';
  const header = cols
    .map((c, i) => {
      const label = escapeHtml(t(fieldLabelId(c.field, c.col)));
      const sort = sortOf(c.field);
      return `<div role="columnheader" aria-sort="${sort ? (sort.desc ? 'descending' : 'ascending') : 'none'}" data-field="${escapeHtml(c.field)}" class="grid-hcell cell-${alignOf(c.col, screen.valueType[c.field])}${pinCls(c)}${colCls(i)}"><div class="grid-hdrag"><span class="grid-sort"><span class="grid-hlabel">${label}</span></span></div></div>`;
    })
    .join('');
  const filters = cols.map((c, i) => `<div role="gridcell" class="grid-fcell${pinCls(c)}${colCls(i)}"></div>`).join('');
  const keyOf = rowIdOf(screen.keys);
  const body = shown
    .map((r, n) => {
      const cells = cols
        .map((c, i) => {
          const inner = cellHtml(c.col, screen.valueType[c.field], r[c.field], r, ctx, isIdentifierField(c.field, screen.keys));
          return `<div role="gridcell" data-field="${escapeHtml(c.field)}" class="cell cell-${alignOf(c.col, screen.valueType[c.field])}${c.col.type === 'multi' ? ' cell-multi' : ''}${pinCls(c)}${colCls(i)}">${inner}</div>`;
        })
        .join('');
      const sel = selectable ? `<div role="gridcell" class="cell cell-select cell-pinned cell-pinned-start fp-c0"><span class="cell-checkbox"></span></div>` : '';
      return `<div role="row" class="grid-row${n % 2 ? ' grid-row-odd' : ''} fp-r${n}" data-key="${escapeHtml(keyOf(r))}">${sel}${cells}</div>`;
    })
    .join('');

  const total = typeof data.total === 'number' ? t(data.totalExact ? 'grid.rows' : 'grid.rows_estimate', { count: data.total }) : '';
  const titleOf = (p: string) => {
    const hit = screenRoutes.find((r) => r.path === p);
    return hit ? `screens.${hit.form}.title` : undefined;
  };
  const crumbs = breadcrumbs(path, titleOf).map((c) => (c.id in intl.messages ? escapeHtml(t(c.id)) : ''));
  const trail = crumbs.length > 1 ? `<nav><ol class="breadcrumbs">${crumbs.map((c, i) => `<li>${i === 0 ? `<a>${c}</a>` : `<span>${c}</span>`}</li>`).join('')}</ol></nav>` : '';
  return (
    `<div id="first-paint" aria-hidden="true"><style nonce="${escapeHtml(nonce)}">${css.join('')}</style>` +
    `<div class="layout-main"><header class="app-header"><span class="first-paint-logo">${LOGO_HTML}<span class="logo-text">${escapeHtml(t('app.name'))}</span></span></header>` +
    `<main class="page-wrapper"><div class="page-header"><h1 class="page-title">${crumbs[crumbs.length - 1] ?? ''}</h1>${trail}</div>` +
    `<div class="page-content"><div class="screen-grid grid-theme-balham" data-first-paint="${escapeHtml(rows.form)}">` +
    `<div class="grid-toolbar"><span class="grid-count">${escapeHtml(total)}</span><span class="grid-spacer"></span></div>` +
    `<div class="grid-frame"><div class="grid-viewport" role="grid" aria-busy="true"><div class="grid-header" role="rowgroup"><div class="grid-header-row" role="row">${select}${header}</div>` +
    `<div class="grid-filter-row" role="row">${selectable ? '<div role="gridcell" class="grid-fcell cell-pinned cell-pinned-start fp-c0"></div>' : ''}${filters}</div></div>` +
    `<div class="grid-body" role="rowgroup">${body}</div></div></div></div></div></main></div></div>`
  );
}
