/**
 * The print documents there are (docs/architecture.md "Print documents"): key → the print
 * page's route (after the language prefix) and its title's catalogue key. Kept apart from
 * the model (print.ts): the route tree imports it, and the list route carries only this.
 */
export const PRINT_DOCUMENTS = {
  product_labels: { route: '/print/product_labels', title: 'screens.product_labels.title' },
} as const satisfies Record<string, { route: `/print/${string}`; title: string }>;

export type PrintDocumentKey = keyof typeof PRINT_DOCUMENTS;
export const isPrintDocumentKey = (x: string): x is PrintDocumentKey => Object.hasOwn(PRINT_DOCUMENTS, x);
