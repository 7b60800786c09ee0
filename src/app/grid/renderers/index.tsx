/**
 * Cell renderers, keyed by the descriptor's `renderer` (or the column type). Each is a
 * pure function of its arguments: no hooks, no subscriptions; the grid hoists what
 * they read (formatters, lookups, permissions, session data) into `ctx` once per render.
 *
 * Buttons and images in cells carry `data-action` ('delete', 'translate', 'image'); the
 * grid's one delegated click handler acts on them (an image opens `ImagePopover` with
 * the element's `data-src`). They are not tab stops: the grid owns focus.
 */
import { normalizeHex, safeHref, tagList } from '../../../core/format.ts';
import { boolDisplay } from '../../fields/bool/Display.tsx';
import { dateDisplay } from '../../fields/date/Display.tsx';
import { datetimeDisplay } from '../../fields/datetime/Display.tsx';
import { identifierDisplay, intDisplay } from '../../fields/int/Display.tsx';
import { jsonDisplay } from '../../fields/json/Display.tsx';
import { moneyDisplay } from '../../fields/money/Display.tsx';
import { multiDisplay } from '../../fields/multi/Display.tsx';
import { numberDisplay } from '../../fields/number/Display.tsx';
import { refDisplay } from '../../fields/ref/Display.tsx';
import { textDisplay } from '../../fields/text/Display.tsx';
import { flagCodeOf } from '../../../core/images.ts';
import { formatRate } from '../../../core/rates.ts';
import { gridData } from '../dataProvider/provider.ts';
import type { KeepInStockParams } from '../dataProvider/contract.ts';
import type { RendererKey } from '../../../core/registryKeys.ts';
import type { CellRenderer } from '../types.ts';
import { vatParts } from '../../../core/vatParts.ts';
import { fsmButtons } from './fsmButtons.tsx';
import { screenTitleId } from '../../../core/logWords.ts';
import {
  num,
  text,
  localeOf,
  numeric,
  lookupOf,
  displayText,
  refRenderer,
  toggle,
  flagImg,
  countryName,
  pathCell,
  listCell,
  imageCell,
  buttonCell,
  featurePairs,
  recipients,
  named,
  lazyCell,
} from './cells.tsx';
import './renderers.css';

export { displayText } from './cells.tsx';
export { loadRichText } from '../../fields/multi/Display.tsx';

/** Cells drawn by a chunk of their own: the change summary (changeLog.tsx) brings its copy `text` and waits for every label, as it names other screens' columns. */
const changeSummary = lazyCell(() => import('./changeLog.tsx').then((m) => ((renderers.changeSummary.text = m.summaryText), m)), true);
/** A workflow event's button as it will look (the events grid's icon column): a chunk of its own, with the icons. */
const eventButton = lazyCell(() => import('./eventButton.tsx'));

export const renderers: Record<RendererKey, CellRenderer> = {
  // The column types' own cells (src/app/fields/<type>/Display.tsx), shared with the forms.
  text: textDisplay,
  int: intDisplay,
  identifier: identifierDisplay,
  number: numberDisplay,
  weight: numeric((ctx, n) => ctx.fmt.weight(n)),
  /** Volume: up to 3 decimals in m³. */
  volume: numeric((ctx, n) => ctx.fmt.volume(n)),
  /** A currency rate: every decimal it keeps (core/rates.ts), in the cell and in a copy. */
  rate: {
    ...numeric((ctx, n) => formatRate(n, localeOf(ctx))),
    text: ({ value, ctx }) => (num(value) === null ? (value === null || value === undefined ? '' : String(value)) : formatRate(num(value)!, localeOf(ctx))),
  },
  money: moneyDisplay,
  bool: boolDisplay,
  date: dateDisplay,
  datetime: datetimeDisplay,
  multi: multiDisplay,
  json: jsonDisplay,
  ref: refDisplay,
  /**
   * A ref shown by its key alone (a product's code): for rows that show the lookup's name in
   * a column of their own beside it (issue 43: the name twice side by side). Copied, pasted
   * and filtered by the key; its editor still lists the lookup's rows with their names.
   */
  refKey: refRenderer((row, data) => text(row[data.def.keyField])),

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
    // Named by its column's header: a checkbox needs a name of its own (axe: aria-toggle-field-name).
    render: ({ value, col, ctx, canEdit }) => (
      <span
        className={`cell-checkbox${value === true ? ' cell-checkbox-on' : ''}${canEdit ? ' cell-clickable' : ''}`}
        role="checkbox"
        aria-label={ctx.t(col.labelId)}
        aria-checked={value === true}
        aria-readonly={!canEdit}
        data-value={String(value === true)}
      />
    ),
  },
  /**
   * 0 no, 1 yes, 2 on order (named by its option set, `options.keep_in_stock.<n>`: the grid
   * model gives it `optionLabelId`); a click cycles 0 → 1 → 2 → 0, saved by the keep_in_stock action.
   */
  keepInStock: {
    align: 'center',
    clickValue: (v) => ((num(v) ?? 0) + 1) % 3,
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
    render: ({ value, col, ctx, canEdit }) => {
      const n = num(value) ?? 0;
      const name = col.renderer.optionLabelId;
      return (
        <span className={`cell-kis cell-kis-${n}${canEdit ? ' cell-clickable' : ''}`} data-value={n}>
          {name ? ctx.t(name(n)) : n}
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
  deleteButton: buttonCell('delete', 'common.delete', (a) => a.ctx.canDelete !== false),
  /** A workflow row's events shown as buttons (data-action="fsm", data-event): features/workflow fires them. */
  fsmActions: fsmButtons,
  /** A translate button (data-action="translate"); enabled where the cell may be changed. */
  translateButton: buttonCell('translate', 'grid.translate', (a) => a.canEdit),

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
  /** A screen's form name as its title ('product_list' → 'Product list'). */
  screenTitle: named(screenTitleId),
  /**
   * What a change log entry changed, in words ('Selling price: 53.99 → 59.99'). Its chunk
   * brings the cell's `text` (copies, group rows) when it loads.
   */
  changeSummary: { render: changeSummary },
  /** A workflow event's icon by name, drawn on the event's button (its style and name from the row); copied as the icon's name. */
  eventButton: { render: eventButton, text: ({ value }) => (typeof value === 'string' ? value : '') },
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
