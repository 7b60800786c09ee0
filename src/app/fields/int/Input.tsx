/**
 * How an integer is typed: as the UI language writes numbers (core/columnTypes/int.ts
 * `parse`: '1,000' is 1000 in English, '1.5' is refused in German with how German writes
 * numbers; a fraction is refused), opened with the number in the language's decimal mark.
 * The box keeps only digits, comma, dot and a leading minus as the user types or pastes
 * (`numberTyping`): it never shows text it does not save. The grid's editor and the form's
 * input alike.
 */
import { columnTypes } from '../../../core/columnTypes/index.ts';
import { editableNumber, numberTyping } from '../../../core/numberInput.ts';
import { InputEditor, refusal } from '../../grid/editors/InputEditor.tsx';
import type { CellEditor } from '../../grid/types.ts';
import type { FormControl } from '../formControl.ts';

export const intEditor: CellEditor = (p) => (
  <InputEditor
    p={p}
    inputMode="numeric"
    initial={editableNumber(p.value, p.ctx.lang)}
    invalidId="validation.type_integer"
    clean={numberTyping}
    parse={(t) => {
      const n = columnTypes.int.parse(t, p.ctx);
      return n.ok ? n : refusal(p, n.message);
    }}
  />
);

/** A number box of the form (int: the numeric keyboard; number: the decimal one). */
export const NumberFormInput: FormControl = ({ f, a11y, value, onChange }) => (
  <input {...a11y} type="text" inputMode={f.type === 'int' ? 'numeric' : 'decimal'} value={String(value ?? '')} onChange={(e) => onChange(numberTyping(e.target.value))} />
);
