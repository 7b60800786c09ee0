/** The languages walk (routeWalk.ts) of the prints group (routeAreas.ts LANGUAGE_GROUPS). */
import { walkLanguages } from './routeWalk.ts';

walkLanguages('prints');
