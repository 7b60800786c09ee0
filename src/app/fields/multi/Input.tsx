/**
 * How a multi-language text is typed: in the grid, the current language's text, merged into
 * the value's other languages (core/columnTypes/multi.ts `parse`); in the form, a box per
 * language (forms/MultiLangInput.tsx), or the rich-text editor for `html` columns
 * (forms/RichTextInput.tsx, Quill; rich text is not edited in a cell).
 */
import { columnTypes } from '../../../core/columnTypes/index.ts';
import { InputEditor, str } from '../../grid/editors/InputEditor.tsx';
import type { CellEditor } from '../../grid/types.ts';

export const multiEditor: CellEditor = (p) => {
  const obj = p.value && typeof p.value === 'object' ? (p.value as Record<string, unknown>) : {};
  return <InputEditor p={p} initial={str(obj[p.ctx.lang])} parse={(t) => columnTypes.multi.parse(t, { lang: p.ctx.lang, current: obj })} />;
};

export { MultiLangInput } from '../../forms/MultiLangInput.tsx';
export { RichTextInput } from '../../forms/RichTextInput.tsx';
