/**
 * A cell of the server's first paint (firstPaint.ts) as the grid shows it: the same core
 * rules the grid's renderers use (lookup display texts and tree paths, a language's own
 * text, the column types' `format` — core/columnTypes/, money converted into the view
 * currency —, option names, spec §9 weights),
 * written as escaped HTML in the renderers' class names. What needs the browser (a
 * date-time in the browser's zone, images) is left blank: the grid fills it in.
 */
import type { IntlShape } from '@formatjs/intl';
import type { ColumnMeta } from '../../../schemas/screen.ts';
import { columnTypes, shownType, type TypeCtx } from '../../core/columnTypes/index.ts';
import { typingFor } from '../../core/columnTypes/money.ts';
import type { ColumnType } from '../../core/descriptor.ts';
import { formatWeight } from '../../core/format.ts';
import { formatRate } from '../../core/rates.ts';
import { LOCALE, type Lang } from '../../core/langs.ts';
import { displayTextOf, treePath } from '../../core/lookupDisplay.ts';
import { rowCurrency, type Rates } from '../../core/money.ts';
import { pickText } from '../../core/multiText.ts';
import { optionLabelIdOf } from '../../core/optionNames.ts';
import { vatParts } from '../../core/vatParts.ts';
import type { ValueType } from '../actions/engine/screens.ts';
import { screens } from '../actions/engine/screens.ts';

type Row = Readonly<Record<string, unknown>>;

/** What the cells of one page read: the language, the session's money and the screen's lookups. */
export interface PaintCtx {
  lang: Lang;
  intl: IntlShape;
  /** The view currency, the company's, the company rates and each currency's digits. */
  money: { view: string | undefined; company: string | undefined; rates: Rates; digits: (currency: string) => number };
  /** A lookup's rows by key (the bootstrap's screen lookups). */
  lookup(form: string): ReadonlyMap<string, Row> | undefined;
}

export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null);

/** Renderers whose cell is the column type's text (the others above, or left blank). */
const TEXT_RENDERERS = new Set(['text', 'int', 'identifier', 'number', 'money', 'bool', 'date', 'multi', 'ref', 'productCategory']);

/** The renderers that centre their cell (the registry's `align`; bool by type). The unit test holds it to the grid's for every column of every screen. */
const CENTRED = new Set(['activeFlag', 'checkbox', 'keepInStock', 'image']);

/** The cell's alignment class, by the grid's rule (columns.ts: the renderer's, else numeric end, bool centre). */
export function alignOf(col: ColumnMeta, type: ValueType | undefined): 'start' | 'end' | 'center' {
  if (col.renderer && CENTRED.has(col.renderer)) return 'center';
  if (col.renderer === 'weight' || col.renderer === 'money' || col.renderer === 'rate') return 'end';
  if (col.type !== 'ref' && (type === 'int' || type === 'number' || type === 'money')) return 'end';
  return col.type === 'bool' ? 'center' : 'start';
}

/** A lookup row's text by core/lookupDisplay.ts (a tree lookup: its path). */
function lookupText(form: string, key: unknown, ctx: PaintCtx): string | undefined {
  const s = screens.get(form);
  const rows = ctx.lookup(form);
  const hit = rows?.get(String(key));
  if (!s || !rows || !hit) return undefined;
  const multi = (v: unknown) => pickText(v, ctx.lang)?.text ?? '';
  const text = (r: Row) => displayTextOf(s.columns, s.keys, r, multi);
  const parent = s.source.parent;
  return parent ? treePath(hit, (r) => (r[parent] === null || r[parent] === undefined ? undefined : rows.get(String(r[parent]))), text) : text(hit);
}

/** The column type's context of a cell: the language, its words, a money cell's currencies (as the grid's fields/typeCtx.ts). */
function typeCtx(col: ColumnMeta, type: ColumnType, row: Row, ctx: PaintCtx, t: (id: string) => string, identifier: boolean): TypeCtx {
  const m = ctx.money;
  // A document's amount converts with its day's rates when the row carries them (`ratesField`, issue 46), as the grid does
  // (alone: they are the company's, the page's are the view currency's — only their ratios are alike).
  const own = col.ratesField ? row[col.ratesField] : undefined;
  const rates = own && typeof own === 'object' && !Array.isArray(own) && Object.keys(own).length ? (own as Rates) : m.rates;
  const money = type === 'money' ? typingFor(rowCurrency(row, col.currencyField, m.company), m.view, rates, m.digits) : undefined;
  return { lang: ctx.lang, t, identifier, money };
}

/** The inner HTML of a body cell. */
export function cellHtml(col: ColumnMeta, type: ValueType | undefined, value: unknown, row: Row, ctx: PaintCtx, identifier: boolean): string {
  if (value === null || value === undefined) return '';
  const t = (id: string) => ctx.intl.formatMessage({ id });
  const optionId = optionLabelIdOf(col);
  switch (col.renderer) {
    case 'activeFlag':
      return `<span class="cell-flag ${value === true ? 'cell-flag-on' : 'cell-flag-off'}">${value === true ? '✓' : '✕'}</span>`;
    case 'keepInStock': {
      const k = num(value) ?? 0;
      return `<span class="cell-kis cell-kis-${k}">${escapeHtml(optionId ? t(optionId(k)) : String(k))}</span>`;
    }
    case 'weight': {
      const n = num(value);
      return n === null ? escapeHtml(String(value)) : escapeHtml(formatWeight(n, LOCALE[ctx.lang], t('grid.unit_kg')));
    }
    case 'rate': {
      const n = num(value);
      return n === null ? escapeHtml(String(value)) : escapeHtml(formatRate(n, LOCALE[ctx.lang]));
    }
    case 'vat': {
      const vat = col.lookup ? ctx.lookup(col.lookup)?.get(String(value)) : undefined;
      const name = (vat && pickText(vat.vat_names, ctx.lang)?.text) || (col.lookup && lookupText(col.lookup, value, ctx)) || String(value);
      const p = vat ? vatParts(name, num(vat.vat_rate), LOCALE[ctx.lang]) : undefined;
      return p?.rate ? `<span class="cell-vat"><span class="cell-vat-rate">${escapeHtml(p.rate)}</span>${p.name ? ` ${escapeHtml(p.name)}` : ''}</span>` : escapeHtml(name);
    }
    case 'refKey':
      return escapeHtml(String(value));
    case 'country': {
      const c = col.lookup ? ctx.lookup(col.lookup)?.get(String(value)) : undefined;
      return escapeHtml((c && pickText(c.country_names, ctx.lang)?.text) || String(value));
    }
  }
  if (optionId) return escapeHtml(t(optionId(value)));
  // Another renderer draws more than a text (a picture, a link, a colour, buttons): left to the grid.
  if (col.renderer && !TEXT_RENDERERS.has(col.renderer)) return '';
  if (col.type === 'ref' && col.lookup) return escapeHtml(lookupText(col.lookup, value, ctx) ?? String(value));
  if (col.type === 'multi') return col.html ? '' : escapeHtml(pickText(value, ctx.lang)?.text ?? '');
  // The column type's text (core/columnTypes/), as the grid's Display of the type says it.
  const shown = shownType({ type: type ?? 'text', renderer: col.renderer });
  // A date-time reads in the browser's zone, JSON and other objects are drawn by the grid.
  if (shown === 'datetime' || shown === 'json' || typeof value === 'object') return '';
  return escapeHtml(columnTypes[shown].format(value, typeCtx(col, shown, row, ctx, t, identifier)));
}
