/**
 * The grid's one data provider (react-admin's DataProvider, in this project's words): every
 * server call of the grids, typed per method by the HTTP contract (contract.ts). The grid's
 * modules reach the server only through `gridData()`; the browser's provider is the HTTP
 * one (httpProvider.ts), a test puts an in-memory one in its place (testDataProvider.ts).
 *
 * `F` is the form: a form named literally gets its own row type (`FormRow<'brands'>`), a
 * form known only at run time (`screen.form`) the row of any form.
 */
import type { GridDataProvider } from './contract.ts';
import { httpDataProvider } from './httpProvider.ts';

let current: GridDataProvider = httpDataProvider;

/** The provider the grid calls now. */
export const gridData = (): GridDataProvider => current;

/** Puts a provider in place (a test's in-memory one); answers the undo. */
export function setGridDataProvider(p: GridDataProvider): () => void {
  const before = current;
  current = p;
  return () => {
    current = before;
  };
}
