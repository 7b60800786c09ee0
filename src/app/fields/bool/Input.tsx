/**
 * How yes/no is typed: the grid's editor is a select of the language's Yes and No (empty
 * too unless required); the form's input a checkbox. Pasted or imported words are read by
 * the bool type's `parse` (core/columnTypes/bool.ts).
 */
import { columnTypes } from '../../../core/columnTypes/index.ts';
import { SelectEditor } from '../../grid/editors/SelectEditor.tsx';
import type { CellEditor } from '../../grid/types.ts';
import type { FormControl } from '../formControl.ts';

export const boolEditor: CellEditor = (p) => (
  <SelectEditor
    p={p}
    options={[
      { value: true, label: columnTypes.bool.format(true, p.ctx) },
      { value: false, label: columnTypes.bool.format(false, p.ctx) },
    ]}
  />
);

export const BoolFormInput: FormControl = ({ a11y, value, onChange }) => <input {...a11y} type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} />;
