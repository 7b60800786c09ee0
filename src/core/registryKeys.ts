/**
 * The names a descriptor may use in `renderer` and `editor`, and the defaults chosen by
 * column type. Pure data, no React: codegen checks descriptor keys against it, the server's
 * first paint reads it, and the browser's registries (app/grid/renderers/, editors/) are
 * typed by these lists, so the compiler keeps the three in step.
 */
import { columnTypes } from './columnTypes/index.ts';
import type { ColumnType } from './descriptor.ts';

/** Type renderers (one per column type) first, then the named ones descriptors ask for. */
export const rendererKeys = [
  'text',
  'int',
  'identifier',
  'number',
  'money',
  'bool',
  'date',
  'datetime',
  'multi',
  'json',
  'ref',
  'refKey',
  'activeFlag',
  'checkbox',
  'keepInStock',
  'vat',
  'productCategory',
  'country',
  'countryCodeName',
  'weight',
  'volume',
  'rate',
  'deleteButton',
  'translateButton',
  'image',
  'coverImage',
  'languageCode',
  'link',
  'service',
  'shops',
  'distributionList',
  'features',
  'account',
  'colour',
  'screenTitle',
  'changeSummary',
  'fsmActions',
  'eventButton',
] as const;
export type RendererKey = (typeof rendererKeys)[number];

export const editorKeys = ['text', 'number', 'int', 'bool', 'date', 'datetime', 'multi', 'select', 'tag', 'country', 'colour', 'json', 'language', 'service'] as const;
export type EditorKey = (typeof editorKeys)[number];

/**
 * Lookup forms some renderers and editors read even when their column names no lookup
 * (e.g. a text column holding a country code with `renderer: 'country'`): the grid loads
 * them like the lookups of ref columns. A column's own `lookup` wins.
 */
export const rendererLookups: Partial<Record<RendererKey, string>> = {
  country: 'countries_brief',
  countryCodeName: 'countries_brief',
  vat: 'vats_brief',
  productCategory: 'product_categories_brief',
  service: 'services_brief',
};
export const editorLookups: Partial<Record<EditorKey, string>> = {
  country: 'countries_brief',
  service: 'services_brief',
};

export const isRendererKey = (k: unknown): k is RendererKey => typeof k === 'string' && (rendererKeys as readonly string[]).includes(k);
export const isEditorKey = (k: unknown): k is EditorKey => typeof k === 'string' && (editorKeys as readonly string[]).includes(k);

/**
 * The renderer of a column that names none: the one of its type, except that an integer
 * key or `…_id` column is an identifier (digits only: "24003", not "24,003").
 */
export const defaultRenderer = (type: ColumnType, identifier = false): RendererKey => (type === 'int' && identifier ? 'identifier' : type);

/** An integer column that names a record: a key of its screen, or a field named `…_id`. */
export const isIdentifierField = (field: string, keys: readonly string[]): boolean => keys.includes(field) || field.endsWith('_id');

/** The inline editor of a column that names none: its type's (core/columnTypes/). */
export const defaultEditor = (type: ColumnType): EditorKey | null => columnTypes[type].editor satisfies EditorKey | null;
