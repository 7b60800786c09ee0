/**
 * The browser's catalogue comes in two parts. `first` holds what a page paints with (the
 * chrome, the grid, screen names); `later` holds what only a dialog, a form, a toast or an
 * answer of the server shows (forms, import/export, messages, validation, rules, server
 * error codes, the e-mail texts the server writes) and every column label. A routed
 * screen paints with its own labels, a small chunk per screen and language
 * (`?fields=<form>`, with its title): the first part does not grow with every screen.
 * The list route loads `first` and its
 * screen's labels (with its toolbar buttons' words: core/bulkActions.ts `bulkButtonKeys`)
 * before it paints, and `later` on first need (i18n/fullCatalogue.ts): code that speaks
 * `later` keys asks for it and renders once it is in (i18n/lazy.tsx).
 * The server reads the whole catalogue.
 */
export type CataloguePart = 'first' | 'later';

/**
 * Key prefixes of the `later` part: whole namespaces (column labels too: a screen paints
 * with its own, see above), and the grid's keys that only its lazily loaded dialogs say
 * (bulk actions, the views panel, the fill form, the workflow menu, the confirmation's
 * questions — each a `lazyWithMessages` chunk).
 */
const LATER_PREFIXES = [
  ...[
    'forms.',
    'transfer.',
    'import.',
    'messages.',
    'validation.',
    'rules.',
    'server.',
    'fields.',
    'grid.bulk_',
    'grid.view_',
    'reports.',
    'grid.fill_',
    'workflow.',
    'mail.',
    'print.',
    'account.',
    'password.',
    'totp.',
  ],
  // The names of option columns' values (core/optionNames.ts): a routed screen's come with its labels (codegen fieldKeysOf).
  'options.',
  // Workflow names by convention (core/workflowKeys.ts): only the seed and the reference sync read them, the browser the database's copies.
  'workflows.',
  // The news screens' words: the toolbar's (lazy) "fetch now".
  'news.',
  // The rates screen's feed state and "fetch now" (the lazy toolbar, RateFeed.tsx).
  'rates.',
  // Mail for AI's words: the (lazy) toolbar of /ai_content/email_list and its reader.
  'imap.',
  // The Outbox's (lazy) toolbar and its preview (MailOutbox.tsx).
  'outbox.',
  // "Send by mail…" on the documents' grids (the lazy DocumentMail.tsx).
  'document_mail.',
  // The invoices screen's (lazy) toolbar: credit note, e-invoice, Factur-X, accounting export (Invoices.tsx).
  'invoices.',
  // The home page's set-up checklist (a lazy part that waits for the server's answer anyway).
  'home.setup_',
  // The public storefront's words: only its server-rendered pages say them (src/storefront/), never the back office's first paint.
  'storefront.',
  // The questions the (lazy) confirmation dialog asks.
  ...['grid.delete_confirm', 'grid.delete_question', 'grid.delete_rows_more', 'grid.delete_other_records', 'grid.delete_records_in', 'grid.translate_confirm'],
  // The (lazy) set filter list's words (SetFilterPanel.tsx).
  ...['grid.filter_search_values', 'grid.filter_select_all', 'grid.filter_select_none', 'grid.filter_no_values'],
] as const;

/**
 * A screen's texts wait: a routed screen's title comes with its labels (its own part, which
 * the page waits for), the others (form titles, a delete's noun, the titles of lookups and
 * detail grids) only dialogs and the lazy detail panel say. `_routed` is kept for callers.
 */
function laterScreenText(key: string, _routed?: ReadonlySet<string>): boolean {
  return /^screens\.[a-z0-9_]+\.[a-z_]+$/.test(key);
}

/** The AI page's texts (it loads with the later part: pages/laterPages.tsx); its title and the header's Ask-AI button paint in the header. */
const laterAiText = (key: string): boolean => key.startsWith('ai.') && key !== 'ai.title' && key !== 'ai.twin.title' && key !== 'ai.chat_title';

export const partOf = (key: string, routed?: ReadonlySet<string>): CataloguePart =>
  LATER_PREFIXES.some((p) => key.startsWith(p)) || laterScreenText(key, routed) || laterAiText(key) ? 'later' : 'first';
