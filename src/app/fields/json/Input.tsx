/**
 * How JSON is typed: as JSON text (core/columnTypes/json.ts `parse`) — in the grid in a
 * popover editor (its own chunk), in the form in a text area.
 */
import { lazyEditor } from '../../grid/editors/lazyEditor.tsx';
import type { FormControl } from '../formControl.ts';
import { loadPopupEditors } from '../date/Input.tsx';

export const jsonEditor = lazyEditor(() => loadPopupEditors().then((m) => m.JsonEditor));

export const JsonFormInput: FormControl = ({ a11y, value, onChange }) => <textarea {...a11y} rows={5} spellCheck={false} value={String(value ?? '')} onChange={(e) => onChange(e.target.value)} />;
