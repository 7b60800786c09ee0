/**
 * How a date-time is typed: the grid's editor a box with a calendar in a popover (its own
 * chunk), read as the language's day and a local time (core/columnTypes/datetime.ts
 * `parse`); the form's input the browser's date-time box (its `yyyy-MM-ddTHH:mm`, read by
 * the same parse).
 */
import { lazyEditor } from '../../grid/editors/lazyEditor.tsx';
import type { FormControl } from '../formControl.ts';
import { loadPopupEditors } from '../date/Input.tsx';

export const datetimeEditor = lazyEditor(() => loadPopupEditors().then((m) => m.DateTimeEditor));

export const DateTimeFormInput: FormControl = ({ a11y, value, onChange }) => <input {...a11y} type="datetime-local" value={String(value ?? '')} onChange={(e) => onChange(e.target.value)} />;
