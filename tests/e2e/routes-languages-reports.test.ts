/** The languages walk (routeWalk.ts) of the reports group (routeAreas.ts LANGUAGE_GROUPS). */
import { walkLanguages } from './routeWalk.ts';

walkLanguages('reports');
