/**
 * Cell renderers, keyed by the descriptor's `renderer` (or the column type). Each is a
 * pure function of its arguments: no hooks, no subscriptions; the grid hoists what
 * they read (formatters, lookups, permissions) into `ctx` once per render.
 */
import type { ReactNode } from 'react';
import { api } from '../../api/client.ts';
import type { RendererKey } from '../registryKeys.ts';
import type { CellCtx, CellRenderer, GridColumn, LookupData, RenderArgs, Row } from '../types.ts';

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null);
const text = (v: unknown): string => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

const numeric = (f: (ctx: CellCtx, n: number) => string): CellRenderer => ({
  align: 'end',
  render: ({ value, ctx }) => {
    const n = num(value);
    return n === null ? text(value) : f(ctx, n);
  },
});

/** The lookup row of a ref value, if its lookup is loaded. */
function lookupRow(value: unknown, col: GridColumn, ctx: CellCtx): { row: Row; data: LookupData } | undefined {
  if (value === null || value === undefined || !col.lookup) return undefined;
  const data = ctx.lookup(col.lookup.form);
  const row = data?.byKey.get(String(value));
  return data && row ? { row, data } : undefined;
}

/** Text of a lookup row by the lookup's display field (its first non-key column). */
export function displayText(row: Row, data: LookupData, ctx: CellCtx): string {
  const v = row[data.def.displayField];
  return data.def.displayType === 'multi' ? ctx.multi(v) : text(v);
}

/** A ref renderer: the lookup text (the raw key while the lookup loads). */
function refRenderer(lookupText: (row: Row, data: LookupData, ctx: CellCtx) => string, decorate?: (a: RenderArgs, txt: string, row: Row) => ReactNode): CellRenderer {
  return {
    lookupText,
    render(a) {
      const hit = lookupRow(a.value, a.col, a.ctx);
      if (!hit) return text(a.value);
      const txt = lookupText(hit.row, hit.data, a.ctx) || text(a.value);
      return decorate ? decorate(a, txt, hit.row) : txt;
    },
  };
}

const toggle: CellRenderer['clickValue'] = (v) => !(v === true);

/** Country code → its flag emoji (regional indicator letters). */
const flag = (code: unknown) =>
  typeof code === 'string' && /^[A-Za-z]{2}$/.test(code)
    ? String.fromCodePoint(...[...code.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65))
    : '';

/** A category's path from the root: 'Garden › Tools › Spades'. */
function categoryPath(row: Row, data: LookupData, ctx: CellCtx): string {
  const names: string[] = [];
  let cur: Row | undefined = row;
  for (let depth = 0; cur && depth < 20; depth++) {
    names.unshift(ctx.multi(cur.product_category_names) || text(cur.product_category_id));
    const parent: unknown = cur.parent_category_id;
    cur = parent === null || parent === undefined ? undefined : data.byKey.get(String(parent));
  }
  return names.join(' › ');
}

export const renderers: Record<RendererKey, CellRenderer> = {
  text: { render: ({ value }) => text(value) },
  int: numeric((ctx, n) => ctx.fmt.int(n)),
  number: numeric((ctx, n) => ctx.fmt.number(n)),
  money: numeric((ctx, n) => ctx.fmt.money(n)),
  weight: numeric((ctx, n) => ctx.fmt.weight(n)),
  bool: {
    align: 'center',
    render: ({ value, ctx }) => (value === true ? ctx.t('common.yes') : value === false ? ctx.t('common.no') : ''),
  },
  date: { render: ({ value, ctx }) => ctx.fmt.date(value) },
  datetime: { render: ({ value, ctx }) => ctx.fmt.datetime(value) },
  multi: { render: ({ value, ctx }) => ctx.multi(value) },
  json: {
    render: ({ value }) => {
      const s = text(value);
      return s.length > 200 ? `${s.slice(0, 200)}…` : s;
    },
  },
  ref: refRenderer(displayText),

  /** A boolean shown as a flag; a click toggles it (spec §4). */
  activeFlag: {
    align: 'center',
    clickValue: toggle,
    render: ({ value, ctx, canEdit }) => (
      <span
        className={`cell-flag ${value === true ? 'cell-flag-on' : 'cell-flag-off'}${canEdit ? ' cell-clickable' : ''}`}
        role="img"
        aria-label={ctx.t(value === true ? 'common.yes' : 'common.no')}
        data-value={String(value === true)}
      >
        {value === true ? '✓' : '✕'}
      </span>
    ),
  },
  checkbox: {
    align: 'center',
    clickValue: toggle,
    render: ({ value, canEdit }) => (
      <span
        className={`cell-checkbox${value === true ? ' cell-checkbox-on' : ''}${canEdit ? ' cell-clickable' : ''}`}
        role="checkbox"
        aria-checked={value === true}
        aria-readonly={!canEdit}
        data-value={String(value === true)}
      />
    ),
  },
  /** 0 no, 1 yes, 2 on order; a click cycles 0 → 1 → 2 → 0, saved by the keep_in_stock action. */
  keepInStock: {
    align: 'center',
    clickValue: (v) => ((num(v) ?? 0) + 1) % 3,
    async save({ screen, row, value }) {
      const r = await api.action<{ keep_in_stock: number; row_version?: number }>('keep_in_stock', 'set', {
        product_code: row.product_code,
        keep_in_stock: value,
      });
      const version = screen.source.version ?? 'row_version';
      return r.row_version === undefined ? { keep_in_stock: r.keep_in_stock } : { keep_in_stock: r.keep_in_stock, [version]: r.row_version };
    },
    render: ({ value, ctx, canEdit }) => {
      const n = num(value) ?? 0;
      return (
        <span className={`cell-kis cell-kis-${n}${canEdit ? ' cell-clickable' : ''}`} data-value={n}>
          {ctx.t(`keep_in_stock.${n}`)}
        </span>
      );
    },
  },
  /** VAT: its name in the current language (which carries the rate), else its code. */
  vat: refRenderer((row, data, ctx) => ctx.multi(row.vat_names) || displayText(row, data, ctx)),
  /** Product category: its name; the full path in the tooltip and in the editor's options. */
  productCategory: refRenderer(categoryPath, (_a, path) => {
    const leaf = path.split(' › ').at(-1) ?? path;
    return <span title={path}>{leaf}</span>;
  }),
  /** Country: flag and name in the current language. */
  country: refRenderer(
    (row, data, ctx) => ctx.multi(row.country_names) || displayText(row, data, ctx),
    (a, name) => (
      <span title={text(a.value)}>
        <span className="cell-flag-emoji" aria-hidden="true">
          {flag(a.value)}
        </span>{' '}
        {name}
      </span>
    ),
  ),
};
