/**
 * How a text is typed: the grid's editor (a text box; blank → no value) and the form's
 * input (a text box; an e-mail address with the e-mail keyboard), both read by the text
 * type's `parse` (core/columnTypes/text.ts).
 */
import { columnTypes } from '../../../core/columnTypes/index.ts';
import { InputEditor, str } from '../../grid/editors/InputEditor.tsx';
import type { CellEditor } from '../../grid/types.ts';
import type { FormControl } from '../formControl.ts';

export const textEditor: CellEditor = (p) => <InputEditor p={p} initial={str(p.value)} parse={(t) => columnTypes.text.parse(t, p.ctx)} />;

/** An e-mail address is a text box with the e-mail keyboard: type="email" would let the browser rewrite what is pasted (an accented domain into xn--…). */
export const TextFormInput: FormControl = ({ f, a11y, value, onChange }) => (
  <input {...a11y} type="text" inputMode={f.col.format === 'email' ? 'email' : undefined} value={String(value ?? '')} onChange={(e) => onChange(e.target.value)} />
);
