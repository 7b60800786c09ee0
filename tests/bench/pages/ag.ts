/** Bench page (a) entry: the data set, then AG Grid's code (ag-grid.tsx) and its mount. */
import { start } from './shell.ts';

start(() => import('./ag-grid.tsx'));
