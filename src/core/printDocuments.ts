/**
 * The print documents there are (docs/print-and-reports.md "Print documents"), by key: each is
 * the page `/print/<key>` (spec §2's print routes) titled `screens.<key>.title`. Kept apart
 * from the model (print.ts): codegen and the browser's registries import only this.
 */
export const PRINT_DOCUMENT_KEYS = [
  'product_labels',
  'pick_lists_print',
  'arriving_shipments_print',
  'cmr_notes_print',
  'order_confirmations_print',
  'delivery_notes_print',
  'invoices_print',
  'purchase_orders_print',
] as const;

export type PrintDocumentKey = (typeof PRINT_DOCUMENT_KEYS)[number];
export const isPrintDocumentKey = (x: string): x is PrintDocumentKey => (PRINT_DOCUMENT_KEYS as readonly string[]).includes(x);

/**
 * Documents written to someone outside the company (server/print/salesDocuments.ts): each is
 * printed in its recipient's language — the customer's, the supplier's — unless the request
 * names one (`lang`); the print page passes its own language only for the others.
 */
const RECIPIENT_LANGUAGE: readonly PrintDocumentKey[] = ['order_confirmations_print', 'delivery_notes_print', 'invoices_print', 'purchase_orders_print'];
export const printsInRecipientLanguage = (key: PrintDocumentKey) => RECIPIENT_LANGUAGE.includes(key);

/** A document's page (after the language prefix) and its title's catalogue key. */
export const printRoute = (key: PrintDocumentKey) => `/print/${key}` as const;
export const printTitle = (key: PrintDocumentKey) => `screens.${key}.title` as const;
