/** Bench page (b) entry: the data set, then ScreenGrid's code (screen-grid.tsx) and its mount. */
import { start } from './shell.ts';

start(() => import('./screen-grid.tsx'));
