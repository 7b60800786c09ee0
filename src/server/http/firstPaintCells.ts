/**
 * A cell of the server's first paint (firstPaint.ts) as the grid shows it: the same core
 * rules the grid's renderers use (lookup display texts and tree paths, a language's own
 * text, money converted into the view currency, option names, spec §9 weights and dates),
 * written as escaped HTML in the renderers' class names. What needs the browser (a
 * date-time in the browser's zone, images) is left blank: the grid fills it in.
 */
import type { IntlShape } from '@formatjs/intl';
import type { ColumnMeta } from '../../../schemas/screen.ts';
import { formatDay, formatMoney, formatWeight } from '../../core/format.ts';
import { LOCALE, type Lang } from '../../core/langs.ts';
import { displayTextOf, treePath } from '../../core/lookupDisplay.ts';
import { shownAmount, rowCurrency, type Rates } from '../../core/money.ts';
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
  if (col.renderer === 'weight' || col.renderer === 'money') return 'end';
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

function moneyText(col: ColumnMeta, n: number, row: Row, ctx: PaintCtx): string {
  const locale = LOCALE[ctx.lang];
  const from = rowCurrency(row, col.currencyField, ctx.money.company);
  if (!from) return ctx.intl.formatNumber(n, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const shown = shownAmount(n, from, ctx.money.view ?? from, ctx.money.rates, ctx.money.digits);
  return formatMoney(shown.amount, shown.currency, locale, ctx.money.digits(shown.currency));
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
  const n = num(value);
  switch (col.renderer === 'money' ? 'money' : type) {
    case 'bool':
      return escapeHtml(t(value === true ? 'common.yes' : 'common.no'));
    case 'int':
      // An integer naming a record (core/registryKeys.ts `isIdentifierField`): its digits, no separators.
      return n === null || identifier ? escapeHtml(String(value)) : escapeHtml(ctx.intl.formatNumber(n, { maximumFractionDigits: 0 }));
    case 'number':
      return n === null ? escapeHtml(String(value)) : escapeHtml(ctx.intl.formatNumber(n, { maximumFractionDigits: 3 }));
    case 'money':
      return n === null ? escapeHtml(String(value)) : escapeHtml(moneyText(col, n, row, ctx));
    case 'date':
      return escapeHtml(formatDay(value, ctx.intl.locale));
    case 'datetime':
    case 'json':
      return '';
    default:
      return typeof value === 'object' ? '' : escapeHtml(String(value));
  }
}
