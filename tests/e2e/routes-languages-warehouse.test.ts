/** The languages walk (routeWalk.ts) of the warehouse group (routeAreas.ts LANGUAGE_GROUPS). */
import { walkLanguages } from './routeWalk.ts';

walkLanguages('warehouse');
