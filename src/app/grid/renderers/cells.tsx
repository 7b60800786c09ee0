/**
 * What the cell renderers (index.tsx) are made of: value readers, lookup texts, flags,
 * fallback and path cells, lists, images, buttons, and cells drawn by chunks of their own.
 */
import { Suspense, type ReactNode, type SyntheticEvent } from 'react';
import { lazyFirstPart, lazyWithMessages } from '../../i18n/lazy.tsx';
import { LOCALE } from '../../../core/langs.ts';
import { FLAG_WIDTH, PLACEHOLDER_IMAGE, flagUrl, imageSrc, type ImagePresetName } from '../../../core/images.ts';
import { PATH_SEPARATOR, treePath } from '../../../core/lookupDisplay.ts';
import { languageNameIn } from '../../../core/multiText.ts';
import { searchLabel } from '../lookupSearch.ts';
import { rendererLookups } from '../../../core/registryKeys.ts';
import type { CellCtx, CellRenderer, GridColumn, LookupData, RenderArgs, Row } from '../types.ts';
import type { CellIconName } from './cellIcons.tsx';

/** A button cell's icon (lucide-react), loaded with the first one. */
const CellIcon = lazyFirstPart(() => import('./cellIcons.tsx'));

export const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null);
export const text = (v: unknown): string => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));
export const localeOf = (ctx: CellCtx) => LOCALE[ctx.lang];

export const numeric = (f: (ctx: CellCtx, n: number) => string): CellRenderer => ({
  align: 'end',
  render: ({ value, ctx }) => {
    const n = num(value);
    return n === null ? text(value) : f(ctx, n);
  },
});

/** The lookup of a column: its own, else the one its renderer reads (rendererLookups). */
export function lookupOf(col: GridColumn, ctx: CellCtx): LookupData | undefined {
  const form = col.lookup?.form ?? rendererLookups[col.rendererKey];
  return form ? ctx.lookup(form) : undefined;
}

/** The lookup row of a ref value, if its lookup is loaded. */
function lookupRow(value: unknown, col: GridColumn, ctx: CellCtx): { row: Row; data: LookupData } | undefined {
  if (value === null || value === undefined) return undefined;
  const data = lookupOf(col, ctx);
  const row = data?.byKey.get(String(value));
  return data && row ? { row, data } : undefined;
}

/**
 * Text of a lookup row by the lookup's display field (its first non-key column); a tree
 * lookup's is the path from the root (core/lookupDisplay.ts). A search lookup's rows are
 * many and their names not unique: its key comes first ('P000123 · Oak chair').
 */
export function displayText(row: Row, data: LookupData, ctx: CellCtx): string {
  const { displayField, displayType, keyField, parentField } = data.def;
  const name = (r: Row) => (displayType === 'multi' ? ctx.multi(r[displayField]) : text(r[displayField]));
  if (parentField)
    return treePath(
      row,
      (r) => (r[parentField] == null ? undefined : data.byKey.get(String(r[parentField]))),
      (r) => name(r) || text(r[keyField]),
    );
  return data.search ? searchLabel(row[keyField], name(row)) : name(row);
}

/** A ref renderer: the lookup text (the raw key while the lookup loads). */
export function refRenderer(lookupText: (row: Row, data: LookupData, ctx: CellCtx) => string, decorate?: (a: RenderArgs, txt: string, row: Row | undefined) => ReactNode): CellRenderer {
  return {
    lookupText,
    render(a) {
      const hit = lookupRow(a.value, a.col, a.ctx);
      const txt = (hit && lookupText(hit.row, hit.data, a.ctx)) || text(a.value);
      return decorate && a.value !== null && a.value !== undefined && a.value !== '' ? decorate(a, txt, hit?.row) : txt;
    },
  };
}

export const toggle: CellRenderer['clickValue'] = (v) => !(v === true);

/**
 * A flag image (this server's SVGs unless a flag service is configured: ctx.session.flags),
 * 20 px wide, lazy; nothing for a code that is not a flag's. Not an emoji: Windows draws
 * regional-indicator letters instead of flags.
 */
export function flagImg(code: unknown, ctx: CellCtx): ReactNode {
  const src = typeof code === 'string' ? flagUrl(code, ctx.session?.flags) : null;
  return src ? <img className="cell-flag-img" src={src} width={FLAG_WIDTH} alt="" loading="lazy" decoding="async" /> : null;
}

/** A country's name in the current language (countries_brief rows). */
export const countryName = (row: Row, data: LookupData, ctx: CellCtx) => ctx.multi(row.country_names) || displayText(row, data, ctx);

/** A text shown for the UI language that is another language's ('BG' tag, muted italics, a tooltip naming both). */
export function fallbackCell(ctx: CellCtx, from: string, shown: ReactNode): ReactNode {
  const title = ctx.t('grid.fallback_text', { missing: languageNameIn(ctx.lang, ctx.lang), shown: languageNameIn(from, ctx.lang) });
  return (
    <span className="cell-fallback" title={title}>
      <span className="cell-lang-tag">{from.toUpperCase()}</span>
      <span className="cell-fallback-text" lang={from}>
        {shown}
      </span>
    </span>
  );
}

/**
 * A path ('Tools › Hand tools › Hammers') that drops whole names from its start when the
 * column is narrow, marking the cut with '… ›'. CSS only (no measuring per cell): the names
 * are flex items laid out from the right, leaf first (`order`; the DOM keeps the path's
 * order for reading and selecting), in a wrapping row; names that do not fit wrap onto the
 * lines below, which the cell clips. Each name but the root keeps room for the mark on its
 * left, which the name before it covers while it is on the line; the mark (generated
 * content, renderers.css) shows only when the row wrapped.
 */
export function pathCell(path: string): ReactNode {
  const names = path.split(PATH_SEPARATOR);
  const last = names.length - 1;
  return (
    <span className="cell-path" title={path}>
      <span className="cell-path-line">
        {names.map((name, n) => (
          <span key={n} className={`cell-path-name${n === last ? ' cell-path-leaf' : ''}${n === 0 ? ' cell-path-root' : ''}`} style={{ order: last - n }}>
            {name}
            {n < last && '\u00a0›\u00a0'}
          </span>
        ))}
      </span>
    </span>
  );
}

/** A list of texts in one line, each one per line in the tooltip. */
export function listCell(items: string[]): ReactNode {
  if (!items.length) return '';
  return (
    <span className="cell-list" title={items.join('\n')}>
      {items.join(', ')}
    </span>
  );
}

/** An image that failed to load shows the placeholder (once: the placeholder itself may fail). */
function onImageError(e: SyntheticEvent<HTMLImageElement>) {
  const img = e.currentTarget;
  if (img.dataset.fallback) return;
  img.dataset.fallback = '1';
  img.src = PLACEHOLDER_IMAGE;
}

/** A thumbnail that opens the 300×300 popover (data-action="image", data-src = its large URL). */
export function imageCell(preset: ImagePresetName, className: string): CellRenderer {
  return {
    align: 'center',
    render: ({ value, ctx, col }) => {
      if (value === null || value === undefined || value === '') return '';
      const cdn = ctx.session?.cdn;
      const label = ctx.t('grid.image');
      const src = imageSrc(value, cdn, preset);
      return (
        <button
          type="button"
          className={`cell-image ${className}`}
          data-action="image"
          data-src={imageSrc(value, cdn, 'productThumbLarge')}
          tabIndex={-1}
          aria-label={`${label}: ${ctx.t(col.labelId)}`}
        >
          {/* Keyed by its address: a recycled cell shows no stale picture while the next one loads. */}
          <img key={src} src={src} alt="" loading="lazy" decoding="async" onError={onImageError} />
        </button>
      );
    },
  };
}

/** A button cell acted on by the grid (data-action); the value, if any, follows it. */
export function buttonCell(action: CellIconName, labelId: string, enabled: (a: RenderArgs) => boolean): CellRenderer {
  return {
    render: (a) => {
      const label = a.ctx.t(labelId);
      const value = a.value === null || a.value === undefined || typeof a.value === 'object' ? (a.col.type === 'multi' ? a.ctx.multi(a.value) : '') : String(a.value);
      return (
        <span className="cell-with-button">
          <button type="button" className={`cell-button cell-button-${action}`} data-action={action} tabIndex={-1} title={label} aria-label={label} disabled={!enabled(a)}>
            <Suspense fallback={null}>
              <CellIcon name={action} />
            </Suspense>
          </button>
          {value && <span className="cell-button-text">{value}</span>}
        </span>
      );
    },
  };
}

/** Key/value pairs of a features value: an object, or a list of { key|name, value } rows. */
export function featurePairs(v: unknown, ctx: CellCtx): [string, string][] {
  const show = (x: unknown) => (x !== null && typeof x === 'object' && !Array.isArray(x) ? ctx.multi(x) : Array.isArray(x) ? x.map(String).join(', ') : text(x));
  if (Array.isArray(v)) {
    return v.flatMap((item): [string, string][] => {
      if (item === null || typeof item !== 'object') return item === null || item === undefined ? [] : [[text(item), '']];
      const o = item as Row;
      const key = o.key ?? o.name ?? o.feature_name ?? o.feature;
      return [[show(key), show(o.value ?? o.feature_value)]];
    });
  }
  if (v !== null && typeof v === 'object') return Object.entries(v as Row).map(([k, x]) => [k, show(x)]);
  return [];
}

/** Recipients of a distribution list: strings, or { email, name } rows; a text splits on commas, semicolons and lines. */
export function recipients(v: unknown): string[] {
  const one = (x: unknown): string => {
    if (x === null || x === undefined) return '';
    if (typeof x !== 'object') return String(x).trim();
    const o = x as Row;
    const email = text(o.email ?? o.address ?? o.user_email);
    const name = text(o.name ?? o.user_name);
    return name && email ? `${name} <${email}>` : name || email;
  };
  if (Array.isArray(v)) return v.map(one).filter(Boolean);
  if (typeof v === 'string') {
    const t = v.trim();
    if (t.startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(t);
        if (Array.isArray(parsed)) return recipients(parsed);
      } catch {
        /* plain text */
      }
    }
    return t
      .split(/[,;\n]/)
      .map((s) => s.trim())
      .filter(Boolean);
  }
  return v === null || v === undefined ? [] : [one(v)].filter(Boolean);
}

/** A value named by a catalogue text (a change log's action, a logged screen's title); copies and filters say the name. */
export const named = (id: (v: unknown) => string): CellRenderer => ({
  optionLabelId: id,
  render: ({ value, ctx }) => (value === null || value === undefined ? '' : ctx.t(id(value))),
});

/**
 * A cell drawn by a chunk of its own (empty until it is there): only screens with such cells
 * load it. `labels`: it names other screens' columns, so it also waits for every label (the
 * catalogue's later part).
 */
export const lazyCell = (load: () => Promise<{ default: (a: RenderArgs) => ReactNode }>, labels = false) => {
  const Cell = labels ? lazyWithMessages(load) : lazyFirstPart(load);
  return (a: RenderArgs) => (
    <Suspense>
      <Cell {...a} />
    </Suspense>
  );
};
