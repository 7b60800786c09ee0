/** Bench page (c) entry: the data set, then the scroll floor's code (floor-list.ts) and its mount. */
import { start } from './shell.ts';

start(() => import('./floor-list.ts'));
