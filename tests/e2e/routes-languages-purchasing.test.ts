/** The languages walk (routeWalk.ts) of the purchasing group (routeAreas.ts LANGUAGE_GROUPS). */
import { walkLanguages } from './routeWalk.ts';

walkLanguages('purchasing');
