/**
 * Descriptor → grid model, computed once per screen: columns with their renderer,
 * editor, filter kind and lookup resolved (what a column type gives: core/columnTypes/); key handling (row ids, delete keys).
 */
import type { ColumnType, ScreenDescriptor } from '../../../schemas/screen.ts';
import { columnTypes } from '../../core/columnTypes/index.ts';
import { fieldLabelId } from '../../core/fieldLabel.ts';
import { lazyEditors as editors } from './editors/lazy.tsx';
import { lookupScreen } from './lookupScreens.ts';
import { defaultEditor, defaultRenderer, editorLookups, isEditorKey, isIdentifierField, isRendererKey, rendererLookups, type EditorKey, type RendererKey } from '../../core/registryKeys.ts';
import { renderers } from './renderers/index.tsx';
import { withOptionNames } from './renderers/optionLabels.ts';
import { optionLabelIdOf } from '../../core/optionNames.ts';
import type { GridColumn, LookupDef, Row, ValueType } from './types.ts';
import { lookupDisplayField } from '../../core/lookupDisplay.ts';
import { rowMarks } from '../../core/rowMarkers.ts';
import { rowIdOf } from '../../core/rowId.ts';

export interface GridModel {
  screen: ScreenDescriptor;
  /** Every descriptor column, in declared order (hidden ones included). */
  columns: GridColumn[];
  byField: ReadonlyMap<string, GridColumn>;
  keys: string[];
  keyTypes: ValueType[];
  /** Row version field sent back on set. */
  version: string | undefined;
  /** Lookup forms the grid needs (ref columns). */
  lookupForms: string[];
  /** Every lookup the grid loads: ref columns' and those renderers and editors read (country, VAT, …). */
  lookups: LookupDef[];
  rowId(row: Row): string;
  /** The delete key of a row id: the key value, or an object of key fields. */
  keyOfId(id: string): unknown;
  /** The key fields of a row, as set sends them. */
  keyFields(row: Row): Row;
  /** The row's marks (the screen's `markers`, core/rowMarkers.ts), space-separated; '' when none. */
  marks(row: Row): string;
}

const scalarOf = (t: ColumnType): ValueType => (t === 'ref' || t === 'multi' ? 'text' : t);
const isNumeric = (t: ValueType) => columnTypes[t].numeric;

function lookupDef(form: string): LookupDef | null {
  const s = lookupScreen(form);
  if (!s) return null;
  const keys = Array.isArray(s.source.key) ? s.source.key : [s.source.key];
  const keyField = keys[0]!;
  const displayField = lookupDisplayField(s.columns, keys);
  return {
    form,
    keyField,
    keyType: scalarOf(s.columns[keyField]!.type),
    displayField,
    displayType: s.columns[displayField]!.type,
    search: s.source.search,
    parentField: s.source.parent,
  };
}

function pickRenderer(field: string, key: string | undefined, type: ColumnType, keys: readonly string[]): RendererKey {
  const fallback = () => defaultRenderer(type, isIdentifierField(field, keys));
  if (key === undefined) return fallback();
  if (isRendererKey(key)) return key;
  console.warn(`grid: column ${field}: unknown renderer "${key}"`);
  return fallback();
}

function pickEditor(field: string, key: string | undefined, type: ColumnType): EditorKey | null {
  if (key === undefined) return defaultEditor(type);
  if (isEditorKey(key)) return key;
  console.warn(`grid: column ${field}: unknown editor "${key}"`);
  return defaultEditor(type);
}

export function buildGridModel(screen: ScreenDescriptor): GridModel {
  const keys = Array.isArray(screen.source.key) ? screen.source.key : [screen.source.key];
  const columns: GridColumn[] = Object.entries(screen.columns).map(([field, meta]) => {
    const lookup = meta.type === 'ref' && meta.lookup ? lookupDef(meta.lookup) : null;
    const valueType = meta.type === 'ref' ? (lookup?.keyType ?? 'text') : meta.type;
    const rendererKey = pickRenderer(field, meta.renderer, meta.type, keys);
    const editorKey = pickEditor(field, meta.editor, meta.type);
    // An option column names its values by its option set's keys (core/optionNames.ts), whatever draws it.
    const optionName = meta.options ? optionLabelIdOf(meta) : undefined;
    const renderer = optionName ? withOptionNames(renderers[rendererKey], optionName, meta.renderer !== undefined) : renderers[rendererKey];
    return {
      field,
      meta,
      type: meta.type,
      valueType,
      labelId: fieldLabelId(field, meta),
      rendererKey,
      renderer,
      editorKey,
      editor: editorKey ? editors[editorKey] : null,
      editable: meta.editable && meta.editableOn !== 'add' && !!screen.source.write && (!!editorKey || !!renderer.clickValue),
      width: meta.width,
      pinned: meta.pinned,
      sortable: meta.sortable && columnTypes[meta.type].sortable,
      filter: meta.filterable ? (meta.options && meta.type !== 'ref' ? 'option' : columnTypes[meta.type].filter) : null,
      canBeEmpty: !meta.required && !keys.includes(field),
      // The renderer's, else its type's (a ref's by what it shows, its lookup's text).
      align: renderer.align ?? columnTypes[meta.type].align,
      lookup,
    };
  });
  const byField = new Map(columns.map((c) => [c.field, c]));
  const keyTypes = keys.map((k) => byField.get(k)?.valueType ?? 'text');
  const single = keys.length === 1;
  return {
    screen,
    columns,
    byField,
    keys,
    keyTypes,
    version: screen.source.version,
    lookupForms: [...new Set(columns.flatMap((c) => (c.lookup ? [c.lookup.form] : [])))],
    lookups: lookupsOf(columns),
    rowId: rowIdOf(keys),
    keyOfId(id) {
      const typed = (v: unknown, t: ValueType) => (isNumeric(t) && typeof v === 'string' ? Number(v) : v);
      if (single) return typed(id, keyTypes[0]!);
      const vals = JSON.parse(id) as unknown[];
      return Object.fromEntries(keys.map((k, i) => [k, typed(vals[i], keyTypes[i]!)]));
    },
    keyFields: (row) => Object.fromEntries(keys.map((k) => [k, row[k]])),
    marks: screen.markers?.length ? (row) => rowMarks(screen.markers!, row) : () => '',
  };
}

/** The lookups of the columns: their own, and the ones their renderer or editor reads. */
function lookupsOf(columns: GridColumn[]): LookupDef[] {
  const byForm = new Map<string, LookupDef>();
  for (const c of columns) {
    if (c.lookup) byForm.set(c.lookup.form, c.lookup);
    for (const form of [rendererLookups[c.rendererKey], c.editorKey ? editorLookups[c.editorKey] : undefined]) {
      if (!form || byForm.has(form)) continue;
      const def = lookupDef(form);
      if (def) byForm.set(form, def);
    }
  }
  return [...byForm.values()];
}
