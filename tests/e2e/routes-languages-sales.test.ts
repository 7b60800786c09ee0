/** The languages walk (routeWalk.ts) of the sales group (routeAreas.ts LANGUAGE_GROUPS). */
import { walkLanguages } from './routeWalk.ts';

walkLanguages('sales');
