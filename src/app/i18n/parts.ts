/**
 * The browser's catalogue comes in two parts. `first` holds what a page paints with (the
 * chrome, the grid, field and screen names); `later` holds what only a dialog, a form, a
 * toast or an answer of the server shows (forms, import/export, messages, validation,
 * rules, server error codes). The list route loads `first` before it paints and `later`
 * right after, off its critical path; code that speaks `later` keys renders only once that
 * part is in (i18n/lazy.tsx, <Later>). The server reads the whole catalogue.
 */
export type CataloguePart = 'first' | 'later';

/**
 * Key prefixes of the `later` part: whole namespaces, and the grid's keys that only its
 * lazily loaded dialogs say (bulk actions, the views panel, the fill form — each a
 * `lazyWithMessages` chunk).
 */
export const LATER_PREFIXES = ['forms.', 'transfer.', 'import.', 'messages.', 'validation.', 'rules.', 'server.', 'grid.bulk_', 'grid.view_', 'grid.fill_'] as const;

export const partOf = (key: string): CataloguePart => (LATER_PREFIXES.some((p) => key.startsWith(p)) ? 'later' : 'first');
