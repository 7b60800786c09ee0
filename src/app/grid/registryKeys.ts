/**
 * The names a descriptor may use in `renderer` and `editor`, and the defaults chosen by
 * column type. Pure data, no React: codegen imports it in Node to check descriptor keys,
 * and the registries in `renderers/` and `editors/` are typed by these lists, so the
 * compiler keeps the three in step.
 */
import type { ColumnType } from '../../../schemas/screen.ts';

/** Type renderers (one per column type) first, then the named ones descriptors ask for. */
export const rendererKeys = [
  'text',
  'int',
  'number',
  'money',
  'bool',
  'date',
  'datetime',
  'multi',
  'json',
  'ref',
  'activeFlag',
  'checkbox',
  'keepInStock',
  'vat',
  'productCategory',
  'country',
  'weight',
] as const;
export type RendererKey = (typeof rendererKeys)[number];

export const editorKeys = ['text', 'number', 'int', 'bool', 'date', 'multi', 'select'] as const;
export type EditorKey = (typeof editorKeys)[number];

export const isRendererKey = (k: unknown): k is RendererKey => typeof k === 'string' && (rendererKeys as readonly string[]).includes(k);
export const isEditorKey = (k: unknown): k is EditorKey => typeof k === 'string' && (editorKeys as readonly string[]).includes(k);

/** The renderer of a column that names none: the one of its type. */
export const defaultRenderer = (type: ColumnType): RendererKey => type;

/** The inline editor of a column that names none; json has none (not edited in a cell). */
export function defaultEditor(type: ColumnType): EditorKey | null {
  switch (type) {
    case 'text':
    case 'datetime':
      return 'text';
    case 'int':
      return 'int';
    case 'number':
    case 'money':
      return 'number';
    case 'bool':
      return 'bool';
    case 'date':
      return 'date';
    case 'multi':
      return 'multi';
    case 'ref':
      return 'select';
    case 'json':
      return null;
  }
}
