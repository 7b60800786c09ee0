/**
 * Cell renderers, keyed by the descriptor's `renderer` (or the column type). Each is a
 * pure function of its arguments: no hooks, no subscriptions; the grid hoists what
 * they read (formatters, lookups, permissions, session data) into `ctx` once per render.
 *
 * Buttons and images in cells carry `data-action` ('delete', 'translate', 'image'); the
 * grid's one delegated click handler acts on them (an image opens `ImagePopover` with
 * the element's `data-src`). They are not tab stops: the grid owns focus.
 */
import { lazy, Suspense, type ReactNode, type SyntheticEvent } from 'react';
import { LOCALE } from '../../../core/langs.ts';
import { shownMoney, storedCurrency } from '../moneyCurrency.ts';
import { compactJson, formatVolume, normalizeHex, prettyJson, safeHref, tagList } from '../../../core/format.ts';
import { FLAG_WIDTH, PLACEHOLDER_IMAGE, flagCodeOf, flagUrl, imageSrc, type ImagePresetName } from '../../../core/images.ts';
import { logActionId, screenTitleId } from '../../../core/logWords.ts';
import { keepInStockId } from '../../../core/optionNames.ts';
import { PATH_SEPARATOR, treePath } from '../../../core/lookupDisplay.ts';
import { languageNameIn, pickText } from '../../../core/multiText.ts';
import { gridData } from '../dataProvider/provider.ts';
import type { KeepInStockParams } from '../dataProvider/contract.ts';
import { searchLabel } from '../lookupSearch.ts';
import { rendererLookups, type RendererKey } from '../registryKeys.ts';
import type { CellCtx, CellRenderer, GridColumn, LookupData, RenderArgs, Row } from '../types.ts';
import { vatParts } from './vat.ts';
import './renderers.css';

export { ImagePopover, type ImagePopoverProps } from './ImagePopover.tsx';

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null);
const text = (v: unknown): string => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));
const localeOf = (ctx: CellCtx) => LOCALE[ctx.lang];

const numeric = (f: (ctx: CellCtx, n: number) => string): CellRenderer => ({
  align: 'end',
  render: ({ value, ctx }) => {
    const n = num(value);
    return n === null ? text(value) : f(ctx, n);
  },
});

/** The lookup of a column: its own, else the one its renderer reads (rendererLookups). */
function lookupOf(col: GridColumn, ctx: CellCtx): LookupData | undefined {
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
  if (parentField) return treePath(row, (r) => (r[parentField] == null ? undefined : data.byKey.get(String(r[parentField]))), (r) => name(r) || text(r[keyField]));
  return data.search ? searchLabel(row[keyField], name(row)) : name(row);
}

/** A ref renderer: the lookup text (the raw key while the lookup loads). */
function refRenderer(lookupText: (row: Row, data: LookupData, ctx: CellCtx) => string, decorate?: (a: RenderArgs, txt: string, row: Row | undefined) => ReactNode): CellRenderer {
  return {
    lookupText,
    render(a) {
      const hit = lookupRow(a.value, a.col, a.ctx);
      const txt = (hit && lookupText(hit.row, hit.data, a.ctx)) || text(a.value);
      return decorate && a.value !== null && a.value !== undefined && a.value !== '' ? decorate(a, txt, hit?.row) : txt;
    },
  };
}

const toggle: CellRenderer['clickValue'] = (v) => !(v === true);

/**
 * A flag image (this server's SVGs unless a flag service is configured: ctx.session.flags),
 * 20 px wide, lazy; nothing for a code that is not a flag's. Not an emoji: Windows draws
 * regional-indicator letters instead of flags.
 */
function flagImg(code: unknown, ctx: CellCtx): ReactNode {
  const src = typeof code === 'string' ? flagUrl(code, ctx.session?.flags) : null;
  return src ? <img className="cell-flag-img" src={src} width={FLAG_WIDTH} alt="" loading="lazy" decoding="async" /> : null;
}

/** A country's name in the current language (countries_brief rows). */
const countryName = (row: Row, data: LookupData, ctx: CellCtx) => ctx.multi(row.country_names) || displayText(row, data, ctx);

/** A text shown for the UI language that is another language's ('BG' tag, muted italics, a tooltip naming both). */
function fallbackCell(ctx: CellCtx, from: string, shown: ReactNode): ReactNode {
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
function pathCell(path: string): ReactNode {
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
function listCell(items: string[]): ReactNode {
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
function imageCell(preset: ImagePresetName, className: string): CellRenderer {
  return {
    align: 'center',
    render: ({ value, ctx, col }) => {
      if (value === null || value === undefined || value === '') return '';
      const cdn = ctx.session?.cdn;
      const label = ctx.t('grid.image');
      const src = imageSrc(value, cdn, preset);
      return (
        <button type="button" className={`cell-image ${className}`} data-action="image" data-src={imageSrc(value, cdn, 'productThumbLarge')} tabIndex={-1} aria-label={`${label}: ${ctx.t(col.labelId)}`}>
          {/* Keyed by its address: a recycled cell shows no stale picture while the next one loads. */}
          <img key={src} src={src} alt="" loading="lazy" decoding="async" onError={onImageError} />
        </button>
      );
    },
  };
}

/** A button cell acted on by the grid (data-action); the value, if any, follows it. */
function buttonCell(action: 'delete' | 'translate', labelId: string, icon: string, enabled: (a: RenderArgs) => boolean): CellRenderer {
  return {
    render: (a) => {
      const label = a.ctx.t(labelId);
      const value = a.value === null || a.value === undefined || typeof a.value === 'object' ? (a.col.type === 'multi' ? a.ctx.multi(a.value) : '') : String(a.value);
      return (
        <span className="cell-with-button">
          <button type="button" className={`cell-button cell-button-${action}`} data-action={action} tabIndex={-1} title={label} aria-label={label} disabled={!enabled(a)}>
            <span aria-hidden="true">{icon}</span>
          </button>
          {value && <span className="cell-button-text">{value}</span>}
        </span>
      );
    },
  };
}

/** Key/value pairs of a features value: an object, or a list of { key|name, value } rows. */
function featurePairs(v: unknown, ctx: CellCtx): [string, string][] {
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
function recipients(v: unknown): string[] {
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
    return t.split(/[,;\n]/).map((s) => s.trim()).filter(Boolean);
  }
  return v === null || v === undefined ? [] : [one(v)].filter(Boolean);
}

/** A value named by a catalogue text (a change log's action, a logged screen's title); copies and filters say the name. */
const named = (id: (v: unknown) => string): CellRenderer => ({
  optionLabelId: id,
  render: ({ value, ctx }) => (value === null || value === undefined ? '' : ctx.t(id(value))),
});

/** A cell drawn by a chunk of its own (empty until it is there): only screens with such cells load it. */
const lazyCell = (load: () => Promise<{ default: (a: RenderArgs) => ReactNode }>) => {
  const Cell = lazy(load);
  return (a: RenderArgs) => (
    <Suspense>
      <Cell {...a} />
    </Suspense>
  );
};

/** Rich text as read (richText.tsx). */
const richText = lazyCell(() => import('./richText.tsx'));
/** The change summary (changeLog.tsx). */
const changeSummary = lazyCell(() => import('./changeLog.tsx'));

export const renderers: Record<RendererKey, CellRenderer> = {
  text: { render: ({ value }) => text(value) },
  int: numeric((ctx, n) => ctx.fmt.int(n)),
  /** An integer id: its digits, no thousands separators (also on the clipboard and in group rows). */
  identifier: { ...numeric((_, n) => String(n)), text: ({ value }) => text(value) },
  number: numeric((ctx, n) => ctx.fmt.number(n)),
  weight: numeric((ctx, n) => ctx.fmt.weight(n)),
  /** Volume: up to 3 decimals in m³. */
  volume: numeric((ctx, n) => formatVolume(n, localeOf(ctx))),
  /**
   * Money in the view currency (spec §9): amount × rate(from) / rate(to) with the
   * company rates. The amount is in the currency of the row field the descriptor names
   * (`currencyField`), else in the company currency. A missing rate shows the amount in
   * its own currency (and warns once). Converted cells show the original in the tooltip.
   * Copies (and group rows) give the text the cell shows, which paste reads back.
   */
  money: {
    align: 'end',
    text: ({ value, row, col, ctx }) => {
      const n = num(value);
      if (n === null) return value === null || value === undefined ? '' : String(value);
      const from = storedCurrency(col, row, ctx);
      return from ? shownMoney(n, from, ctx).text : ctx.fmt.money(n);
    },
    render: ({ value, row, col, ctx }) => {
      const n = num(value);
      if (n === null) return text(value);
      const from = storedCurrency(col, row, ctx);
      if (!from) return ctx.fmt.money(n);
      const m = shownMoney(n, from, ctx);
      return m.original === undefined ? m.text : <span title={m.original}>{m.text}</span>;
    },
  },
  bool: {
    align: 'center',
    render: ({ value, ctx }) => (value === true ? ctx.t('common.yes') : value === false ? ctx.t('common.no') : ''),
  },
  date: { render: ({ value, ctx }) => ctx.fmt.date(value) },
  datetime: { render: ({ value, ctx }) => ctx.fmt.datetime(value) },
  /**
   * Text in the current language; rich text (`html`) as a reader sees it, by its own chunk
   * (richText.tsx, which also sets the copy text). A text from another language (none in
   * this one) is marked as that language's: its code as a tag, muted, the tooltip says so.
   */
  multi: {
    render: (a) => {
      // One pick per cell (ctx.multi is the same rule, without the language it found).
      const pick = pickText(a.value, a.ctx.lang);
      const shown = a.col.meta.html ? richText(a) : (pick?.text ?? '');
      return pick && pick.lang !== a.ctx.lang ? fallbackCell(a.ctx, pick.lang, shown) : shown;
    },
  },
  /** Compact JSON, cut at 200 characters; the whole value (indented) in the tooltip. */
  json: {
    render: ({ value }) => {
      const s = compactJson(value);
      if (!s) return '';
      return <span title={prettyJson(value)}>{s.length > 200 ? `${s.slice(0, 200)}…` : s}</span>;
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
    optionLabelId: keepInStockId,
    async save({ screen, row, value }) {
      const r = await gridData().keepInStock({
        product_code: String(row.product_code),
        // clickValue's cycle: 0, 1 or 2 (the server checks it again).
        keep_in_stock: value as KeepInStockParams['keep_in_stock'],
      });
      const fields = { keep_in_stock: r.keep_in_stock, [screen.source.version ?? 'row_version']: r.row_version };
      // The action writes (and change-logs) the product_list row: product_list's undo reverts it.
      return { fields, logIds: typeof r.log_id === 'number' ? [r.log_id] : [], undoForm: 'product_list' };
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
  /**
   * VAT: its name in the current language (which carries the rate), else its code — the
   * text copied, sorted and exported. The cell shows the rate first ('23 % Standard rate'),
   * so a narrow column keeps what matters; the whole name in the tooltip.
   */
  vat: refRenderer(
    (row, data, ctx) => ctx.multi(row.vat_names) || displayText(row, data, ctx),
    (a, name, row) => {
      const p = row ? vatParts(name, num(row.vat_rate), localeOf(a.ctx)) : undefined;
      if (!p?.rate) return name;
      return (
        <span className="cell-vat" title={name}>
          <span className="cell-vat-rate">{p.rate}</span>
          {p.name && ` ${p.name}`}
        </span>
      );
    },
  ),
  /**
   * Product category: its path, as copied, sorted and exported. In a narrow column whole
   * leading names give way first ('… › Hand tools › Hammers'): the leaf stays in sight and
   * no name is cut inside a word; the whole path in the tooltip (pathCell).
   */
  productCategory: refRenderer(displayText, (_a, path) => pathCell(path)),
  /** Country: flag and name in the current language. */
  country: refRenderer(countryName, (a, name) => (
    <span className="cell-language" title={text(a.value)}>
      {flagImg(a.value, a.ctx)}
      {name}
    </span>
  )),
  /** Country code and name: 'HU Hungary'. */
  countryCodeName: refRenderer(countryName, (a, name) => {
    const code = text(a.value);
    return (
      <span title={name}>
        <span className="cell-code">{code}</span>
        {name !== code ? ` ${name}` : ''}
      </span>
    );
  }),
  /** Service: its product_names in the current language (services_brief), else the code. */
  service: refRenderer(
    (row, data, ctx) => ctx.multi(row.product_names) || displayText(row, data, ctx),
    (a, name, row) => (a.value !== null && typeof a.value === 'object' ? a.ctx.multi(a.value) : row ? <span title={text(a.value)}>{name}</span> : name),
  ),
  /** Account: account_names in the current language (or account_name); the code in the tooltip. */
  account: refRenderer(
    (row, data, ctx) => ctx.multi(row.account_names) || text(row.account_name) || displayText(row, data, ctx),
    (_a, name, row) => (row?.account_code ? <span title={text(row.account_code)}>{name}</span> : name),
  ),

  /** A delete button (data-action="delete"); disabled without the delete permission. */
  deleteButton: buttonCell('delete', 'common.delete', '🗑', (a) => a.ctx.canDelete !== false),
  /** A translate button (data-action="translate"); enabled where the cell may be changed. */
  translateButton: buttonCell('translate', 'grid.translate', '🌐', (a) => a.canEdit),

  /** A product image (CDN id or URL) as a small thumbnail; a click opens the 300×300 popover. */
  image: imageCell('productThumbSmall', 'cell-image-thumb'),
  /** A cover image (URL or CDN id), cropped to the cell; a click opens the 300×300 popover. */
  coverImage: imageCell('productThumb', 'cell-image-cover'),

  /** Language: its flag and its code. */
  languageCode: {
    render: ({ value, ctx }) => {
      if (typeof value !== 'string' || !value) return text(value);
      const lang = ctx.session?.languages.find((l) => l.language_code === value);
      return (
        <span className="cell-language" title={lang?.language_name || value}>
          {flagImg(flagCodeOf(value, lang?.flag_code), ctx)}
          {value}
        </span>
      );
    },
  },
  /** A link to the value: http(s), protocol-relative and relative URLs only; other text stays text. */
  link: {
    render: ({ value }) => {
      const href = safeHref(value);
      if (!href) return text(value);
      const external = /^(https?:)?\/\//i.test(href);
      return (
        <a className="cell-link" href={href} title={href} tabIndex={-1} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
          {href}
        </a>
      );
    },
  },
  /** Shops: the hostnames of the shop ids (the column's lookup, else the session's shops). */
  shops: {
    render: ({ value, col, ctx }) => {
      const ids = tagList(value);
      const data = lookupOf(col, ctx);
      const shops = ctx.session?.shops;
      return listCell(
        ids.map((id) => {
          const row = data?.byKey.get(id);
          if (row) return text(row.hostname) || displayText(row, data!, ctx);
          return shops?.find((s) => String(s.shop_id) === id)?.hostname ?? id;
        }),
      );
    },
  },
  /** A distribution list: its recipients in one line, one per line in the tooltip. */
  distributionList: { render: ({ value }) => listCell(recipients(value)) },
  /** Features: 'key: value' pairs; values in the current language when multi-language. */
  features: {
    render: ({ value, ctx }) => {
      const pairs = featurePairs(value, ctx);
      if (!pairs.length) return typeof value === 'string' ? value : '';
      const lines = pairs.map(([k, v]) => (v ? `${k}: ${v}` : k));
      return (
        <span className="cell-list" title={lines.join('\n')}>
          {pairs.map(([k, v], i) => (
            <span key={i} className="cell-feature">
              {i > 0 && ' · '}
              <span className="cell-feature-key">{k}</span>
              {v && `: ${v}`}
            </span>
          ))}
        </span>
      );
    },
  },
  /** A change log entry's action: Added, Changed, Deleted. */
  logAction: named(logActionId),
  /** A screen's form name as its title ('product_list' → 'Product list'). */
  screenTitle: named(screenTitleId),
  /**
   * What a change log entry changed, in words ('Selling price: 53.99 → 59.99'). Its chunk
   * adds the cell's `text` (copies, group rows) when it loads.
   */
  changeSummary: { render: changeSummary },
  /** A colour: swatch and hex code; other text as it is. */
  colour: {
    render: ({ value }) => {
      const hex = normalizeHex(value);
      if (!hex) return text(value);
      return (
        <span className="cell-colour" title={hex}>
          <span className="cell-swatch" style={{ background: hex }} aria-hidden="true" />
          {hex}
        </span>
      );
    },
  },
};
