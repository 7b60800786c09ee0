/**
 * The print documents there are (docs/print-and-reports.md "Print documents"), by key: each is
 * the page `/print/<key>` (spec §2's print routes) titled `screens.<key>.title`. Kept apart
 * from the model (print.ts): codegen and the browser's registries import only this.
 */
export const PRINT_DOCUMENT_KEYS = ['product_labels', 'pick_lists_print', 'arriving_shipments_print', 'cmr_notes_print'] as const;

export type PrintDocumentKey = (typeof PRINT_DOCUMENT_KEYS)[number];
export const isPrintDocumentKey = (x: string): x is PrintDocumentKey => (PRINT_DOCUMENT_KEYS as readonly string[]).includes(x);

/** A document's page (after the language prefix) and its title's catalogue key. */
export const printRoute = (key: PrintDocumentKey) => `/print/${key}` as const;
export const printTitle = (key: PrintDocumentKey) => `screens.${key}.title` as const;
