/**
 * How a reference is picked: from its lookup's rows by what they show, ordered in the
 * language (grid/choices.ts), or searched as the user types where the lookup is a search
 * one (products): the grid's select editor. The form's select and search input
 * (forms/LookupSearchInput.tsx) stay with the form, whose lookups they read. A column's `options` are picked by name the same way.
 */
import { columnChoices } from '../../grid/choices.ts';
import { lazyEditor } from '../../grid/editors/lazyEditor.tsx';
import { SelectEditor } from '../../grid/editors/SelectEditor.tsx';
import type { CellEditor } from '../../grid/types.ts';

// Search lookups (products_brief): searched as the user types; a chunk of their own.
const LookupSearchEditor = lazyEditor(() => import('../../grid/editors/LookupSearchEditor.tsx').then((m) => m.LookupSearchEditor));

/** Choices of a column: its `options` by name, else its lookup's rows (ref columns), ordered by what they show; a search lookup is searched. */
export const refEditor: CellEditor = (p) => {
  if (p.col.lookup?.search) return <LookupSearchEditor {...p} />;
  return <SelectEditor p={p} options={columnChoices(p.col, p.ctx)} />;
};
