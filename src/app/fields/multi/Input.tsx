/**
 * How a multi-language text is typed: in the grid, the current language's text, merged into
 * the value's other languages (core/columnTypes/multi.ts `parse`). The form's inputs, a box
 * per language (forms/MultiLangInput.tsx) or the rich-text editor for `html` columns
 * (forms/RichTextInput.tsx, Quill; rich text is not edited in a cell), stay in forms/: they
 * carry the form model and Quill, which the grid's editors must not load.
 */
import { columnTypes } from '../../../core/columnTypes/index.ts';
import { InputEditor, str } from '../../grid/editors/InputEditor.tsx';
import type { CellEditor } from '../../grid/types.ts';

export const multiEditor: CellEditor = (p) => {
  const obj = p.value && typeof p.value === 'object' ? (p.value as Record<string, unknown>) : {};
  return <InputEditor p={p} initial={str(obj[p.ctx.lang])} parse={(t) => columnTypes.multi.parse(t, { lang: p.ctx.lang, current: obj })} />;
};
