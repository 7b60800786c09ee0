/**
 * How a day is typed: year first or day first as the UI locales write dates
 * (core/columnTypes/date.ts `parse`), with a calendar beside the box — the grid's editor in
 * a popover (its own chunk, grid/editors/popupEditors.tsx: the calendar is most of an
 * editor bundle), the form's input below its field (forms/DateInput.tsx, read by the same
 * parse; it stays with the form, as its calendar is a chunk of the form's).
 */
import { lazyEditor } from '../../grid/editors/lazyEditor.tsx';

export const loadPopupEditors = () => import('../../grid/editors/popupEditors.tsx');
export const dateEditor = lazyEditor(() => loadPopupEditors().then((m) => m.DateEditor));
