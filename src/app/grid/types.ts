import type { ReactNode } from 'react';
import type { ColumnMeta, ColumnType, ScreenDescriptor } from '../../../schemas/screen.ts';
import type { Lang } from '../../core/langs.ts';
import type { ValueType } from '../../core/query/kinds.ts';
import type { Values } from '../i18n/useT.ts';
import type { EditorKey, RendererKey } from '../../core/registryKeys.ts';

/** One row as the server sends it. */
export type Row = Record<string, unknown>;

/** A loaded row: its position in the server's order, its id (the key) and its data. */
export interface GridRow {
  readonly index: number;
  readonly id: string;
  readonly data: Row;
}

/** Scalar type of a column's values (a ref takes the type of its lookup's key): core/query/kinds.ts. */
export type { ValueType } from '../../core/query/kinds.ts';

/** How a column is filtered from its floating filter ('option': one of its `options`, picked from their labels); its type's (core/columnTypes/). */
export type { FilterKind } from '../../core/columnTypes/types.ts';
import type { FilterKind } from '../../core/columnTypes/types.ts';

/** A ref column's lookup source: which form, its key field and the field shown. */
export interface LookupDef {
  form: string;
  keyField: string;
  keyType: ValueType;
  displayField: string;
  displayType: ColumnType;
  /** A search lookup (source.search): searched as the user types, never loaded whole. */
  search?: boolean;
  /** A tree lookup's parent column (source.parent): its text is the path from the root. */
  parentField?: string | undefined;
}

/** A descriptor column with everything the grid derives from it, once per screen. */
export interface GridColumn {
  field: string;
  meta: ColumnMeta;
  type: ColumnType;
  valueType: ValueType;
  /** Locale key of the header (fields.<field>). */
  labelId: string;
  rendererKey: RendererKey;
  renderer: CellRenderer;
  editorKey: EditorKey | null;
  editor: CellEditor | null;
  /** Editable by the descriptor (the grid adds the set permission). */
  editable: boolean;
  /** A width preset (px); absent → flex. */
  width: number | undefined;
  pinned: 'left' | 'right' | undefined;
  sortable: boolean;
  filter: FilterKind | null;
  /** May hold no value (not required, not a key): its choice filter offers "(empty)". */
  canBeEmpty: boolean;
  align: 'start' | 'end' | 'center';
  lookup: LookupDef | null;
}

/** A loaded lookup source (ref columns): rows in server order and rows by key. */
export interface LookupData {
  def: LookupDef;
  rows: Row[];
  byKey: Map<string, Row>;
  /**
   * A search lookup (source.search): `rows` and `byKey` hold only the keys resolved so far;
   * asking `byKey` for another key resolves it. `remember` adds rows the user picked.
   */
  search?: { remember(rows: Row[]): void };
}

/** Formatters of the current locale, created once per grid and language. */
export interface Formatters {
  int(v: number): string;
  number(v: number): string;
  money(v: number): string;
  weight(v: number): string;
  /** A volume in the language's cubic metre symbol. */
  volume(v: number): string;
  date(v: unknown): string;
  datetime(v: unknown): string;
}

/**
 * Session data some renderers read (money, image, coverImage, shops, languageCode): the
 * grid selects it from the session store once and passes it in `ctx.session`.
 */
export interface CellSession {
  /** The view currency: money is shown converted into it. */
  currency: string | undefined;
  /** The company's own currency: the currency of an amount whose row names none. */
  companyCurrency: string | undefined;
  /** company_rates: value of one unit of each currency in the company currency. */
  companyRates: Readonly<Record<string, number>>;
  /** Currencies with their precision (digits of money formats). */
  currencies: readonly { currency_code: string; currency_precision: number }[];
  /** CDN base of product images (init's cdn). */
  cdn: string;
  shops: readonly { shop_id: number; hostname: string }[];
  languages: readonly { language_code: string; flag_code: string; language_name?: string }[];
  /** Flag image URL template with `{code}` (init's `flags`; absent: this server's, core/images.ts OWN_FLAGS). */
  flags?: string;
}

/** What every cell may read; built once per grid render, never per cell. */
export interface CellCtx {
  lang: Lang;
  fmt: Formatters;
  t(id: string, values?: Values): string;
  lookup(form: string): LookupData | undefined;
  /** Text of a multi-language value in the current language (fallback English, then any). */
  multi(v: unknown): string;
  /** Session data of the money, image, shops and languageCode renderers (absent: they degrade). */
  session?: CellSession;
  /** The delete permission of the screen (false: the deleteButton cell is disabled). */
  canDelete?: boolean;
  /** The workflow events of the rows may be run (the events right): else the fsmActions cell shows no buttons. */
  canEvents?: boolean;
  /** Of those, the events the user may not press (reserved to roles she lacks): no button. */
  deniedEvents?: ReadonlySet<string>;
  /** Why the grid's rows may not change now (a workflow state): the title of its editable columns' cells. */
  locked?: string;
}

export interface RenderArgs {
  value: unknown;
  row: Row;
  col: GridColumn;
  ctx: CellCtx;
  /** The cell may be changed by the user (descriptor editable + set permission). */
  canEdit: boolean;
}

interface CustomSaveArgs {
  screen: ScreenDescriptor;
  row: Row;
  col: GridColumn;
  value: unknown;
}

/**
 * What a renderer's own save answers: the fields to merge into the row, and the change-log
 * ids of the write (so Ctrl+Z undoes it) with the form whose `undo` reverts them (default:
 * the grid's form).
 */
interface CustomSaved {
  fields: Row;
  logIds?: number[];
  undoForm?: string;
}

/**
 * A display-only cell renderer: a pure function of its arguments (no hooks, no store
 * subscriptions). A renderer whose cell changes on a click (activeFlag, keepInStock)
 * says how with `clickValue`; the grid's one delegated handler applies it.
 */
export interface CellRenderer {
  render(a: RenderArgs): ReactNode;
  align?: 'start' | 'end' | 'center';
  /** The value a click (or Space/Enter) sets; absent → the cell is edited with its editor. */
  clickValue?(value: unknown, col: GridColumn): unknown;
  /** Saves a click change another way than the form's set; answers the fields to merge into the row and its change-log ids. */
  save?(a: CustomSaveArgs): Promise<CustomSaved>;
  /** Text of a lookup row (ref renderers); also the labels of the select editor. */
  lookupText?(row: Row, data: LookupData, ctx: CellCtx): string;
  /**
   * The plain text the cell shows (copy as TSV, group labels, pasting an option by its
   * text). Absent → the grid's text of the column type (cellValues.ts `cellText`).
   */
  text?(a: RenderArgs): string;
  /** The locale key naming an option value (keep_in_stock 2 → 'On order'): copies, filters and form choices say it. */
  optionLabelId?(value: unknown): string;
}

/** Where the active cell goes after an edit: next/prev wrap rows (Tab), the others do not (Enter, arrows). */
export type EditMove = 'next' | 'prev' | 'down' | 'up' | 'left' | 'right' | undefined;

export interface EditorProps {
  col: GridColumn;
  value: unknown;
  row: Row;
  ctx: CellCtx;
  /** A printable key that started the edit: the text starts with it. */
  initialInput: string | undefined;
  /** `blurred`: the editor lost focus (the user went elsewhere; focus is not pulled back). */
  commit(value: unknown, move?: EditMove, blurred?: boolean): void;
  cancel(blurred?: boolean): void;
}

/** An inline editor: a component mounted in the edited cell only. */
export type CellEditor = (p: EditorProps) => ReactNode;
