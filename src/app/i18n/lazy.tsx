/**
 * What may speak keys of the catalogue's later part (parts.ts): a lazily loaded component
 * (dialogs, forms, editors, pages) waits for its code and for that part; <Later> holds
 * back children of a page that paints early (toasts) until the part is in.
 */
// eslint-disable-next-line no-restricted-imports -- the one place React's lazy is wrapped
import { lazy, use, type ComponentType, type ReactNode } from 'react';
import { fullCatalogue } from './fullCatalogue.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React's own signature for lazy components
export function lazyWithMessages<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(() => Promise.all([load(), fullCatalogue]).then(([m]) => m));
}

export function Later({ children }: { children: ReactNode }) {
  use(fullCatalogue);
  return children;
}

/** A lazily loaded part of a page's first paint (the screen page, cell renderers): it speaks first-part keys only and does not wait. */
export const lazyFirstPart = lazy;
